import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_PROVIDER_IDS } from "~/config.server";
import { paymentProvider } from "~/services/payments/index.server";
import { testPaymentProvider } from "~/services/payments/test-provider.server";
import type { ChargeRequest } from "~/services/payments/types";

function chargeRequest(
  number: string,
  idempotencyKey = "charge:6f1c0d2e-5b7a-4c1e-9a3d-2b8f4e6a1c90:1",
): ChargeRequest {
  return {
    amountCents: 2598,
    currency: "USD",
    card: { number, expMonth: 12, expYear: 2031, cvc: "987" },
    description: "Booking 6f1c0d2e (2 seats)",
    idempotencyKey,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("payment providers", () => {
  it("lists the built-in test provider and finds it by id", () => {
    expect(PAYMENT_PROVIDER_IDS).toEqual(["test"]);
    expect(paymentProvider("test")).toBe(testPaymentProvider);
  });

  it("names the known providers when asked for an unknown one", () => {
    expect(() => paymentProvider("stripe")).toThrow('Unknown payment provider "stripe"; known providers: test');
    expect(() => paymentProvider("")).toThrow('Unknown payment provider ""; known providers: test');
    expect(() => paymentProvider("constructor")).toThrow('Unknown payment provider "constructor"');
    expect(() => paymentProvider("__proto__")).toThrow('Unknown payment provider "__proto__"');
    expect(() => paymentProvider("TEST")).toThrow('Unknown payment provider "TEST"');
  });
});

describe("test payment provider", () => {
  it("says it is in test mode", () => {
    expect(testPaymentProvider).toMatchObject({ id: "test", label: "Test checkout", testMode: true });
  });

  it("pays with 4242 4242 4242 4242 and any other valid card, returning only the last 4 digits", async () => {
    const paid = await testPaymentProvider.charge(chargeRequest("4242424242424242"));
    expect(paid).toEqual({ ok: true, reference: expect.stringMatching(/^test_ch_[0-9a-f]{24}$/), last4: "4242" });
    expect(await testPaymentProvider.charge(chargeRequest("5555555555554444", "another key"))).toMatchObject({
      ok: true,
      last4: "4444",
    });
  });

  it.each([
    ["the decline test card", "4000000000000002", "declined", "Your card was declined."],
    ["a number failing the check digit", "4242424242424241", "declined", "Your card number is incorrect."],
    ["a number too short for a card", "12345678903", "declined", "Your card number is incorrect."],
    ["a number with spaces", "4242 4242 4242 4242", "declined", "Your card number is incorrect."],
    ["no number", "", "declined", "Your card number is incorrect."],
    [
      "the unavailable-gateway test card",
      "4000000000000119",
      "unavailable",
      "Payments are unavailable right now. Please try again.",
    ],
  ])("refuses %s", async (_, number, reason, message) => {
    expect(await testPaymentProvider.charge(chargeRequest(number))).toEqual({ ok: false, reason, message });
  });

  it("answers the same idempotency key with the same reference, and another key with another", async () => {
    const first = await testPaymentProvider.charge(chargeRequest("4242424242424242", "key-1"));
    const retry = await testPaymentProvider.charge(chargeRequest("4242424242424242", "key-1"));
    const other = await testPaymentProvider.charge(chargeRequest("4242424242424242", "key-2"));
    expect(retry).toEqual(first);
    expect(other.ok && other.reference).not.toBe(first.ok && first.reference);
  });

  it("never keeps or logs the card number or security code", async () => {
    const logged = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );
    const results = [
      await testPaymentProvider.charge(chargeRequest("4242424242424242")),
      await testPaymentProvider.charge(chargeRequest("4000000000000002")),
      await testPaymentProvider.charge(chargeRequest("4242424242424241")),
    ];
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    const withoutReferences = JSON.stringify(results.map((result) => ({ ...result, reference: undefined })));
    expect(withoutReferences).not.toContain("424242424242");
    expect(withoutReferences).not.toContain("987");
    expect(Object.keys(testPaymentProvider).sort()).toEqual([
      "charge",
      "findCharge",
      "id",
      "label",
      "refund",
      "testMode",
    ]);
  });

  it("refunds a test charge once per idempotency key", async () => {
    const paid = await testPaymentProvider.charge(chargeRequest("4242424242424242"));
    if (!paid.ok) throw new Error("the test card should pay");
    const refund = { reference: paid.reference, amountCents: 2598, idempotencyKey: "refund-1" };
    const refunded = await testPaymentProvider.refund(refund);
    expect(refunded).toEqual({ ok: true, reference: expect.stringMatching(/^test_re_[0-9a-f]{24}$/) });
    expect(await testPaymentProvider.refund(refund)).toEqual(refunded);
    expect(await testPaymentProvider.refund({ ...refund, idempotencyKey: "refund-2" })).not.toEqual(refunded);
    // A charge and a refund made with the same key still get different references.
    const sameKey = await testPaymentProvider.refund({ ...refund, idempotencyKey: chargeRequest("").idempotencyKey });
    expect(sameKey.ok && sameKey.reference.slice(8)).not.toBe(paid.reference.slice(8));
  });

  it("throws on requests no caller should make", async () => {
    const good = chargeRequest("4242424242424242");
    await expect(testPaymentProvider.charge({ ...good, amountCents: 0 })).rejects.toThrow(
      "The amount must be a positive whole number of minor units, not 0",
    );
    await expect(testPaymentProvider.charge({ ...good, amountCents: 12.5 })).rejects.toThrow("not 12.5");
    await expect(testPaymentProvider.charge({ ...good, currency: "usd" })).rejects.toThrow(
      '"usd" is not an ISO 4217 currency',
    );
    await expect(testPaymentProvider.charge({ ...good, idempotencyKey: "" })).rejects.toThrow(
      "The idempotency key must be 1 to 255 characters",
    );
    await expect(testPaymentProvider.charge({ ...good, idempotencyKey: "k".repeat(256) })).rejects.toThrow(
      "The idempotency key must be 1 to 255 characters",
    );
    await expect(
      testPaymentProvider.refund({ reference: "ch_live_123", amountCents: 100, idempotencyKey: "r" }),
    ).rejects.toThrow('"ch_live_123" is not a charge of the test payment provider');
    await expect(
      testPaymentProvider.refund({ reference: `test_ch_${"a".repeat(24)}`, amountCents: -1, idempotencyKey: "r" }),
    ).rejects.toThrow("The amount must be a positive whole number of minor units, not -1");
  });
});
