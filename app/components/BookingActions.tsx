import { Link } from "@remix-run/react";
import { canCancel, canPay, cancelRefusal, shortBookingId, type Booking } from "~/domain/booking";
import { describeMinutes } from "~/utils/format";

type Props = {
  booking: Booking;
  cancelCutoffMinutes: number;
  /** Whether to link to the booking's own page (not on that page itself). */
  details: boolean;
};

/** What its owner can do with a booking now; what cannot be done says why instead of doing nothing. */
export function BookingActions({ booking, cancelCutoffMinutes, details }: Props) {
  const id = shortBookingId(booking.id);
  const links = [
    canPay(booking) && { to: "/pay", label: "Pay Now", ghost: false, name: `Pay Now for booking ${id}` },
    details &&
      booking.status === "paid" && {
        to: "#ticket",
        label: "Show ticket",
        ghost: false,
        name: `Show ticket of booking ${id}`,
      },
    details && { to: "", label: "View Details", ghost: true, name: `View Details of booking ${id}` },
    canCancel(booking) && { to: "/cancel", label: "Cancel", ghost: true, name: `Cancel booking ${id}` },
  ].filter((link) => link !== false);
  const refusal = booking.status === "paid" ? cancelRefusal(booking) : null;
  return (
    <>
      {links.map((link) => (
        <Link
          key={link.label}
          to={`/my-bookings/${booking.id}${link.to}`}
          className={link.ghost ? "button button-ghost button-small" : "button button-small"}
          aria-label={link.name}
        >
          {link.label}
        </Link>
      ))}
      {refusal === "past-cutoff" ? (
        <p className="field-note">Cancellation closed {describeMinutes(cancelCutoffMinutes)} before the show.</p>
      ) : refusal === "checked-in" ? (
        <p className="field-note">Checked in at the door.</p>
      ) : null}
    </>
  );
}
