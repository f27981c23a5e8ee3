import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BookingCard } from "~/components/BookingCard";
import { RefundTerms } from "~/components/RefundTerms";
import { config } from "~/config.server";
import { cancelRefusal, cancelRefusalMessage } from "~/domain/booking";
import { isGuest } from "~/domain/user";
import { cinemaSettings } from "~/http/cinema.server";
import { bookingNotFound } from "~/http/not-found.server";
import { requireBookingOwner, requireOwnBooking } from "~/http/own-booking.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { cancelBooking } from "~/models/cancellations.server";
import { findPayment } from "~/models/payments.server";
import bookingStyles from "~/styles/bookings.css";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: bookingStyles }]);
export const meta = pageMeta("Cancel booking", "Confirm that you want to cancel a booking and free its seats.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  const payment = booking.status === "paid" ? await findPayment(booking.id) : null;
  const refusal = cancelRefusal(booking);
  const { cancelCutoffMinutes } = config.bookings;
  return {
    booking,
    payment,
    refusal: refusal ? cancelRefusalMessage(refusal, cancelCutoffMinutes) : null,
    cancelCutoffMinutes,
    ...cinemaSettings(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireBookingOwner(request, params.id);
  const result = await cancelBooking(viewer.uid, params.id ?? "");
  if (result.ok) {
    const seats = `Seat(s) ${result.booking.seats.join(", ")} are free again.`;
    const refund = result.refundedCents
      ? ` ${formatMoney(result.refundedCents, config.currency)} is refunded to your card.`
      : "";
    // A guest has no My Bookings: the booking itself shows it is cancelled.
    const back = isGuest(viewer) ? `/my-bookings/${params.id}` : "/my-bookings";
    return redirectWithSuccess(back, `Booking cancelled.${refund} ${seats}`);
  }
  if (result.reason === "not-found") throw bookingNotFound();
  const message =
    result.reason === "refund-unavailable"
      ? "The refund could not be made just now. Please try again."
      : cancelRefusalMessage(result.reason, config.bookings.cancelCutoffMinutes);
  return redirectWithError(`/my-bookings/${params.id}`, message);
}
export default function CancelBooking() {
  const { booking, payment, refusal, cancelCutoffMinutes, timeZone, currency } = useLoaderData<typeof loader>();
  const submitting = useNavigation().state === "submitting";
  return (
    <section className="section page-top cancel-booking" aria-labelledby="cancel-title">
      <h1 id="cancel-title">Cancel this booking?</h1>
      <BookingCard booking={booking} timeZone={timeZone} currency={currency} />
      <RefundTerms booking={booking} cutoffMinutes={cancelCutoffMinutes} timeZone={timeZone} />
      {refusal ? (
        <p className="confirm-actions">
          {refusal}{" "}
          <Link to="/my-bookings" className="text-link">
            Back to My Bookings
          </Link>
        </p>
      ) : (
        <Form method="post" className="confirm-actions">
          <p>
            {payment
              ? `${formatMoney(payment.amountCents, currency)} will be refunded to your card ending ${payment.cardLast4}.`
              : "Nothing has been charged."}{" "}
            Its seats are released at once for other customers.
          </p>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? "Cancelling..." : "Yes, cancel booking"}
          </button>
          <Link to="/my-bookings" className="button button-ghost">
            Keep booking
          </Link>
        </Form>
      )}
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
