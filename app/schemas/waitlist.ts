import { z } from "zod";
import { SELECT_TIME_FIRST } from "~/domain/booking-steps";
import { WAITLIST_SEAT_COUNTS } from "~/domain/seat-limits";

export const WAITLIST_INTENTS = ["join", "leave"] as const;
export const WAITLIST_UNCLEAR = "We could not tell whether to join or leave the waitlist. Please try again.";
export const SEAT_COUNT_MESSAGE = `Please choose how many seats you want, from 1 to ${WAITLIST_SEAT_COUNTS.length}.`;

/** The waitlist form of a sold-out show: join it for a number of seats, or leave it. */
export const waitlistSchema = z.object({
  intent: z.enum(WAITLIST_INTENTS, { errorMap: () => ({ message: WAITLIST_UNCLEAR }) }).describe("Waitlist"),
  time: z.string({ required_error: SELECT_TIME_FIRST }).uuid(SELECT_TIME_FIRST).describe("Show time"),
  seatCount: z
    .number({ invalid_type_error: SEAT_COUNT_MESSAGE })
    .int(SEAT_COUNT_MESSAGE)
    .min(1, SEAT_COUNT_MESSAGE)
    .max(WAITLIST_SEAT_COUNTS.length, SEAT_COUNT_MESSAGE)
    .default(1)
    .describe("Seats wanted"),
});
