import { config } from "~/config.server";
import { MAX_SEATS_PER_BOOKING } from "~/domain/seat-limits";
import type { WaitlistFailure } from "~/models/waitlist.server";
import { plural } from "~/utils/format";

/** What the seat page's waitlist panel says when a customer cannot join a show's waitlist. */
export function waitlistFailureMessage(failure: WaitlistFailure) {
  switch (failure.reason) {
    case "show-unavailable":
      return "That show is no longer on sale. Please choose another time.";
    case "show-started":
      return "That show has started, so its waitlist is closed.";
    case "seats-free":
      return "Seats are free for this show again: choose them on the seat map.";
    case "already-waiting":
      return "You are already on the waitlist for this show.";
    case "too-many-unpaid":
      return `You have ${plural(failure.unpaid, "unpaid booking")}, and ${config.bookings.maxUnpaidBookings} is the most you can have at once. Please pay for or cancel one in My Bookings, then join the waitlist.`;
    case "too-many-held-seats": {
      const room = MAX_SEATS_PER_BOOKING - failure.held;
      const held = `You already hold ${plural(failure.held, "seat")} of this show unpaid, and you can hold at most ${MAX_SEATS_PER_BOOKING} seats of a show until you pay.`;
      return room > 0
        ? `${held} Please join for ${plural(room, "seat")} or fewer, or pay for your booking first.`
        : `${held} Please pay for your booking first, then join the waitlist for more.`;
    }
  }
}
