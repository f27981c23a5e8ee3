import { z } from "zod";
import { MAX_TICKET_TYPES } from "~/domain/tickets";
import { isShowDay } from "~/utils/dates";
import { toMinorUnits } from "~/utils/money";
import { amountMessages, amountProblem, perCurrency } from "./amount-fields";
import { UNKNOWN_BUTTON } from "./add-show";

// A promo code as customers type it and staff make it (decision 44): 3 to 30 letters, digits or dashes.
const CODE_PATTERN = /^[A-Za-z0-9-]{3,30}$/;
export const CODE_REQUIRED = "Please enter a promo code";
export const CODE_INVALID = "A promo code has 3 to 30 letters, digits or dashes";

const codeField = z
  .string({ required_error: CODE_REQUIRED })
  .trim()
  .max(60, CODE_INVALID)
  .regex(CODE_PATTERN, CODE_INVALID)
  .describe("Promo code");

// The checkout's buttons: apply the typed code, or take the booking's code off.
export const APPLY_CODE = "apply";
export const REMOVE_CODE = "remove";

/** The checkout's promo code form: a code to apply, or the Remove button. */
export const promoCodeEntrySchema = z
  .object({
    intent: z.enum([APPLY_CODE, REMOVE_CODE], { errorMap: () => ({ message: UNKNOWN_BUTTON }) }).describe("Button"),
    code: codeField.optional(),
  })
  .superRefine((form, context) => {
    if (form.intent === APPLY_CODE && form.code === undefined)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["code"], message: CODE_REQUIRED });
  });

// Staff's buttons on the promo codes page.
export const CREATE_CODE = "create";
export const END_CODE = "end";
export const PERCENT_OFF = "percent";
export const AMOUNT_OFF = "amount";

export const CODE_NOT_FOUND = "That promo code no longer exists.";
export const PERCENT_INVALID = "Percent off must be a whole number from 1 to 100";
export const DAY_REQUIRED = "Please pick a day";
export const LAST_DAY_BEFORE_FIRST = "The last day cannot be before the first";
export const MAX_USES_INVALID = "Uses must be a whole number from 1 to 1,000,000, or empty for no limit";
const MAX_USES = 1_000_000;

const dayField = (label: string) =>
  z.string({ required_error: DAY_REQUIRED }).trim().refine(isShowDay, DAY_REQUIRED).describe(label);

/** Staff's promo code form, for amounts in `currency`: a new code, or which code to end now. */
function buildSchema(currency: string) {
  return z
    .object({
      intent: z.enum([CREATE_CODE, END_CODE], { errorMap: () => ({ message: UNKNOWN_BUTTON }) }).describe("Button"),
      id: z.string().uuid(CODE_NOT_FOUND).optional().describe("Promo code"),
      code: codeField.optional(),
      kind: z
        .enum([PERCENT_OFF, AMOUNT_OFF], { errorMap: () => ({ message: UNKNOWN_BUTTON }) })
        .optional()
        .describe("Discount"),
      value: z.string().trim().max(20).optional().describe("Discount amount"),
      types: z
        .array(z.string().uuid(UNKNOWN_BUTTON))
        .max(MAX_TICKET_TYPES, UNKNOWN_BUTTON)
        .default([])
        .describe("Ticket types"),
      movieId: z.string().trim().max(40, UNKNOWN_BUTTON).optional().describe("Film"),
      firstDay: dayField("First day").optional(),
      lastDay: dayField("Last day").optional(),
      maxUses: z
        .string()
        .trim()
        .regex(/^\d{1,7}$/, MAX_USES_INVALID)
        .transform(Number)
        .refine((uses) => uses >= 1 && uses <= MAX_USES, MAX_USES_INVALID)
        .optional()
        .describe("Uses in all"),
    })
    .superRefine((form, context) => {
      const refuse = (path: string, message: string) =>
        context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (form.intent === END_CODE) {
        if (!form.id) refuse("id", CODE_NOT_FOUND);
        return;
      }
      if (form.code === undefined) refuse("code", CODE_REQUIRED);
      if (form.firstDay === undefined) refuse("firstDay", DAY_REQUIRED);
      if (form.lastDay === undefined) refuse("lastDay", DAY_REQUIRED);
      if (form.firstDay && form.lastDay && form.lastDay < form.firstDay) refuse("lastDay", LAST_DAY_BEFORE_FIRST);
      const value = form.value ?? "";
      if (form.kind === PERCENT_OFF && !(/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100))
        refuse("value", PERCENT_INVALID);
      if (form.kind !== PERCENT_OFF) {
        const problem = value === "" ? "invalid" : amountProblem(value, currency);
        if (problem) refuse("value", amountMessages("Amount off", currency)[problem]);
      }
    });
}

export const promoCodeSchema = perCurrency(buildSchema);

/** The discount the staff form asks for: a percentage, or an amount in minor units. */
export function discountOf(form: { kind?: string; value?: string }, currency: string) {
  return form.kind === PERCENT_OFF
    ? { percentOff: Number(form.value), amountOffCents: null }
    : { percentOff: null, amountOffCents: toMinorUnits(form.value ?? "", currency) };
}
