import { z } from "zod";
import { perCurrency } from "./amount-fields";
import { priceMessages, priceProblem, UNKNOWN_BUTTON } from "./add-show";

export const MAX_TYPE_NAME = 30;
export const MAX_TYPE_RULE = 120;
export const TYPE_NAME_REQUIRED = "Please enter the ticket type's name";
export const TYPE_NOT_FOUND = "That ticket type no longer exists.";
/** The oldest age a type can be limited to: above it, a limit means nothing. */
export const MAX_AGE_LIMIT = 120;
export const MAX_AGE_INVALID = `Please enter the oldest age as a whole number from 0 to ${MAX_AGE_LIMIT}, or leave it empty for any age`;

// The price list's buttons: add a type, save a type's changes, take one off sale, put it back.
export const ADD_TYPE = "add";
export const SAVE_TYPE = "save";
export const RETIRE_TYPE = "retire";
export const RESTORE_TYPE = "restore";

/**
 * The price list's forms, for prices in `currency`: a type's name, rule, oldest age (empty for any age) and price, or
 * which type to retire.
 */
function buildSchema(currency: string) {
  return z
    .object({
      intent: z
        .enum([ADD_TYPE, SAVE_TYPE, RETIRE_TYPE, RESTORE_TYPE], { errorMap: () => ({ message: UNKNOWN_BUTTON }) })
        .describe("Button"),
      id: z.string().uuid(TYPE_NOT_FOUND).optional().describe("Ticket type"),
      name: z
        .string()
        .trim()
        .max(MAX_TYPE_NAME, `The name can have at most ${MAX_TYPE_NAME} characters`)
        .optional()
        .describe("Name"),
      rule: z
        .string()
        .trim()
        .max(MAX_TYPE_RULE, `The rule can have at most ${MAX_TYPE_RULE} characters`)
        .optional()
        .describe("Rule shown to customers"),
      maxAge: z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, MAX_AGE_INVALID)
        .transform(Number)
        .refine((age) => age <= MAX_AGE_LIMIT, MAX_AGE_INVALID)
        .optional()
        .describe("Oldest age"),
      price: z
        .string()
        .trim()
        .superRefine((price, context) => {
          const problem = price === "" ? priceMessages(currency).required : priceProblem(price, currency);
          if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
        })
        .optional()
        .describe("Price"),
    })
    .superRefine((form, context) => {
      const missing = (path: string, message: string) =>
        context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (form.intent !== ADD_TYPE && !form.id) missing("id", TYPE_NOT_FOUND);
      if (form.intent === ADD_TYPE || form.intent === SAVE_TYPE) {
        if (!form.name) missing("name", TYPE_NAME_REQUIRED);
        if (form.price === undefined) missing("price", priceMessages(currency).required);
      }
    });
}

export const ticketTypeSchema = perCurrency(buildSchema);
