// Where a booking stands in time for its owner: My Bookings lists the shows to come apart from the ones that are over.

/** What the timeline needs of a booking: when its show starts and how long its film runs. */
type Timed = { startsAt: string; movie: { runtime: number } };

/** When a booking's show ends: its start and the movie's runtime. */
export const showEndsAt = (booking: Timed) => new Date(Date.parse(booking.startsAt) + booking.movie.runtime * 60_000);

/** Bookings whose show has not ended yet (upcoming) and those whose show has (past), each in the order given. */
export function splitByShowEnd<T extends Timed>(bookings: T[], now: Date) {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const booking of bookings) (showEndsAt(booking) > now ? upcoming : past).push(booking);
  return { upcoming, past };
}
