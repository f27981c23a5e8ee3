// A booking as its owner and the staff see it, and what may be done with it now: one module for the browser and
// the server. Whether the show has started, the refund cut-off has passed or the ticket was let in is read from the
// database with the booking, by the database's clock, so every page and every rule answers alike.
import { cinemaDay } from "~/utils/dates";
import { describeMinutes } from "~/utils/format";
import { formatShowTime } from "~/utils/show-display";
import { seatPageUrl } from "./seat-page-paths";
import type { Discount, Ticket } from "./tickets";

/** A booking's status as people see it: a pending booking whose hold has run out is expired. */
export const BOOKING_STATUSES = ["paid", "pending", "cancelled", "expired"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  paid: "Paid",
  pending: "Pending Payment",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** What the rules need to know of a booking, read at one moment. */
export type BookingState = {
  status: BookingStatus;
  showStarted: boolean;
  /** The last moment for a cancellation with a full refund has passed. */
  pastCancelCutoff: boolean;
  /** The ticket was let in at the door. */
  checkedIn: boolean;
};

/** The booking holds its seats, so nobody else may have them: paid, or a hold still running. */
export const holdsSeats = (booking: Pick<BookingState, "status">) =>
  booking.status === "paid" || booking.status === "pending";

export type Booking = BookingState & {
  id: string;
  /** The cinema cancelled the show (its bookings are cancelled and refunded with it). */
  showCancelled: boolean;
  showId: string;
  hallName: string;
  startsAt: string;
  movie: { id: string; title: string; posterUrl: string; runtime: number };
  seats: string[];
  /** What each seat is sold as, in hall order; they add up to the amount, less the discount. */
  tickets: Ticket[];
  /** A promo code's discount (decision 44), kept when the booking is cancelled; null without a code. */
  discount: Discount | null;
  amountCents: number;
  /** Paid with nothing charged: it cost less than the gateway's smallest charge (decision 54). */
  confirmedWithoutPayment: boolean;
  holdExpiresAt: string;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
};

/** A booking's status as its owner reads it: a booking the cinema cancelled says so. */
export function bookingStatusLabel(booking: Pick<Booking, "status" | "showCancelled">) {
  return booking.status === "cancelled" && booking.showCancelled
    ? "Cancelled by the cinema"
    : BOOKING_STATUS_LABELS[booking.status];
}

/** The short booking id people read out at the counter: the first block of the id, in capitals. */
export function shortBookingId(id: string) {
  return id.slice(0, 8).toUpperCase();
}

/**
 * The short booking id in some typed text, in the lower case of booking ids, or null: people read it out or type it
 * in any case, with a dash or spaces in the middle.
 */
export function shortReferenceOf(typed: string) {
  const compact = typed.replace(/[\s-]/g, "").toLowerCase();
  return /^[0-9a-f]{8}$/.test(compact) ? compact : null;
}

/**
 * The cancellation terms after "Cancellation:" as they stand for this booking when it is read: checkout, the booking,
 * cancelling and the mails state them. Inside the cut-off they say that paying buys no refund, not the general rule.
 */
export function refundTerms(
  booking: Pick<Booking, "status" | "pastCancelCutoff" | "startsAt">,
  cancelCutoffMinutes: number,
  timeZone: string,
) {
  const span = describeMinutes(cancelCutoffMinutes);
  if (booking.pastCancelCutoff)
    return booking.status === "paid"
      ? `full refunds ended ${span} before the show, so this booking can no longer be cancelled or refunded.`
      : `full refunds end ${span} before the show, and that time has passed: once paid, this booking cannot be cancelled or refunded.`;
  const cutoff = new Date(Date.parse(booking.startsAt) - cancelCutoffMinutes * 60_000).toISOString();
  return `a paid booking can be cancelled for a full refund until ${formatShowTime(cutoff, timeZone)}, ${span} before the show. After that it can no longer be cancelled or refunded.`;
}

export type PayRefusal = "already-paid" | "cancelled" | "show-started" | "expired";

/** Why a booking cannot be paid now; null when it can. */
export function payRefusal(booking: BookingState): PayRefusal | null {
  if (booking.status === "paid") return "already-paid";
  if (booking.status === "cancelled") return "cancelled";
  if (booking.showStarted) return "show-started";
  if (booking.status === "expired") return "expired";
  return null;
}

export const canPay = (booking: BookingState) => payRefusal(booking) === null;

/** Where a customer whose hold ran out chooses again: the show's seat page, asking for the same seats. */
export function chooseSeatsAgainUrl(
  booking: Pick<Booking, "movie" | "startsAt" | "showId" | "seats">,
  timeZone: string,
) {
  const day = cinemaDay(new Date(booking.startsAt), timeZone);
  return seatPageUrl(booking.movie.id, day, booking.showId, booking.seats);
}

export type CancelRefusal = "cancelled" | "expired" | "checked-in" | "past-cutoff";

/** Why a booking cannot be cancelled now; null when it can. A hold can always be let go; a paid one until the cut-off. */
export function cancelRefusal(booking: BookingState): CancelRefusal | null {
  if (booking.status === "cancelled" || booking.status === "expired") return booking.status;
  if (booking.status === "paid" && booking.checkedIn) return "checked-in";
  if (booking.status === "paid" && booking.pastCancelCutoff) return "past-cutoff";
  return null;
}

export const canCancel = (booking: BookingState) => cancelRefusal(booking) === null;

/** What the customer is told when a booking cannot be cancelled. */
export function cancelRefusalMessage(refusal: CancelRefusal, cancelCutoffMinutes: number) {
  switch (refusal) {
    case "cancelled":
      return "This booking is already cancelled.";
    case "expired":
      return "This booking's hold has expired: nothing is held or charged, so there is nothing to cancel.";
    case "checked-in":
      return "This ticket has been checked in at the door, so the booking can no longer be cancelled.";
    case "past-cutoff":
      return `Cancellations close ${describeMinutes(cancelCutoffMinutes)} before the show, so this booking can no longer be cancelled.`;
  }
}
