// What a customer is told while choosing a date, a show time and seats. Kept apart from the zod schemas that use
// them, so the movie and seat pages' browser code loads no zod.

export const NO_SHOWS_ON_DAY = "There are no shows on that date. Please pick another date.";
export const SELECT_TIME_FIRST = "Please select a time first!";
export const TOO_MANY_SEATS = "You can only select up to 5 seats";
export const SELECT_A_SEAT = "Please select at least one seat.";

/** "F5", "F5 and F7", "F5, F7 and F9". */
export function listSeats(seats: readonly string[]) {
  return seats.length < 2 ? (seats[0] ?? "") : `${seats.slice(0, -1).join(", ")} and ${seats.at(-1)}`;
}

/** Why a choice that would leave single seats alone is refused, naming them. */
export function strandedSeatMessage(seats: readonly string[]) {
  return seats.length === 1
    ? `Seat ${seats[0]} would be left alone between booked seats.`
    : `Seats ${listSeats(seats)} would each be left alone between booked seats.`;
}

/** Why companion seats chosen without their wheelchair space are refused, and until when. */
export function companionSeatMessage(seats: readonly string[], releaseMinutes: string) {
  const which =
    seats.length === 1 ? `Seat ${seats[0]} is a companion seat` : `Seats ${listSeats(seats)} are companion seats`;
  return `${which}, kept for the companion of a wheelchair user until ${releaseMinutes} before the show. Please choose it with the wheelchair space beside it, or another seat.`;
}

export const unknownSeatMessage = (seats: readonly string[]) =>
  `Please choose seats from the seat map: ${seats.length === 1 ? `seat ${seats[0]} does not exist` : `seats ${listSeats(seats)} do not exist`} in this hall.`;

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
