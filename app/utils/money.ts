// Amounts are whole numbers of the currency's minor unit: cents of USD, yen of JPY (which has none smaller), fils
// of KWD (a thousandth). Every conversion between them and what people read or type goes through this module.

// Building an Intl formatter costs far more than using one, and so does asking it for its options: each is made,
// and asked, once per currency.
const moneyFormats = new Map<string, { formatter: Intl.NumberFormat; digits: number }>();

function moneyFormat(currency: string) {
  let format = moneyFormats.get(currency);
  if (!format) {
    const formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    format = { formatter, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 };
    moneyFormats.set(currency, format);
  }
  return format;
}

/** How many decimals a currency's minor unit has: USD 2, JPY 0, KWD 3. */
export function minorUnitDigits(currency: string) {
  return moneyFormat(currency).digits;
}

/** 1250 minor units -> "$12.50" in USD, 49 -> "¥49" in JPY. */
export function formatMoney(minorUnits: number, currency: string) {
  const { formatter, digits } = moneyFormat(currency);
  return formatter.format(minorUnits / 10 ** digits);
}

/** 1299 -> "12.99" in USD, 49 -> "49" in JPY, 1234 -> "1.234" in KWD: a plain number, as a spreadsheet reads it. */
export function formatAmount(minorUnits: number, currency: string) {
  const digits = minorUnitDigits(currency);
  const text = String(Math.abs(minorUnits)).padStart(digits + 1, "0");
  const amount = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return minorUnits < 0 ? `-${amount}` : amount;
}

/**
 * A typed amount ("12.5", already checked to be a number with at most the currency's decimals, zeros past them
 * aside) in minor units (1250 in USD), counted in whole units so no binary fraction creeps in.
 */
export function toMinorUnits(amount: string, currency: string) {
  const digits = minorUnitDigits(currency);
  const [whole, fraction = ""] = amount.split(".");
  return Number(whole || "0") * 10 ** digits + Number(fraction.replace(/0+$/, "").padEnd(digits, "0") || "0");
}
