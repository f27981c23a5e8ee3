// The seat page's messages, apart from its zod schema (booking.ts) so the seat page's browser code loads no zod.
export const SELECT_TIME_FIRST = "Please select a time first!";
export const TOO_MANY_SEATS = "You can only select up to 5 seats";
export const SELECT_A_SEAT = "Please select at least one seat.";
