import { z } from "zod";
import { isValidDay } from "~/utils/dates";

export const MAX_SHOW_TIMES = 50;
export const MAX_PRICE = 1000;
const MAX_MOVIE_ID_LENGTH = 100;
const MAX_PRICE_LENGTH = 20;

export const MOVIE_REQUIRED = "Please select a movie";
export const PRICE_MESSAGES = {
  required: "Please enter a price",
  invalid: "Price must be a number, such as 12.50",
  notPositive: "Price must be more than 0",
  decimals: "Price can have at most 2 decimals",
  tooHigh: "Price must be at most 1,000",
};
export const TIME_REQUIRED = "Please pick a date and time";
export const TIME_INVALID = "Please pick a valid date and time";
export const TIMES_REQUIRED = "Please add at least one show time";
export const TOO_MANY_TIMES = `At most ${MAX_SHOW_TIMES} show times can be added at once`;
export const UNKNOWN_BUTTON = "This form could not be read. Please fill it in again.";

// The buttons of the form: Add Time, a time's remove button (its value names the time), Create Show.
export const ADD_TIME = "add-time";
export const CREATE_SHOW = "create";
const REMOVE = "remove:";
export const removeIntent = (time: string) => `${REMOVE}${time}`;

// A `datetime-local` value, meant in the cinema's time zone: "2026-05-01T19:30".
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;

export function isShowTime(value: string) {
  const match = LOCAL_TIME.exec(value);
  return match !== null && isValidDay(match[1]);
}

// What <input type="number"> may send: digits with an optional fraction, or a fraction alone (".5").
const NUMBER = /^-?(\d+(\.\d+)?|\.\d+)$/;

/** What is wrong with a typed price, or null for a positive amount with at most 2 decimals, at most MAX_PRICE. */
export function priceProblem(price: string): string | null {
  if (price.length > MAX_PRICE_LENGTH || !NUMBER.test(price)) return PRICE_MESSAGES.invalid;
  if (price.startsWith("-") || Number(price) === 0) return PRICE_MESSAGES.notPositive;
  if (/\.\d{3,}$/.test(price)) return PRICE_MESSAGES.decimals;
  if (Number(price) > MAX_PRICE) return PRICE_MESSAGES.tooHigh;
  return null;
}

/** A valid price ("12.5") in cents (1250), counted in whole cents so no binary fraction creeps in. */
export function priceToCents(price: string) {
  const [whole, fraction = ""] = price.split(".");
  return Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
}

const showTime = z.string().trim().refine(isShowTime, TIME_INVALID);

const fields = z.object({
  intent: z
    .string({ required_error: UNKNOWN_BUTTON })
    .refine(
      (intent) =>
        intent === ADD_TIME ||
        intent === CREATE_SHOW ||
        (intent.startsWith(REMOVE) && isShowTime(intent.slice(REMOVE.length))),
      UNKNOWN_BUTTON,
    )
    .describe("Button"),
  movieId: z.string().trim().max(MAX_MOVIE_ID_LENGTH, MOVIE_REQUIRED).optional().describe("Movie"),
  // Kept as typed (priceToCents reads it): a failed transform would stop the requirements below from being checked.
  price: z
    .string()
    .trim()
    .superRefine((price, context) => {
      const problem = priceProblem(price);
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    })
    .optional()
    .describe("Show price"),
  time: showTime.optional().describe("Date and time"),
  times: z.array(showTime).max(MAX_SHOW_TIMES, TOO_MANY_TIMES).describe("Show times"),
});

type Fields = z.output<typeof fields>;

/** What the form asks for, once each button's required fields are known to be there. */
export type AddShowRequest =
  | (Fields & { intent: typeof ADD_TIME; time: string })
  | (Fields & { intent: `${typeof REMOVE}${string}` })
  | (Fields & { intent: typeof CREATE_SHOW; movieId: string; price: string });

/**
 * The Add Shows form. Each field is checked whenever it is filled in; what must be filled in depends on the button:
 * Add Time needs a time, Create Show a movie, a price and at least one time. The requirements are checked even
 * while a field is wrong, so a form sent without JavaScript shows every message at once.
 */
export const addShowSchema = fields.superRefine((form, context): form is AddShowRequest => {
  const missing = (path: string, message: string) =>
    context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  if (form.intent === ADD_TIME && form.time === undefined) missing("time", TIME_REQUIRED);
  if (form.intent === CREATE_SHOW) {
    if (!form.movieId) missing("movieId", MOVIE_REQUIRED);
    if (form.price === undefined) missing("price", PRICE_MESSAGES.required);
    if (form.times.length === 0) missing("times", TIMES_REQUIRED);
  }
  return true;
});

/** The time a remove button names. */
export function removedTime(intent: `${typeof REMOVE}${string}`) {
  return intent.slice(REMOVE.length);
}
