import { z } from "zod";
import { isShowDay } from "~/utils/dates";

// Add Shows' repeat: one time of day, every day or on chosen weekdays, from one date to another (both included).

/** The weekdays as `Date.getUTCDay()` numbers them, Monday first as the form lists them. */
export const WEEKDAYS = [
  { value: "1", name: "Monday" },
  { value: "2", name: "Tuesday" },
  { value: "3", name: "Wednesday" },
  { value: "4", name: "Thursday" },
  { value: "5", name: "Friday" },
  { value: "6", name: "Saturday" },
  { value: "0", name: "Sunday" },
] as const;

export const REPEAT_SHOWS = "repeat";

export const REPEAT_CLOCK_REQUIRED = "Please enter the time of day the shows start";
export const REPEAT_CLOCK_INVALID = "Please enter a time of day such as 19:30";
export const REPEAT_FROM_REQUIRED = "Please pick the first day";
export const REPEAT_UNTIL_REQUIRED = "Please pick the last day";
export const REPEAT_DAY_INVALID = "Please pick a valid date";
export const REPEAT_UNTIL_BEFORE_FROM = "The last day must be on or after the first day";
export const REPEAT_NO_DAYS = "None of the chosen weekdays falls between these dates. Please check the dates or days.";

const day = z
  .string()
  .trim()
  .refine((value) => isShowDay(value), REPEAT_DAY_INVALID);

/** The repeat's fields, each checked when filled in; `repeatRequirements` says which the Repeat button needs. */
export const repeatFields = {
  repeatClock: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, REPEAT_CLOCK_INVALID)
    .optional()
    .describe("Time of day"),
  repeatFrom: day.optional().describe("From"),
  repeatUntil: day.optional().describe("Until"),
  // None chosen is every day.
  repeatDays: z
    .array(z.enum(WEEKDAYS.map((weekday) => weekday.value) as ["1", "2", "3", "4", "5", "6", "0"]))
    .max(WEEKDAYS.length)
    .default([])
    .describe("Weekdays"),
};

type RepeatValues = {
  repeatClock?: string;
  repeatFrom?: string;
  repeatUntil?: string;
  repeatDays: string[];
};

/** A repeat with everything it needs: the shows start at `clock` on each day from `from` to `until` on `weekdays`. */
export type RepeatRule = { clock: string; from: string; until: string; weekdays: number[] };

/** The messages of the fields the Repeat button needs that are missing or contradict each other. */
export function repeatRequirements(form: RepeatValues): [keyof RepeatValues, string][] {
  const problems: [keyof RepeatValues, string][] = [];
  if (form.repeatClock === undefined) problems.push(["repeatClock", REPEAT_CLOCK_REQUIRED]);
  if (form.repeatFrom === undefined) problems.push(["repeatFrom", REPEAT_FROM_REQUIRED]);
  if (form.repeatUntil === undefined) problems.push(["repeatUntil", REPEAT_UNTIL_REQUIRED]);
  else if (form.repeatFrom !== undefined && form.repeatUntil < form.repeatFrom)
    problems.push(["repeatUntil", REPEAT_UNTIL_BEFORE_FROM]);
  return problems;
}

/** The rule a valid repeat names (its requirements checked). */
export function repeatRule(form: RepeatValues): RepeatRule {
  return {
    clock: form.repeatClock!,
    from: form.repeatFrom!,
    until: form.repeatUntil!,
    weekdays: form.repeatDays.map(Number),
  };
}
