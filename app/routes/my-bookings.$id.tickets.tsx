import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookingCard } from "~/components/BookingCard";
import { TicketTypes } from "~/components/checkout/TicketTypes";
import { countsProblemMessage } from "~/domain/tickets";
import { cinemaSettings } from "~/http/cinema.server";
import { readSubmission } from "~/http/forms.server";
import { bookingNotFound } from "~/http/not-found.server";
import { requireBookingOwner, requireOwnBooking } from "~/http/own-booking.server";
import { ALREADY_PAID, checkoutClosed, paymentFailure } from "~/http/payment-failures.server";
import { limitPosts } from "~/http/post-limits.server";
import { redirectWithInfo } from "~/http/toast.server";
import { changeTicketTypes } from "~/models/booking-tickets.server";
import { bookingOffer } from "~/models/ticket-types.server";
import { countsByType, ticketChoiceSchema } from "~/schemas/ticket-choice";
import bookingStyles from "~/styles/bookings.css";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export { keepRetryAfter as headers } from "~/http/post-limits.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: bookingStyles }]);
export const meta = pageMeta("Choose your tickets", "Choose a ticket type for each seat you hold.");

const checkoutOf = (bookingId: string) => `/my-bookings/${bookingId}/pay`;
const codeDropped = (code: string) =>
  `Code ${code} does not cover any of these tickets, so it was taken off and not counted as used. You can apply it again if you choose tickets it covers.`;

// The tickets step has a page of its own for a form posted without JavaScript that needs saying again; the checkout
// shows the same form, and a GET of this address while the booking can still be paid goes there.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  return { booking, closed: checkoutClosed(booking), offer: await bookingOffer(booking), ...cinemaSettings() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await limitPosts("booking", request, context);
  const viewer = await requireBookingOwner(request, params.id);
  const form = await readSubmission(request, ticketChoiceSchema);
  if (!form.ok) return form.response;
  const bookingId = params.id ?? "";
  const result = await changeTicketTypes(viewer.uid, bookingId, countsByType(form.value));
  if (result.ok && result.droppedCode) return redirectWithInfo(checkoutOf(bookingId), codeDropped(result.droppedCode));
  if (result.ok) return redirect(checkoutOf(bookingId));
  if (result.reason === "not-found") throw bookingNotFound();
  if (result.reason === "already-paid") return redirectWithInfo(`/my-bookings/${bookingId}`, ALREADY_PAID);
  if (result.reason === "counts") return form.refuse(countsProblemMessage(result.problem), 400);
  const { message, status } = paymentFailure(result);
  return form.refuse(message, status);
}

export default function ChooseTickets() {
  const { booking, closed, offer, timeZone, currency } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section className="section page-top checkout" aria-labelledby="tickets-title">
      <h1 id="tickets-title">Choose your tickets</h1>
      <BookingCard booking={booking} timeZone={timeZone} currency={currency} />
      {closed ? (
        <p className="hold-ended" role="alert">
          {closed}
        </p>
      ) : (
        <TicketTypes booking={booking} offer={offer} currency={currency} reply={reply} />
      )}
      <p>
        <Link to={checkoutOf(booking.id)} className="text-link">
          Back to payment
        </Link>
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
