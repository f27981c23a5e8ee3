import { z } from "zod";
import { addDays, isShowDay } from "~/utils/dates";

/** The schedule's query string: a day of the week to show (its Monday starts it) and the hall a phone shows. */
export const scheduleQuerySchema = z.object({
  week: z
    .string()
    .refine((day) => isShowDay(day))
    .optional()
    .catch(undefined)
    .describe("Week"),
  hall: z.string().uuid().optional().catch(undefined).describe("Hall"),
});

/** The Monday of the week a day falls in. */
export function mondayOf(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The schedule's address for a week and a hall. */
export function schedulePath(week: string, hallId?: string) {
  const query = new URLSearchParams({ week, ...(hallId ? { hall: hallId } : {}) });
  return `/admin/schedule?${query}`;
}
