import { describe, expect, it } from "vitest";
import { formatAmount, formatMoney, minorUnitDigits, toMinorUnits } from "~/utils/money";

describe("a currency's minor unit", () => {
  it("has the currency's own number of decimals", () => {
    expect(["USD", "EUR", "JPY", "KRW", "KWD", "BHD"].map(minorUnitDigits)).toEqual([2, 2, 0, 0, 3, 3]);
  });
});

describe("writing an amount", () => {
  // Minor units and currency; formatMoney for people, formatAmount as a spreadsheet reads it.
  const cases: [number, string, string, string][] = [
    [1250, "USD", "$12.50", "12.50"],
    [5, "USD", "$0.05", "0.05"],
    [0, "USD", "$0.00", "0.00"],
    [-1250, "USD", "-$12.50", "-12.50"],
    [49, "JPY", "¥49", "49"],
    [4900, "JPY", "¥4,900", "4900"],
    [1234, "KWD", "KWD\u00a01.234", "1.234"],
  ];
  it.each(cases)("%i %s is %s, or %s in a spreadsheet", (minorUnits, currency, money, amount) => {
    expect(formatMoney(minorUnits, currency)).toBe(money);
    expect(formatAmount(minorUnits, currency)).toBe(amount);
  });
});

describe("toMinorUnits", () => {
  it("reads a typed amount in whole minor units", () => {
    expect(toMinorUnits("12.99", "USD")).toBe(1299);
    expect(toMinorUnits("12.5", "USD")).toBe(1250);
    expect(toMinorUnits(".5", "USD")).toBe(50);
    expect(toMinorUnits("0.07", "USD")).toBe(7);
    expect(toMinorUnits("49", "JPY")).toBe(49);
    expect(toMinorUnits("49.0", "JPY")).toBe(49);
    expect(toMinorUnits("1.234", "KWD")).toBe(1234);
    expect(toMinorUnits("12.5", "KWD")).toBe(12500);
  });
});
