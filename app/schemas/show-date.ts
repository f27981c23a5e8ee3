import { z } from "zod";
import { isValidDay } from "~/utils/dates";

const MAX_DATES_PAGE = 100;

// The date strip's form. A missing or odd date is not a failed form but a customer who forgot to pick one,
// so it reads as null and the action says so, on the page of dates they were looking at.
export const showDateSchema = z.object({
  date: z.string().refine(isValidDay).nullable().catch(null).describe("Date"),
  dates: z.coerce.number().int().min(1).max(MAX_DATES_PAGE).catch(1).describe("Page of dates"),
});
