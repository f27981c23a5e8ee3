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

/** Why a choice that would leave single seats alone is refused, naming them, and the way out. */
export function strandedSeatMessage(seats: readonly string[]) {
  return seats.length === 1
    ? `Seat ${seats[0]} would be left alone between booked seats: add ${seats[0]} or choose other seats.`
    : `Seats ${listSeats(seats)} would each be left alone between booked seats: add them or choose other seats.`;
}

/** Why companion seats chosen without their wheelchair space are refused, and until when. */
export function companionSeatMessage(seats: readonly string[], releaseMinutes: string) {
  const which =
    seats.length === 1 ? `Seat ${seats[0]} is a companion seat` : `Seats ${listSeats(seats)} are companion seats`;
  return `${which}, kept for the companion of a wheelchair user until ${releaseMinutes} before the show. Please choose it with the wheelchair space beside it, or another seat.`;
}

export const unknownSeatMessage = (seats: readonly string[]) =>
  `Please choose seats from the seat map: ${seats.length === 1 ? `seat ${seats[0]} does not exist` : `seats ${listSeats(seats)} do not exist`} in this hall.`;
