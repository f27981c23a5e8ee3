import { z } from "zod";
import { HALL_REQUIRED, showTime } from "./add-show";

export const CONFIRMATION_UNREADABLE = "This confirmation could not be read. Please confirm again.";

/**
 * The number of paid bookings staff were shown when they confirmed a change that touches them (absent until they
 * are asked): a change meets the number it was confirmed for, or asks again.
 */
const confirmedPaid = z
  .number({ invalid_type_error: CONFIRMATION_UNREADABLE })
  .int(CONFIRMATION_UNREADABLE)
  .min(0, CONFIRMATION_UNREADABLE)
  .max(1_000_000, CONFIRMATION_UNREADABLE)
  .optional()
  .describe("Paid bookings confirmed");

/** Move Show: the hall and the date and time the show moves to (either may stay as it is). */
export const moveShowSchema = z.object({
  hallId: z.string({ required_error: HALL_REQUIRED }).trim().uuid(HALL_REQUIRED).describe("Hall"),
  time: showTime.describe("New date and time"),
  confirmedPaid,
});

/** Cancel Show's button. */
export const cancelShowSchema = z.object({ confirmedPaid });
