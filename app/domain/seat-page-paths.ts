// The seat page's addresses, apart from booking-steps.ts's messages, so the pages that only link to it load just these.

/** The seat page of a movie's day with a show time and seats chosen: how a choice comes back (sign-in, a hold ran out). */
export function seatPageUrl(movieId: string, day: string, showId: string, seats: readonly string[]) {
  return `/movies/${movieId}/${day}?${choiceQuery(showId, seats)}`;
}

/** A show's seat page with its time chosen, at its seat map: where every list of show times links. */
export const seatPagePath = (movieId: string, day: string, showId: string) =>
  `${seatPageUrl(movieId, day, showId, [])}#seats`;

/** The page where a visitor books that choice as a guest (decision 46), or signs in to book it. */
export function guestBookingUrl(movieId: string, day: string, showId: string, seats: readonly string[]) {
  return `/movies/${movieId}/${day}/guest?${choiceQuery(showId, seats)}`;
}

const choiceQuery = (showId: string, seats: readonly string[]) =>
  new URLSearchParams([["time", showId], ...seats.map((seat) => ["seats", seat])]);
