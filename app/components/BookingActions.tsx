import { Link } from "@remix-run/react";
import type { Booking } from "~/models/bookings.server";
import { describeMinutes } from "~/utils/format";
import { shortBookingId } from "./BookingCard";

type Props = {
  booking: Booking;
  pastCancelCutoff: boolean;
  cancelCutoffMinutes: number;
  /** Whether to link to the booking's own page (not on that page itself). */
  details: boolean;
};

/** What its owner can do with a booking now; what cannot be done says why instead of doing nothing. */
export function BookingActions({ booking, pastCancelCutoff, cancelCutoffMinutes, details }: Props) {
  const id = shortBookingId(booking.id);
  const cancellable = booking.status === "pending" || (booking.status === "paid" && !pastCancelCutoff);
  return (
    <>
      {booking.status === "pending" ? (
        <Link
          to={`/my-bookings/${booking.id}/pay`}
          className="button button-small"
          aria-label={`Pay Now for booking ${id}`}
        >
          Pay Now
        </Link>
      ) : null}
      {details ? (
        <Link
          to={`/my-bookings/${booking.id}`}
          className="button button-ghost button-small"
          aria-label={`View Details of booking ${id}`}
        >
          View Details
        </Link>
      ) : null}
      {cancellable ? (
        <Link
          to={`/my-bookings/${booking.id}/cancel`}
          className="button button-ghost button-small"
          aria-label={`Cancel booking ${id}`}
        >
          Cancel
        </Link>
      ) : null}
      {booking.status === "paid" && pastCancelCutoff ? (
        <p className="field-note">Cancellation closed {describeMinutes(cancelCutoffMinutes)} before the show.</p>
      ) : null}
    </>
  );
}
