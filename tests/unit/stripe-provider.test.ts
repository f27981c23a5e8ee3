import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createStripeProvider } from "~/services/payments/stripe.server";
import { WebhookSignatureError, type StartCheckoutRequest } from "~/services/payments/types";
import { startFakeStripe, type FakeStripe } from "../stripe/fake-stripe";

// The Stripe provider against a fake Stripe that checks every request and answer against Stripe's OpenAPI
// description (tests/stripe/fake-stripe.ts): a parameter Stripe does not know is a problem, so each test ends by
// finding none.

const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";
const BOOKING = "6f1c0d2e-5b7a-4c1e-9a3d-2b8f4e6a1c90";
const SITE = `https://cinema.example/my-bookings/${BOOKING}`;
const MINUTE = 60_000;

let fake: FakeStripe;
let provider: ReturnType<typeof createStripeProvider>;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: "sk_test_cinema", webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
});

afterEach(() => {
  vi.useRealTimers();
  // Emptied as it is checked, so a problem fails the test that made it and no other.
  expect(fake.problems.splice(0)).toEqual([]);
});

afterAll(() => fake.close());

function checkoutRequest(changes: Partial<StartCheckoutRequest> = {}): StartCheckoutRequest {
  return {
    bookingId: BOOKING,
    lines: [
      { name: "Adult", unitAmountCents: 1250, quantity: 2 },
      { name: "Child", unitAmountCents: 800, quantity: 1 },
    ],
    amountCents: 3300,
    summary: "Dune: 2 × Adult, 1 × Child, Code SPRING −$4.80",
    currency: "USD",
    customerEmail: "ann@example.com",
    returnUrl: `${SITE}/paid?checkout={CHECKOUT_ID}`,
    cancelUrl: `${SITE}/pay`,
    expiresAt: new Date(Date.now() + 10 * MINUTE),
    idempotencyKey: `checkout:${randomUUID()}`,
    ...changes,
  };
}

const lastRequest = () => fake.requests[fake.requests.length - 1];

async function paidCheckout(last4 = "4242") {
  const { id } = await provider.startCheckout(checkoutRequest());
  fake.pay(id, { last4 });
  return provider.readCheckout(id);
}

/** A webhook delivery as Stripe signs it, the signature made by the SDK's own test helper. */
function delivery(type: string, object: object, secret = WEBHOOK_SECRET) {
  const event = { id: `evt_${randomUUID()}`, object: "event", api_version: "2023-08-16", created: 1, type };
  const payload = JSON.stringify({ ...event, data: { object }, livemode: false, pending_webhooks: 1 });
  const headers = new Headers({ "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) });
  return { id: event.id, payload, headers };
}

describe("starting a checkout", () => {
  it("sends one line per ticket line, the booking as reference and Stripe's template in the return address", async () => {
    const request = checkoutRequest();
    const before = Math.floor(Date.now() / 1000);
    const checkout = await provider.startCheckout(request);

    expect(checkout.id).toMatch(/^cs_test_/);
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = lastRequest();
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: request.idempotencyKey,
    });
    expect(sent.body).toEqual({
      mode: "payment",
      line_items: [
        { price_data: { currency: "usd", unit_amount: 1250, product_data: { name: "Adult" } }, quantity: 2 },
        { price_data: { currency: "usd", unit_amount: 800, product_data: { name: "Child" } }, quantity: 1 },
      ],
      client_reference_id: BOOKING,
      metadata: { booking_id: BOOKING },
      payment_intent_data: { metadata: { booking_id: BOOKING } },
      customer_email: "ann@example.com",
      success_url: `${SITE}/paid?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/pay`,
      expires_at: expect.any(Number),
    });
    // The hold ends in 10 minutes, but Stripe keeps a checkout open 30 minutes at least.
    expect(sent.body.expires_at).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(checkout.expiresAt).toEqual(new Date((sent.body.expires_at as number) * 1000));
  });

  it("ends the page 31 minutes after the hold, whenever Pay is pressed, and sends no email when there is none", async () => {
    const expiresAt = new Date(Date.now() + 2 * 60 * MINUTE);
    await provider.startCheckout(checkoutRequest({ expiresAt, customerEmail: null }));

    expect(lastRequest().body.expires_at).toBe(Math.ceil((expiresAt.getTime() + 31 * MINUTE) / 1000));
    expect(lastRequest().body).not.toHaveProperty("customer_email");
  });

  it("charges one line named by the summary when a promo code takes the amount below the lines'", async () => {
    const request = checkoutRequest({ amountCents: 2820 });
    const checkout = await provider.startCheckout(request);

    expect(lastRequest().body.line_items).toEqual([
      { price_data: { currency: "usd", unit_amount: 2820, product_data: { name: request.summary } }, quantity: 1 },
    ]);
    expect(await provider.readCheckout(checkout.id)).toMatchObject({ amountCents: 2820, currency: "USD" });
  });

  it("answers the same checkout for the same idempotency key, pressed a while apart", async () => {
    const request = checkoutRequest();
    const first = await provider.startCheckout(request);
    // The second press comes a few seconds later: the request it sends is the same one.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5_000);
    const again = await provider.startCheckout(request);

    expect(again).toEqual(first);
    expect(fake.requests.slice(-2).map((sent) => sent.idempotencyKey)).toEqual([
      request.idempotencyKey,
      request.idempotencyKey,
    ]);
  });
});

describe("reading and ending a checkout", () => {
  it("reads an open checkout, then the same one paid, with its payment intent and card", async () => {
    const { id } = await provider.startCheckout(checkoutRequest());
    expect(await provider.readCheckout(id)).toEqual({
      id,
      bookingId: BOOKING,
      status: "open",
      paid: false,
      amountCents: 3300,
      currency: "USD",
      paymentReference: null,
      cardLast4: null,
    });
    expect(lastRequest()).toMatchObject({
      method: "GET",
      path: `/v1/checkout/sessions/${id}`,
      query: { expand: ["payment_intent.latest_charge"] },
    });

    fake.pay(id, { last4: "4444" });
    expect(await provider.readCheckout(id)).toEqual({
      id,
      bookingId: BOOKING,
      status: "complete",
      paid: true,
      amountCents: 3300,
      currency: "USD",
      paymentReference: expect.stringMatching(/^pi_/),
      cardLast4: "4444",
    });
  });

  it("expires an open checkout, which then stays expired", async () => {
    const { id } = await provider.startCheckout(checkoutRequest());

    expect(await provider.expireCheckout(id)).toMatchObject({ id, status: "expired", paid: false });
    expect(lastRequest()).toMatchObject({ method: "POST", path: `/v1/checkout/sessions/${id}/expire` });
    expect(await provider.readCheckout(id)).toMatchObject({ status: "expired", paymentReference: null });
  });

  it("answers a checkout paid before it could be expired as complete and paid", async () => {
    const { id } = await provider.startCheckout(checkoutRequest());
    fake.pay(id, { last4: "4242" });

    expect(await provider.expireCheckout(id)).toMatchObject({
      id,
      status: "complete",
      paid: true,
      paymentReference: expect.stringMatching(/^pi_/),
      cardLast4: "4242",
    });
    expect(fake.requests.slice(-2).map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST /v1/checkout/sessions/${id}/expire`,
      `GET /v1/checkout/sessions/${id}`,
    ]);
  });
});

describe("refunds", () => {
  it.each([
    ["succeeded", "succeeded"],
    ["pending", "pending"],
    ["failed", "failed"],
  ] as const)("maps a refund Stripe answers %s to %s", async (stripeStatus, status) => {
    const paid = await paidCheckout();
    fake.nextRefundStatus = stripeStatus;
    const idempotencyKey = `refund:${randomUUID()}`;

    const result = await provider.refund({
      paymentReference: paid.paymentReference!,
      amountCents: 1250,
      idempotencyKey,
    });

    expect(result).toEqual({ ok: true, reference: expect.stringMatching(/^re_/), status });
    expect(lastRequest()).toMatchObject({
      path: "/v1/refunds",
      body: { payment_intent: paid.paymentReference, amount: 1250 },
      idempotencyKey,
    });
  });

  it("says payments are unavailable when Stripe cannot be reached", async () => {
    const gone = await startFakeStripe();
    await gone.close();
    const cutOff = createStripeProvider({
      secretKey: "sk_test_cinema",
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: gone.url,
    });

    expect(
      await cutOff.refund({ paymentReference: "pi_123", amountCents: 100, idempotencyKey: "refund:gone" }),
    ).toEqual({ ok: false, reason: "unavailable", message: "Payments are unavailable right now. Please try again." });
  });

  it("throws when Stripe finds the request wrong (a payment it does not have)", async () => {
    await expect(
      provider.refund({ paymentReference: "pi_unknown", amountCents: 100, idempotencyKey: `refund:${randomUUID()}` }),
    ).rejects.toThrow("No such payment_intent: 'pi_unknown'");
  });
});

describe("webhooks", () => {
  it.each(["checkout.session.completed", "checkout.session.async_payment_succeeded"])(
    "reads %s as a completed checkout",
    async (type) => {
      const paid = await paidCheckout();
      const { id, payload, headers } = delivery(type, fake.apiObject(paid.id));

      expect(provider.parseWebhook(payload, headers)).toEqual({
        id,
        type,
        kind: "checkout-completed",
        checkout: { ...paid, cardLast4: null },
      });
    },
  );

  it("reads checkout.session.expired as an expired checkout", async () => {
    const { id: checkoutId } = await provider.startCheckout(checkoutRequest());
    await provider.expireCheckout(checkoutId);
    const { id, payload, headers } = delivery("checkout.session.expired", fake.apiObject(checkoutId));

    expect(provider.parseWebhook(payload, headers)).toMatchObject({
      id,
      type: "checkout.session.expired",
      kind: "checkout-expired",
      checkout: { id: checkoutId, bookingId: BOOKING, status: "expired", paid: false },
    });
  });

  it.each([
    ["refund.updated", "succeeded", "succeeded"],
    ["refund.failed", "failed", "failed"],
    ["charge.refund.updated", "canceled", "failed"],
    ["refund.updated", "requires_action", "pending"],
  ])("reads %s of a refund now %s as %s", async (type, stripeStatus, status) => {
    const paid = await paidCheckout();
    fake.nextRefundStatus = "pending";
    const refund = await provider.refund({
      paymentReference: paid.paymentReference!,
      amountCents: 800,
      idempotencyKey: `refund:${randomUUID()}`,
    });
    const reference = refund.ok ? refund.reference : "";
    const { id, payload, headers } = delivery(type, { ...fake.apiObject(reference), status: stripeStatus });

    expect(provider.parseWebhook(payload, headers)).toEqual({
      id,
      type,
      kind: "refund-updated",
      refund: { reference, paymentReference: paid.paymentReference, status },
    });
  });

  it("ignores other events, keeping their id and type", () => {
    const { id, payload, headers } = delivery("payment_intent.succeeded", { id: "pi_123", object: "payment_intent" });

    expect(provider.parseWebhook(payload, headers)).toEqual({ id, type: "payment_intent.succeeded", kind: "ignored" });
  });

  it("refuses a delivery signed with another secret, a tampered body, an old signature and no signature", async () => {
    const paid = await paidCheckout();
    const session = fake.apiObject(paid.id);
    const signed = delivery("checkout.session.completed", session);
    const otherSecret = delivery("checkout.session.completed", session, "whsec_someone_else");
    const tampered = signed.payload.replace('"amount_total":3300', '"amount_total":1');
    const old = Stripe.webhooks.generateTestHeaderString({
      payload: signed.payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });

    expect(tampered).not.toBe(signed.payload);
    expect(() => provider.parseWebhook(otherSecret.payload, otherSecret.headers)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(tampered, signed.headers)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(signed.payload, new Headers({ "stripe-signature": old }))).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.parseWebhook(signed.payload, new Headers())).toThrow(WebhookSignatureError);
    expect(provider.parseWebhook(signed.payload, signed.headers)).toMatchObject({ kind: "checkout-completed" });
  });
});

describe("the provider's identity", () => {
  it("is in test mode with a test key, and links to the test dashboard", () => {
    expect(provider).toMatchObject({ id: "stripe", label: "Stripe", testMode: true });
    expect(provider.dashboardUrl("pi_123")).toBe("https://dashboard.stripe.com/test/payments/pi_123");
  });

  it("is live with a live key, and links to the live dashboard", () => {
    const live = createStripeProvider({ secretKey: "sk_live_cinema", webhookSecret: WEBHOOK_SECRET, apiUrl: null });

    expect(live.testMode).toBe(false);
    expect(live.dashboardUrl("pi_123")).toBe("https://dashboard.stripe.com/payments/pi_123");
  });
});

describe("the fake Stripe's check against the OpenAPI description", () => {
  const line = "line_items[0][price_data][currency]=usd&line_items[0][price_data][product_data][name]=Adult";
  it.each([
    [
      "a misspelt nested parameter",
      `${line}&line_items[0][price_data][unit_amout]=1250&line_items[0][quantity]=1`,
      /unit_amout/,
    ],
    [
      "an unknown top-level parameter",
      `${line}&line_items[0][price_data][unit_amount]=1250&client_reference=x`,
      /client_reference/,
    ],
    [
      "a number that is not one",
      `${line}&line_items[0][price_data][unit_amount]=1250&line_items[0][quantity]=two`,
      /quantity/,
    ],
  ])("refuses %s and records it as a problem", async (_, form, named) => {
    const strict = await startFakeStripe();
    try {
      const response = await fetch(`${strict.url}/v1/checkout/sessions`, {
        method: "POST",
        headers: { authorization: "Bearer sk_test_cinema", "content-type": "application/x-www-form-urlencoded" },
        body: `mode=payment&success_url=https%3A%2F%2Fcinema.example%2Fpaid&${form}`,
      });

      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { type: "invalid_request_error", message: expect.stringMatching(named) },
      });
      expect(strict.problems).toEqual([expect.stringMatching(named)]);
    } finally {
      await strict.close();
    }
  });
});
