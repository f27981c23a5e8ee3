import { describe, expect, it } from "vitest";
import { formatAmount, formatMoney, minorUnitDigits, toMinorUnits } from "~/utils/money";

describe("a currency's minor unit", () => {
  it("has the currency's own number of decimals", () => {
    expect(["USD", "EUR", "JPY", "KRW", "KWD", "BHD"].map(minorUnitDigits)).toEqual([2, 2, 0, 0, 3, 3]);
  });
});

describe("formatMoney", () => {
  it("shows an amount of minor units in the currency", () => {
    expect(formatMoney(1250, "USD")).toBe("$12.50");
    expect(formatMoney(49, "JPY")).toBe("¥49");
    expect(formatMoney(4900, "JPY")).toBe("¥4,900");
    expect(formatMoney(1234, "KWD")).toBe("KWD\u00a01.234");
    expect(formatMoney(0, "USD")).toBe("$0.00");
  });
});

describe("formatAmount", () => {
  it("writes an amount as a spreadsheet reads it, to the currency's decimals", () => {
    expect(formatAmount(1299, "USD")).toBe("12.99");
    expect(formatAmount(5, "USD")).toBe("0.05");
    expect(formatAmount(49, "JPY")).toBe("49");
    expect(formatAmount(1234, "KWD")).toBe("1.234");
    expect(formatAmount(-1250, "USD")).toBe("-12.50");
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
