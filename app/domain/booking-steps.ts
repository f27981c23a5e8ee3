// What a customer is told while choosing a date, a show time and seats. Kept apart from the zod schemas that use
// them, so the movie and seat pages' browser code loads no zod.

export const SELECT_DATE_MESSAGE = "Please select a date first!";
export const NO_SHOWS_ON_DAY = "There are no shows on that date. Please pick another date.";
export const SELECT_TIME_FIRST = "Please select a time first!";
export const TOO_MANY_SEATS = "You can only select up to 5 seats";
export const SELECT_A_SEAT = "Please select at least one seat.";
