// The whole site with PAYMENT_PROVIDER=stripe, its SDK pointed at the fake Stripe (tests/stripe/fake-stripe.ts), whose
// every request and answer is checked against Stripe's OpenAPI description: Pay sends the customer to Stripe's page,
// the return page and the signed webhook settle the payment once, and a cancellation refunds it through Stripe.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../stripe/fake-stripe";
import { holdFirstFreeSeat, postForm, register, signIn, startSite, type Site } from "./site";

const WEBHOOK_SECRET = "whsec_site_test";
let fake: FakeStripe;
let site: Site;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  site = await startSite({
    env: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_site",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      // Paid bookings of tomorrow's shows can be cancelled.
      CANCEL_CUTOFF_MINUTES: "0",
    },
  });
  const { email, password } = await register(site, `stripe-${Date.now()}@example.com`);
  cookie = (await signIn(site, email, password))!;
});

afterAll(async () => {
  expect(await site.stop()).toBe(0);
  fs.rmSync(site.dataDir, { recursive: true, force: true });
  await fake.close();
});

const page = async (path: string) =>
  fetch(site.url + path, { redirect: "manual", headers: { Cookie: cookie } }).then(async (response) => ({
    status: response.status,
    location: response.headers.get("location"),
    text: await response.text(),
  }));

function webhook(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: "event",
    type,
    data: { object },
    api_version: "2023-08-16",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return fetch(`${site.url}/webhooks/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

it("pays on Stripe's page: one checkout for two presses, the return and the webhook settle it once", async () => {
  const bookingId = await holdFirstFreeSeat(site, cookie);
  const pay = () => postForm(site, `/my-bookings/${bookingId}/pay`, {}, { Cookie: cookie });
  const [first, second] = [await pay(), await pay()];
  expect(first.status).toBe(303);
  expect(second.headers.get("location")).toBe(first.headers.get("location"));
  expect(fake.requests.filter((request) => request.path === "/v1/checkout/sessions")).toHaveLength(1);
  const session = fake.requests.find((request) => request.path === "/v1/checkout/sessions")!;
  expect(session.body).toMatchObject({ client_reference_id: bookingId, mode: "payment" });

  const checkoutId = sessionIdOf(first.headers.get("location")!);
  // Back before paying: the site still waits, and says so, looking again by itself.
  const waiting = await page(`/my-bookings/${bookingId}/paid?checkout=${checkoutId}`);
  expect(waiting.status).toBe(200);
  expect(waiting.text).toContain("Confirming your payment");
  expect(waiting.text).toMatch(/<meta http-equiv="refresh" content="3"/);

  fake.pay(checkoutId, { last4: "4242" });
  const back = await page(`/my-bookings/${bookingId}/paid?checkout=${checkoutId}`);
  expect(back).toMatchObject({ status: 302, location: `/my-bookings/${bookingId}` });
  const booking = await page(`/my-bookings/${bookingId}`);
  expect(booking.text).toMatch(/ending (<!-- -->)?4242/);
  // The payment's reference at Stripe is for staff; the customer sees the card.
  expect(booking.text).not.toMatch(/pi_[A-Za-z0-9]+/);

  // Stripe's webhook of the same payment, sent twice, changes nothing more; a forged one is refused.
  const completed = fake.apiObject(checkoutId);
  for (let i = 0; i < 2; i++) expect((await webhook("checkout.session.completed", completed)).status).toBe(200);
  const forged = await fetch(`${site.url}/webhooks/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
    body: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed", data: { object: completed } }),
  });
  expect(forged.status).toBe(400);

  // Cancelling refunds through Stripe's Refunds API, under the booking's key.
  fake.nextRefundStatus = "pending";
  const cancelled = await postForm(site, `/my-bookings/${bookingId}/cancel`, {}, { Cookie: cookie });
  expect(cancelled.status).toBe(302);
  const refund = fake.requests.find((request) => request.path === "/v1/refunds")!;
  expect(refund.idempotencyKey).toBe(`${bookingId}:cancel`);
  // The refund's outcome comes later by webhook: the bank could not return the money.
  const refundId = fake.lastRefundId!;
  const failed = { ...fake.apiObject(refundId), status: "failed" };
  expect((await webhook("refund.updated", failed)).status).toBe(200);
  expect((await page(`/my-bookings/${bookingId}`)).text).toContain("Refund failed");
  expect(fake.problems).toEqual([]);
});

const sessionIdOf = (url: string) => /cs_[A-Za-z0-9_]+/.exec(url)![0];
