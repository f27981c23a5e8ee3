import { z } from "zod";
import { HALL_REQUIRED, showTime } from "./add-show";

/** Move Show: the hall and the date and time the show moves to (either may stay as it is). */
export const moveShowSchema = z.object({
  hallId: z.string({ required_error: HALL_REQUIRED }).trim().uuid(HALL_REQUIRED).describe("Hall"),
  time: showTime.describe("New date and time"),
});
