import { z } from "zod";
import { FIRST_SHOW_YEAR, isShowDay, LAST_SHOW_YEAR } from "~/utils/dates";
import { amountMessages, amountProblem, perCurrency } from "./amount-fields";
import { PROJECTIONS, STANDARD_FORMAT } from "~/domain/show-format";
import { MAX_TICKET_TYPES } from "~/domain/tickets";
import { toMinorUnits } from "~/utils/money";
import { parseShowTime } from "~/utils/wall-clock";
import { REPEAT_SHOWS, repeatFields, repeatRequirements } from "./show-repeat";

export const MAX_SHOW_TIMES = 50;
const MAX_MOVIE_ID_LENGTH = 100;

export const MOVIE_REQUIRED = "Please select a movie";
export const HALL_REQUIRED = "Please select a hall";

/** What the price field says, in the currency's own decimals (none for JPY, 3 for KWD). */
export function priceMessages(currency: string) {
  return { required: "Please enter a price", ...amountMessages("Price", currency) };
}

export const TIME_REQUIRED = "Please pick a date and time";
export const TIME_INVALID = "Please pick a valid date and time";
export const TIME_YEARS = `Please pick a date in the years ${FIRST_SHOW_YEAR} to ${LAST_SHOW_YEAR}`;
export const PROJECTION_UNKNOWN = `Please choose the format: ${PROJECTIONS.join(", ")}`;
export const TIMES_REQUIRED = "Please add at least one show time";
export const TOO_MANY_TIMES = `At most ${MAX_SHOW_TIMES} show times can be added at once`;
export const UNKNOWN_BUTTON = "This form could not be read. Please fill it in again.";
export const PRICE_LIST_CHANGED =
  "The price list has changed since this page was opened. Please check the prices again.";

/** The prices of a Create Show step, by ticket type id, in minor units. */
export function pricesByType(step: Pick<Fields, "priceTypes" | "prices">, currency: string) {
  return Object.fromEntries(step.priceTypes.map((type, index) => [type, toMinorUnits(step.prices[index], currency)]));
}

// The buttons of the form: Add Time, the choice between the two occurrences of a time the clocks repeat (its value
// names the one), a time's remove button (its value names the time), Create Show.
export const ADD_TIME = "add-time";
/** Shows the chosen hall's shows on the day of the typed time, to see when it is free. */
export const SHOW_DAY = "show-day";
export const CREATE_SHOW = "create";
const CHOOSE = `${ADD_TIME}:`;
const REMOVE = "remove:";
export const chooseTimeIntent = (time: string) => `${CHOOSE}${time}`;
export const removeIntent = (time: string) => `${REMOVE}${time}`;

// A `datetime-local` value, meant in the cinema's time zone ("2026-05-01T19:30"), or one occurrence of a repeated
// time with its offset ("2027-11-07T01:30-04:00"; see app/utils/wall-clock.ts).
function showTimeProblem(value: string) {
  const parts = parseShowTime(value);
  if (!parts) return TIME_INVALID;
  return isShowDay(parts.day) ? null : TIME_YEARS;
}

export const isShowTime = (value: string) => showTimeProblem(value) === null;

/** The bounds of the date and time input: the years shows are sold. */
export const SHOW_TIME_RANGE = { min: `${FIRST_SHOW_YEAR}-01-01T00:00`, max: `${LAST_SHOW_YEAR}-12-31T23:59` };

/** What is wrong with a typed price, or null for a positive amount in the currency's decimals, within the guard. */
export function priceProblem(price: string, currency: string): string | null {
  const problem = amountProblem(price, currency);
  return problem ? priceMessages(currency)[problem] : null;
}

/** A show time typed in the cinema's zone, or one occurrence of a time the clocks repeat: Add Shows, Move Show. */
export const showTime = z
  .string({ required_error: TIME_REQUIRED })
  .trim()
  .superRefine((value, context) => {
    const problem = showTimeProblem(value);
    if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

const namesTime = (intent: string, prefix: string) =>
  intent.startsWith(prefix) && isShowTime(intent.slice(prefix.length));

function fieldsFor(currency: string) {
  return z.object({
    intent: z
      .string({ required_error: UNKNOWN_BUTTON })
      .refine(
        (intent) =>
          intent === ADD_TIME ||
          intent === SHOW_DAY ||
          intent === CREATE_SHOW ||
          intent === REPEAT_SHOWS ||
          namesTime(intent, CHOOSE) ||
          namesTime(intent, REMOVE),
        UNKNOWN_BUTTON,
      )
      .describe("Button"),
    movieId: z.string().trim().max(MAX_MOVIE_ID_LENGTH, MOVIE_REQUIRED).optional().describe("Movie"),
    hallId: z.string().trim().uuid(HALL_REQUIRED).optional().describe("Hall"),
    // Each ticket type's price for the shows, beside the type it is for: the price list's by default.
    priceTypes: z
      .array(z.string().uuid(PRICE_LIST_CHANGED))
      .max(MAX_TICKET_TYPES, PRICE_LIST_CHANGED)
      .describe("Ticket types"),
    // Kept as typed (toMinorUnits reads them): a failed transform would stop the requirements below from being checked.
    prices: z
      .array(
        z
          .string({ required_error: priceMessages(currency).required })
          .trim()
          .superRefine((price, context) => {
            const problem = price === "" ? null : priceProblem(price, currency);
            if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
          }),
      )
      .max(MAX_TICKET_TYPES, PRICE_LIST_CHANGED)
      .describe("Prices"),
    projection: z
      .enum(PROJECTIONS, { errorMap: () => ({ message: PROJECTION_UNKNOWN }) })
      .default(STANDARD_FORMAT.projection)
      .describe("Format"),
    subtitled: z.boolean().default(false).describe("Subtitled"),
    audioDescribed: z.boolean().default(false).describe("Audio described"),
    time: showTime.optional().describe("Date and time"),
    times: z.array(showTime).max(MAX_SHOW_TIMES, TOO_MANY_TIMES).describe("Show times"),
    ...repeatFields,
  });
}

type Fields = z.output<ReturnType<typeof fieldsFor>>;

/** What the form asks for, once each button's required fields are known to be there. */
export type AddShowRequest =
  | (Fields & { intent: typeof ADD_TIME; time: string })
  | (Fields & { intent: typeof SHOW_DAY; time: string; hallId: string })
  | (Fields & { intent: typeof REPEAT_SHOWS })
  | (Fields & { intent: `${typeof CHOOSE}${string}` })
  | (Fields & { intent: `${typeof REMOVE}${string}` })
  | (Fields & { intent: typeof CREATE_SHOW; movieId: string; hallId: string });

/**
 * The Add Shows form, for prices in `currency`. Each field is checked whenever it is filled in; what must be filled
 * in depends on the button: Add Time needs a time, the hall's day a hall and a time, Repeat a time of day and two
 * dates, Create Show a movie, a hall, a price for each ticket type and at least one time. The requirements are
 * checked even while a field is wrong, so a form sent without JavaScript shows every message at once.
 */
function buildSchema(currency: string) {
  return fieldsFor(currency).superRefine((form, context): form is AddShowRequest => {
    const missing = (path: string, message: string) =>
      context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if ((form.intent === ADD_TIME || form.intent === SHOW_DAY) && form.time === undefined)
      missing("time", TIME_REQUIRED);
    if (form.intent === SHOW_DAY && !form.hallId) missing("hallId", HALL_REQUIRED);
    if (form.intent === REPEAT_SHOWS) for (const [field, message] of repeatRequirements(form)) missing(field, message);
    if (form.intent === CREATE_SHOW) {
      if (!form.movieId) missing("movieId", MOVIE_REQUIRED);
      if (!form.hallId) missing("hallId", HALL_REQUIRED);
      if (form.priceTypes.length === 0) missing("prices", priceMessages(currency).required);
      else if (form.prices.length !== form.priceTypes.length) missing("prices", PRICE_LIST_CHANGED);
      form.prices.forEach((price, index) => {
        if (price === "")
          context.addIssue({
            code: z.ZodIssueCode.custom,
            path: ["prices", index],
            message: priceMessages(currency).required,
          });
      });
      if (form.times.length === 0) missing("times", TIMES_REQUIRED);
    }
    return true;
  });
}

export const addShowSchema = perCurrency(buildSchema);

/** The time a step adds: the one typed for Add Time, or the occurrence chosen of a repeated time. */
export function timeToAdd(step: AddShowRequest) {
  if (step.intent === ADD_TIME) return step.time;
  return step.intent.startsWith(CHOOSE) ? step.intent.slice(CHOOSE.length) : null;
}

/** The time a remove button names. */
export function timeToRemove(step: AddShowRequest) {
  return step.intent.startsWith(REMOVE) ? step.intent.slice(REMOVE.length) : null;
}
