import { z } from "zod";
import { COUNTER_PAYMENT_METHODS } from "~/domain/counter";
import { isShowDay } from "~/utils/dates";
import { toMinorUnits } from "~/utils/money";
import { UNKNOWN_BUTTON } from "./add-show";
import { amountMessages, amountProblem, perCurrency } from "./amount-fields";
import { seatSelectionSchema } from "./booking";
import { EMAIL_INVALID, isSingleMailbox } from "./fields";

/** The counter's seat form: the seat page's fields, and the address the tickets are mailed to if the customer gives one. */
export const counterSeatsSchema = seatSelectionSchema.extend({
  email: z
    .string()
    .trim()
    .max(254, EMAIL_INVALID)
    .refine(isSingleMailbox, EMAIL_INVALID)
    .transform((email) => email.toLowerCase())
    .optional()
    .describe("Customer's email"),
});

export const CHOOSE_PAYMENT_METHOD = "Please choose cash or card";
export const CASH_TENDERED_REQUIRED = "Please enter the cash tendered";

// The sale page's buttons: take the payment, or refund the sale.
export const TAKE_PAYMENT = "pay";
export const REFUND_SALE = "refund";

/**
 * The sale page's forms, for amounts in `currency`: Take Payment, by cash with what was tendered or by the counter's
 * card terminal; or Refund.
 */
function buildSaleSchema(currency: string) {
  const messages = amountMessages("Cash tendered", currency);
  return z
    .object({
      intent: z.enum([TAKE_PAYMENT, REFUND_SALE], { errorMap: () => ({ message: UNKNOWN_BUTTON }) }).describe("Button"),
      method: z
        .enum(COUNTER_PAYMENT_METHODS, { errorMap: () => ({ message: CHOOSE_PAYMENT_METHOD }) })
        .optional()
        .describe("Payment"),
      tendered: z
        .string()
        .trim()
        .superRefine((text, context) => {
          const problem = amountProblem(text, currency, { allowZero: true });
          if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: messages[problem] });
        })
        .transform((text) => toMinorUnits(text, currency))
        .optional()
        .describe("Cash tendered"),
    })
    .superRefine((form, context) => {
      if (form.intent !== TAKE_PAYMENT) return;
      const refuse = (path: string, message: string) =>
        context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (!form.method) refuse("method", CHOOSE_PAYMENT_METHOD);
      else if (form.method === "cash" && form.tendered === undefined) refuse("tendered", CASH_TENDERED_REQUIRED);
    });
}
export const counterSaleSchema = perCurrency(buildSaleSchema);

export const DAY_INVALID = "Please pick a day";

/** The takings page's address: the cinema day shown (today when none). */
export const takingsQuerySchema = z.object({
  day: z.string().refine(isShowDay).optional().catch(undefined),
});

/** The takings page's Close Day button, for the day it shows. */
export const closeDaySchema = z.object({
  day: z.string({ required_error: DAY_INVALID }).refine(isShowDay, DAY_INVALID).describe("Day"),
});
