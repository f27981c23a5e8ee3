// Where a booking stands in time for its owner: My Bookings lists the shows to come apart from the ones that are over.
import { holdsSeats, type BookingState } from "./booking";

/** What the timeline needs of a booking: when its show starts and how long its film runs. */
type Timed = { startsAt: string; movie: { runtime: number } };

/** When a booking's show ends: its start and the movie's runtime. */
export const showEndsAt = (booking: Timed) => new Date(Date.parse(booking.startsAt) + booking.movie.runtime * 60_000);

/**
 * My Bookings' lists: bookings that hold seats (paid, or a hold still running) for a show that has not ended
 * (upcoming, the next show first: its ticket is the one wanted at the door) or has (past), and those that hold none,
 * cancelled or run out, whenever their show is; past and those in the order given.
 */
export function myBookingLists<T extends Timed & Pick<BookingState, "status">>(bookings: T[], now: Date) {
  const upcoming: T[] = [];
  const past: T[] = [];
  const cancelledOrExpired: T[] = [];
  for (const booking of bookings) {
    if (!holdsSeats(booking)) cancelledOrExpired.push(booking);
    else (showEndsAt(booking) > now ? upcoming : past).push(booking);
  }
  upcoming.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return { upcoming, past, cancelledOrExpired };
}
