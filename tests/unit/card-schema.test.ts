import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  CARD_EXPIRED,
  CARD_NUMBER_INVALID,
  CARD_NUMBER_REQUIRED,
  CVC_INVALID,
  CVC_REQUIRED,
  EXPIRY_INVALID,
  EXPIRY_REQUIRED,
  cardLast4,
  cardPaymentSchema,
} from "~/schemas/card";
import { passesLuhnCheck } from "~/utils/luhn";

const MID_MARCH_2026 = new Date("2026-03-15T12:00:00Z");
const valid = { cardNumber: "4242 4242 4242 4242", expiry: "03/26", cvc: "123" };

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
}

/** The messages the checkout form would show, as conform reads the form in the browser and the action. */
function errors(fields: Record<string, string | string[]>, now = MID_MARCH_2026) {
  const submission = parseWithZod(form(fields), { schema: cardPaymentSchema(now) });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

function parsed(fields: Record<string, unknown>, now = MID_MARCH_2026) {
  const result = cardPaymentSchema(now).safeParse(fields);
  if (!result.success) throw new Error(JSON.stringify(result.error.flatten().fieldErrors));
  return result.data;
}

/** Field errors from the schema alone, for values a form cannot send (numbers, missing keys, blanks). */
function rawErrors(fields: Record<string, unknown>) {
  const result = cardPaymentSchema(MID_MARCH_2026).safeParse(fields);
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("card payment schema", () => {
  it("asks for every field", () => {
    const required = { cardNumber: [CARD_NUMBER_REQUIRED], expiry: [EXPIRY_REQUIRED], cvc: [CVC_REQUIRED] };
    expect(errors({})).toEqual(required);
    expect(errors({ cardNumber: "", expiry: "", cvc: "" })).toEqual(required);
    expect(rawErrors({})).toEqual(required);
    expect(rawErrors({ cardNumber: "", expiry: "   ", cvc: " " })).toEqual(required);
  });

  it("spells its messages as the form shows them", () => {
    expect([CARD_NUMBER_REQUIRED, CARD_NUMBER_INVALID]).toEqual([
      "Enter your card number",
      "Enter a valid card number",
    ]);
    expect([EXPIRY_REQUIRED, EXPIRY_INVALID, CARD_EXPIRED]).toEqual([
      "Enter the expiry date",
      "Enter the expiry date as MM/YY",
      "This card has expired",
    ]);
    expect([CVC_REQUIRED, CVC_INVALID]).toEqual(["Enter the security code", "The security code is 3 or 4 digits"]);
  });

  it("accepts a valid card, keeping the digits only and a four-digit year", () => {
    expect(errors(valid)).toEqual({});
    expect(parsed(valid)).toEqual({ cardNumber: "4242424242424242", expiry: { month: 3, year: 2026 }, cvc: "123" });
    expect(parsed({ ...valid, cardNumber: " 4242-4242-4242-4242 ", cvc: " 1234 " })).toMatchObject({
      cardNumber: "4242424242424242",
      cvc: "1234",
    });
  });

  it("takes card numbers of 12 to 19 digits that pass the check digit", () => {
    expect(parsed({ ...valid, cardNumber: "123456789015" }).cardNumber).toBe("123456789015");
    expect(parsed({ ...valid, cardNumber: "1234567890123456785" }).cardNumber).toBe("1234567890123456785");
    expect(parsed({ ...valid, cardNumber: "5555 5555 5555 4444" }).cardNumber).toBe("5555555555554444");
  });

  it("refuses card numbers that are too short, too long, mistyped or not digits", () => {
    for (const cardNumber of [
      "4242 4242 4242 4241", // one digit off: the check digit fails
      "12345678903", // 11 digits
      "12345678901234567894", // 20 digits
      "4242 4242 4242 424a",
      "4242.4242.4242.4242",
      "----",
      "4".repeat(41),
      `4242 4242 4242 4242${" ".repeat(30)}x`,
    ])
      expect(errors({ ...valid, cardNumber }), cardNumber).toEqual({ cardNumber: [CARD_NUMBER_INVALID] });
  });

  it("caps every field at 40 characters, however harmless the padding", () => {
    const spacedNumber = (length: number) => `4242${" ".repeat(length - 18)}4242 4242 4242`;
    expect(spacedNumber(40)).toHaveLength(40);
    expect(parsed({ ...valid, cardNumber: spacedNumber(40) }).cardNumber).toBe("4242424242424242");
    expect(errors({ ...valid, cardNumber: spacedNumber(41) })).toEqual({ cardNumber: [CARD_NUMBER_INVALID] });
    expect(parsed({ ...valid, expiry: `03${" ".repeat(35)}/26` }).expiry).toEqual({ month: 3, year: 2026 });
    expect(errors({ ...valid, expiry: `03${" ".repeat(36)}/26` })).toEqual({ expiry: [EXPIRY_INVALID] });
  });

  it("refuses a repeated or non-text card number with one message", () => {
    expect(errors({ ...valid, cardNumber: ["4242424242424242", "4242424242424242"] })).toEqual({
      cardNumber: [CARD_NUMBER_INVALID],
    });
    expect(rawErrors({ ...valid, cardNumber: 4242424242424242 })).toEqual({ cardNumber: [CARD_NUMBER_INVALID] });
  });

  it("reads the expiry date as MM/YY, with some leeway in how it is typed", () => {
    expect(parsed({ ...valid, expiry: "3/26" }).expiry).toEqual({ month: 3, year: 2026 });
    expect(parsed({ ...valid, expiry: "03 / 26" }).expiry).toEqual({ month: 3, year: 2026 });
    expect(parsed({ ...valid, expiry: "12/2031" }).expiry).toEqual({ month: 12, year: 2031 });
    expect(parsed({ ...valid, expiry: "01/99" }).expiry).toEqual({ month: 1, year: 2099 });
  });

  it("refuses an expiry date of another shape or a month that does not exist", () => {
    for (const expiry of [
      "13/26",
      "00/26",
      "0/26",
      "0326",
      "03-26",
      "03/6",
      "03/026",
      "MM/YY",
      "03/26/27",
      "1".repeat(41),
    ])
      expect(errors({ ...valid, expiry }), expiry).toEqual({ expiry: [EXPIRY_INVALID] });
    expect(errors({ ...valid, expiry: ["03/27", "04/27"] })).toEqual({ expiry: [EXPIRY_INVALID] });
  });

  it("keeps a card valid through the last day of its month", () => {
    expect(errors({ ...valid, expiry: "03/26" }, new Date("2026-03-31T23:59:59Z"))).toEqual({});
    expect(errors({ ...valid, expiry: "03/26" }, new Date("2026-04-01T00:00:00Z"))).toEqual({
      expiry: [CARD_EXPIRED],
    });
    expect(errors({ ...valid, expiry: "02/26" })).toEqual({ expiry: [CARD_EXPIRED] });
    expect(errors({ ...valid, expiry: "12/25" })).toEqual({ expiry: [CARD_EXPIRED] });
    expect(errors({ ...valid, expiry: "12/2025" })).toEqual({ expiry: [CARD_EXPIRED] });
  });

  it("takes a security code of 3 or 4 digits only", () => {
    expect(parsed({ ...valid, cvc: "000" }).cvc).toBe("000");
    for (const cvc of ["12", "12345", "12a", "1 23", "9".repeat(41)])
      expect(errors({ ...valid, cvc }), cvc).toEqual({ cvc: [CVC_INVALID] });
    expect(rawErrors({ ...valid, cvc: 123 })).toEqual({ cvc: [CVC_INVALID] });
  });

  it("reports every wrong field at once", () => {
    expect(errors({ cardNumber: "1234", expiry: "14/30", cvc: "1" })).toEqual({
      cardNumber: [CARD_NUMBER_INVALID],
      expiry: [EXPIRY_INVALID],
      cvc: [CVC_INVALID],
    });
  });
});

describe("card helpers", () => {
  it("keeps the last four digits of a card number", () => {
    expect(cardLast4("4242424242424242")).toBe("4242");
    expect(cardLast4("4000 0000 0000 0002")).toBe("0002");
    expect(cardLast4("5555555555554444")).toBe("4444");
  });

  it("checks the Luhn check digit", () => {
    expect(passesLuhnCheck("4242424242424242")).toBe(true);
    expect(passesLuhnCheck("79927398713")).toBe(true);
    expect(passesLuhnCheck("79927398710")).toBe(false);
    expect(passesLuhnCheck("4242424242424241")).toBe(false);
    expect(passesLuhnCheck("")).toBe(false);
    expect(passesLuhnCheck("4242 4242 4242 4242")).toBe(false);
  });
});
