import { z } from "zod";
import { isValidDay } from "~/utils/dates";
import { SELECT_DATE_MESSAGE } from "./show-date-message";

export const showDateSchema = z.object({
  date: z
    .string({ required_error: SELECT_DATE_MESSAGE, invalid_type_error: SELECT_DATE_MESSAGE })
    .refine(isValidDay, SELECT_DATE_MESSAGE),
});
