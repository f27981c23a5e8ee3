import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PAYMENT_PROVIDER_IDS } from "~/config.server";
import { getDb } from "~/services/db.server";
import { paymentProvider } from "~/services/payments/index.server";
import {
  finishSecondStep,
  gatewayPage,
  payWithCard,
  signatureHeader,
  TEST_CARDS,
  testPaymentProvider,
} from "~/services/payments/test-gateway.server";
import { WebhookSignatureError, type StartCheckoutRequest } from "~/services/payments/types";

function checkoutRequest(changes: Partial<StartCheckoutRequest> = {}): StartCheckoutRequest {
  return {
    bookingId: randomUUID(),
    lines: [
      { name: "Adult", unitAmountCents: 1200, quantity: 2 },
      { name: "Child", unitAmountCents: 800, quantity: 1 },
    ],
    amountCents: 3200,
    summary: "Tidewater Ghosts: 2 × Adult $12.00, 1 × Child $8.00",
    currency: "USD",
    customerEmail: "ana@example.com",
    returnUrl: "http://127.0.0.1:3000/my-bookings/b/paid?checkout={CHECKOUT_ID}",
    cancelUrl: "http://127.0.0.1:3000/my-bookings/b/pay",
    expiresAt: new Date(Date.now() + 10 * 60_000),
    idempotencyKey: `checkout:${randomUUID()}`,
    ...changes,
  };
}

const start = (changes: Partial<StartCheckoutRequest> = {}) =>
  testPaymentProvider.startCheckout(checkoutRequest(changes));

describe("payment providers", () => {
  it("lists the built-in test gateway and Stripe, and finds the test gateway by id", () => {
    expect(PAYMENT_PROVIDER_IDS).toEqual(["test", "stripe"]);
    expect(paymentProvider("test")).toBe(testPaymentProvider);
  });

  it("says what Stripe needs when it is asked for without its keys", () => {
    expect(() => paymentProvider("stripe")).toThrow(
      "A Stripe payment needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, and PAYMENT_PROVIDER=stripe",
    );
  });

  it("names the known providers when asked for an unknown one", () => {
    for (const id of ["", "constructor", "__proto__", "TEST"])
      expect(() => paymentProvider(id)).toThrow(`Unknown payment provider "${id}"; known providers: test, stripe`);
  });
});

describe("the test gateway's checkouts", () => {
  it("makes a hosted page of its own for a checkout, with the return address naming it", async () => {
    const request = checkoutRequest();
    const checkout = await testPaymentProvider.startCheckout(request);
    expect(checkout.id).toMatch(/^cs_test_[0-9a-f]{24}$/);
    expect(checkout.url).toMatch(new RegExp(`^https?://[^/]+/test-gateway/checkouts/${checkout.id}$`));
    expect(checkout.expiresAt.getTime()).toBe(request.expiresAt.getTime());
    expect(await gatewayPage(checkout.id)).toMatchObject({
      status: "open",
      amountCents: 3200,
      lines: request.lines,
      returnUrl: `http://127.0.0.1:3000/my-bookings/b/paid?checkout=${checkout.id}`,
      expired: false,
      awaitingStep: false,
    });
    expect(await testPaymentProvider.readCheckout(checkout.id)).toEqual({
      id: checkout.id,
      bookingId: request.bookingId,
      status: "open",
      paid: false,
      amountCents: 3200,
      currency: "USD",
      paymentReference: null,
      cardLast4: null,
    });
  });

  it("has no page for an address that is not one of its checkout ids, a NUL among them", async () => {
    const { id } = await start();
    for (const address of ["\u0000", `${id}\u0000`, "cs_test_\u0000", id.toUpperCase(), `${id} `, "", "x".repeat(300)])
      expect(await gatewayPage(address), JSON.stringify(address)).toBeNull();
  });

  it("answers the same key with the same checkout, and another key with another", async () => {
    const key = `checkout:${randomUUID()}`;
    const first = await start({ idempotencyKey: key });
    expect(await start({ idempotencyKey: key })).toEqual(first);
    expect((await start()).id).not.toBe(first.id);
  });

  it("refuses an amount no caller should ask for, and one below Stripe's minimum charge, as Stripe does", async () => {
    await expect(start({ amountCents: 0 })).rejects.toThrow("not 0");
    await expect(start({ amountCents: 12.5 })).rejects.toThrow("not 12.5");
    expect(testPaymentProvider.minimumChargeCents("USD")).toBe(50);
    expect(testPaymentProvider.minimumChargeCents("GBP")).toBe(30);
    await expect(start({ amountCents: 49 })).rejects.toThrow("at least 50 minor units of USD");
    expect((await start({ amountCents: 50 })).url).toMatch(/\/test-gateway\/checkouts\//);
  });

  it("pays once with the good card, keeping only its last four digits", async () => {
    const { id } = await start();
    expect(await payWithCard(id, TEST_CARDS.pays)).toEqual({
      outcome: "paid",
      returnUrl: expect.stringContaining(`checkout=${id}`),
    });
    expect(await testPaymentProvider.readCheckout(id)).toMatchObject({
      status: "complete",
      paid: true,
      paymentReference: expect.stringMatching(/^pi_test_[0-9a-f]{24}$/),
      cardLast4: "4242",
    });
    expect(await payWithCard(id, TEST_CARDS.pays)).toEqual({ outcome: "closed" });
    const rows = await (await getDb()).query("select * from test_gateway_checkouts where id = $1", [id]);
    expect(JSON.stringify(rows)).not.toContain(TEST_CARDS.pays);
  });

  it.each([
    ["the declined card", TEST_CARDS.declined, "Your card was declined. Check the number or try another card."],
    ["the card without funds", TEST_CARDS.insufficientFunds, "Your card has insufficient funds. Try another card."],
  ])("refuses %s and leaves the checkout open", async (_, number, message) => {
    const { id } = await start();
    expect(await payWithCard(id, number)).toEqual({ outcome: "refused", message });
    expect(await testPaymentProvider.readCheckout(id)).toMatchObject({ status: "open", paid: false });
  });

  it("asks for a second step, which pays when confirmed and leaves the checkout open when refused", async () => {
    const { id } = await start();
    expect(await payWithCard(id, TEST_CARDS.needsSecondStep)).toEqual({ outcome: "second-step" });
    expect(await gatewayPage(id)).toMatchObject({ awaitingStep: true });
    expect(await finishSecondStep(id, false)).toMatchObject({ outcome: "refused" });
    expect(await gatewayPage(id)).toMatchObject({ status: "open", awaitingStep: false });
    expect(await finishSecondStep(id, true)).toEqual({ outcome: "closed" });
    await payWithCard(id, TEST_CARDS.needsSecondStep);
    expect(await finishSecondStep(id, true)).toMatchObject({ outcome: "paid" });
    expect(await testPaymentProvider.readCheckout(id)).toMatchObject({ paid: true, cardLast4: "3155" });
  });

  it("takes no payment once its page has expired, or once it was expired through the API", async () => {
    const lapsed = await start({ expiresAt: new Date(Date.now() - 1000) });
    expect(await gatewayPage(lapsed.id)).toMatchObject({ expired: true });
    expect(await payWithCard(lapsed.id, TEST_CARDS.pays)).toEqual({ outcome: "closed" });
    const { id } = await start();
    expect(await testPaymentProvider.expireCheckout(id)).toMatchObject({ status: "expired", paid: false });
    expect(await payWithCard(id, TEST_CARDS.pays)).toEqual({ outcome: "closed" });
  });

  it("answers an expiry of a checkout paid first with its payment", async () => {
    const { id } = await start();
    await payWithCard(id, TEST_CARDS.pays);
    expect(await testPaymentProvider.expireCheckout(id)).toMatchObject({ status: "complete", paid: true });
  });

  it("refunds once per key, and throws on a payment that is not its own", async () => {
    const { id } = await start();
    await payWithCard(id, TEST_CARDS.pays);
    const { paymentReference } = await testPaymentProvider.readCheckout(id);
    const request = { paymentReference: paymentReference!, amountCents: 3200, idempotencyKey: "refund-1" };
    const refunded = await testPaymentProvider.refund(request);
    expect(refunded).toEqual({
      ok: true,
      reference: expect.stringMatching(/^re_test_[0-9a-f]{24}$/),
      status: "succeeded",
    });
    expect(await testPaymentProvider.refund(request)).toEqual(refunded);
    expect(await testPaymentProvider.refund({ ...request, idempotencyKey: "refund-2" })).not.toEqual(refunded);
    await expect(testPaymentProvider.refund({ ...request, paymentReference: "pi_live_123" })).rejects.toThrow(
      '"pi_live_123" is not a payment of the test gateway',
    );
    await expect(testPaymentProvider.refund({ ...request, amountCents: -1 })).rejects.toThrow("not -1");
  });
});

describe("the test gateway's webhooks", () => {
  const event = JSON.stringify({
    id: "evt_test_1",
    type: "checkout.session.completed",
    data: {
      object: {
        id: "cs_test_1",
        bookingId: "b",
        status: "complete",
        amountCents: 3200,
        currency: "USD",
        paymentReference: "pi_test_1",
        cardLast4: "4242",
      },
    },
  });

  it("reads an event signed as Stripe signs them", () => {
    expect(testPaymentProvider.parseWebhook(event, new Headers(signatureHeader(event)))).toEqual({
      id: "evt_test_1",
      type: "checkout.session.completed",
      kind: "checkout-completed",
      checkout: {
        id: "cs_test_1",
        bookingId: "b",
        status: "complete",
        paid: true,
        amountCents: 3200,
        currency: "USD",
        paymentReference: "pi_test_1",
        cardLast4: "4242",
      },
    });
    const other = JSON.stringify({ id: "evt_test_2", type: "customer.created", data: { object: {} } });
    expect(testPaymentProvider.parseWebhook(other, new Headers(signatureHeader(other)))).toEqual({
      id: "evt_test_2",
      type: "customer.created",
      kind: "ignored",
    });
  });

  it("refuses a missing, wrong, tampered or old signature", () => {
    const parse = (body: string, headers: Record<string, string>) => () =>
      testPaymentProvider.parseWebhook(body, new Headers(headers));
    expect(parse(event, {})).toThrow(WebhookSignatureError);
    expect(parse(event, { "test-gateway-signature": "t=1,v1=00" })).toThrow(WebhookSignatureError);
    expect(parse(event, { "test-gateway-signature": "garbage" })).toThrow(WebhookSignatureError);
    expect(parse(event.replace("3200", "1"), signatureHeader(event))).toThrow(WebhookSignatureError);
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(parse(event, signatureHeader(event, anHourAgo))).toThrow("The webhook's signature is too old");
  });
});
