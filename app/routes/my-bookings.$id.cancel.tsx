import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { BookingCard, STATUS_LABELS } from "~/components/BookingCard";
import { cinemaSettings } from "~/http/cinema.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { requireUser } from "~/http/viewer.server";
import { cancelUnpaidBooking, findBooking } from "~/models/bookings.server";
import bookingStyles from "~/styles/bookings.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction = () => [
  { title: "Cancel booking – Marquee Cinemas" },
  { name: "description", content: "Confirm that you want to cancel a booking and free its seats." },
];

const notFound = () => new Response("Booking not found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  const booking = await findBooking(viewer.uid, params.id ?? "");
  if (!booking) throw notFound();
  return { booking, ...cinemaSettings() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request);
  const result = await cancelUnpaidBooking(viewer.uid, params.id ?? "");
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return redirectWithError(
      "/my-bookings",
      `This booking is ${STATUS_LABELS[result.status].toLowerCase()}, so it cannot be cancelled here.`,
    );
  }
  return redirectWithSuccess(
    "/my-bookings",
    `Booking cancelled. Seat(s) ${result.booking.seats.join(", ")} are free again.`,
  );
}

export default function CancelBooking() {
  const { booking, timeZone, currency } = useLoaderData<typeof loader>();
  const submitting = useNavigation().state === "submitting";
  const cancellable = booking.status === "pending" || booking.status === "expired";
  return (
    <section className="section page-top cancel-booking" aria-labelledby="cancel-title">
      <h1 id="cancel-title">Cancel this booking?</h1>
      <BookingCard booking={booking} timeZone={timeZone} currency={currency} />
      {cancellable ? (
        <Form method="post" className="confirm-actions">
          <p>Its seats are released at once for other customers. Nothing has been charged.</p>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? "Cancelling..." : "Yes, cancel booking"}
          </button>
          <Link to="/my-bookings" className="button button-ghost">
            Keep booking
          </Link>
        </Form>
      ) : (
        <p className="confirm-actions">
          This booking is {STATUS_LABELS[booking.status].toLowerCase()}, so there is nothing to cancel.{" "}
          <Link to="/my-bookings" className="text-link">
            Back to My Bookings
          </Link>
        </p>
      )}
    </section>
  );
}
