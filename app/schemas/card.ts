import { z } from "zod";
import { passesLuhnCheck } from "~/utils/luhn";

export const CARD_NUMBER_REQUIRED = "Enter your card number";
export const CARD_NUMBER_INVALID = "Enter a valid card number";
export const EXPIRY_REQUIRED = "Enter the expiry date";
export const EXPIRY_INVALID = "Enter the expiry date as MM/YY";
export const CARD_EXPIRED = "This card has expired";
export const CVC_REQUIRED = "Enter the security code";
export const CVC_INVALID = "The security code is 3 or 4 digits";

// Room for a 19-digit number written with spaces or dashes; anything longer is not a card detail.
const MAX_FIELD_LENGTH = 40;

const EXPIRY_PATTERN = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

// The transforms below run only on a value that passed these checks, so each field shows one message.
function cardField(label: string, required: string, invalid: string) {
  return z
    .string({ required_error: required, invalid_type_error: invalid })
    .trim()
    .min(1, required)
    .max(MAX_FIELD_LENGTH, invalid)
    .describe(label);
}

function refuse(context: z.RefinementCtx, message: string) {
  context.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
}

function monthIndex(year: number, month: number) {
  return year * 12 + month;
}

/**
 * The checkout form's card details. `now` decides expiry: a card is valid through the last day of its
 * month, counted in UTC so that the browser and the server agree.
 */
export function cardPaymentSchema(now = new Date()) {
  const century = Math.floor(now.getUTCFullYear() / 100) * 100;
  return z.object({
    cardNumber: cardField("Card number", CARD_NUMBER_REQUIRED, CARD_NUMBER_INVALID).transform((value, context) => {
      const digits = value.replace(/[\s-]/g, "");
      return /^\d{12,19}$/.test(digits) && passesLuhnCheck(digits) ? digits : refuse(context, CARD_NUMBER_INVALID);
    }),
    expiry: cardField("Expiry date", EXPIRY_REQUIRED, EXPIRY_INVALID).transform((value, context) => {
      const match = EXPIRY_PATTERN.exec(value);
      const month = Number(match?.[1]);
      if (!match || month < 1 || month > 12) return refuse(context, EXPIRY_INVALID);
      const year = match[2].length === 4 ? Number(match[2]) : century + Number(match[2]);
      if (monthIndex(year, month) < monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1))
        return refuse(context, CARD_EXPIRED);
      return { month, year };
    }),
    cvc: cardField("Security code", CVC_REQUIRED, CVC_INVALID).transform((value, context) =>
      /^\d{3,4}$/.test(value) ? value : refuse(context, CVC_INVALID),
    ),
  });
}

/** The only part of a card number we may keep or show: "4242424242424242" -> "4242". */
export function cardLast4(digits: string): string {
  return digits.replace(/\D/g, "").slice(-4);
}
