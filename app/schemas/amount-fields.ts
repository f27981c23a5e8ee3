import { plural } from "~/utils/format";
import { formatMoney, minorUnitDigits, toMinorUnits } from "~/utils/money";

// Amounts typed into forms (a show's price, a seat type's price difference), in the currency's own decimals.

// A typo guard, in minor units so it means a similar sum whatever the decimals: 10,000.00 dollars, 1,000,000 yen.
export const MAX_PRICE_MINOR_UNITS = 1_000_000;
const MAX_AMOUNT_LENGTH = 20;
// What <input type="number"> may send: digits with an optional fraction, or a fraction alone (".5").
const NUMBER = /^-?(\d+(\.\d+)?|\.\d+)$/;

export type AmountProblem = "invalid" | "negative" | "zero" | "decimals" | "too-high";

/**
 * What is wrong with a typed amount, or null for one of at most the currency's decimals (zeros past them aside:
 * "49.0" yen is 49), not below zero (nor zero itself, unless allowed), at most MAX_PRICE_MINOR_UNITS.
 */
export function amountProblem(text: string, currency: string, { allowZero = false } = {}): AmountProblem | null {
  if (text.length > MAX_AMOUNT_LENGTH || !NUMBER.test(text)) return "invalid";
  if (text.startsWith("-") && Number(text) !== 0) return "negative";
  if (Number(text) === 0 && !allowZero) return "zero";
  const decimals = (text.split(".")[1] ?? "").replace(/0+$/, "").length;
  if (decimals > minorUnitDigits(currency)) return "decimals";
  if (toMinorUnits(text.replace(/^-/, ""), currency) > MAX_PRICE_MINOR_UNITS) return "too-high";
  return null;
}

/** What a field of an amount says of each problem, in the currency's decimals ("such as 12.50", "such as 1200"). */
export function amountMessages(label: string, currency: string) {
  const digits = minorUnitDigits(currency);
  return {
    invalid: `${label} must be a number, such as ${digits === 0 ? "1200" : (12.5).toFixed(digits)}`,
    negative: `${label} must be more than 0`,
    zero: `${label} must be more than 0`,
    decimals:
      digits === 0 ? `${label} must be a whole number` : `${label} can have at most ${plural(digits, "decimal")}`,
    "too-high": `${label} must be at most ${formatMoney(MAX_PRICE_MINOR_UNITS, currency)}`,
  } satisfies Record<AmountProblem, string>;
}

/**
 * A form schema for amounts in a currency, made once per currency: the form reader keeps what it learns of a schema by
 * its identity, so the same schema object must come back each time.
 */
export function perCurrency<Schema>(build: (currency: string) => Schema) {
  const made = new Map<string, Schema>();
  return (currency: string) => {
    let schema = made.get(currency);
    if (!schema) {
      schema = build(currency);
      made.set(currency, schema);
    }
    return schema;
  };
}
