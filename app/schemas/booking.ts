import { z } from "zod";
import { SELECT_A_SEAT, SELECT_TIME_FIRST, TOO_MANY_SEATS } from "~/domain/booking-steps";
import { isSeatLabel } from "~/domain/hall-layout";
import { MAX_SEATS_PER_BOOKING } from "~/domain/seat-limits";

export const FORM_EXPIRED = "This page was open for too long. Please choose your seats again.";
const UNKNOWN_SEAT = "Please choose seats from the seat map: that seat does not exist in this hall.";
const SEAT_TWICE = "Each seat can only be chosen once.";

/** The seat page's form: a show time, up to five seats, and the one-time token that makes posting it twice harmless. */
export const seatSelectionSchema = z.object({
  time: z.string({ required_error: SELECT_TIME_FIRST }).uuid(SELECT_TIME_FIRST).describe("Show time"),
  seats: z
    .array(z.string().max(8))
    .max(MAX_SEATS_PER_BOOKING, TOO_MANY_SEATS)
    .superRefine((seats, context) => {
      if (seats.length === 0) context.addIssue({ code: "custom", message: SELECT_A_SEAT });
      else if (!seats.every(isSeatLabel)) context.addIssue({ code: "custom", message: UNKNOWN_SEAT });
      else if (new Set(seats).size !== seats.length) context.addIssue({ code: "custom", message: SEAT_TWICE });
    })
    .describe("Seats"),
  requestToken: z.string({ required_error: FORM_EXPIRED }).uuid(FORM_EXPIRED).describe("Form token"),
});
