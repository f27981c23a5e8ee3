import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { config, getSessionSecrets } from "~/config.server";
import { getDb, type Queryable } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { stripeMinimumChargeCents } from "./minimum-charges";
import {
  WebhookSignatureError,
  type CheckoutState,
  type GatewayEvent,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  type StartCheckoutRequest,
} from "./types";

// The built-in TEST MODE gateway (decision 45): a hosted payment page of its own under /test-gateway, its records in
// its own tables, and signed webhooks to the site, as a real gateway does. No money moves; no card number is kept.

/** The test cards, as gateways' test modes have them; any other valid number pays. */
export const TEST_CARDS = {
  pays: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  needsSecondStep: "4000002500003155",
} as const;

export const CARD_DECLINED = "Your card was declined. Check the number or try another card.";
export const INSUFFICIENT_FUNDS = "Your card has insufficient funds. Try another card.";
export const STEP_FAILED = "The bank could not confirm this payment. Please try again or use another card.";

const SIGNATURE_HEADER = "test-gateway-signature";
const SIGNATURE_TOLERANCE_SECONDS = 300;
const WEBHOOK_PATH = "/webhooks/payments";
const MAX_DELIVERY_ATTEMPTS = 20;

type CheckoutRow = {
  id: string;
  bookingId: string;
  status: CheckoutState["status"];
  amountCents: number;
  currency: string;
  paymentReference: string | null;
  cardLast4: string | null;
};

const CHECKOUT_COLUMNS = `id, booking_id as "bookingId", status, amount_cents as "amountCents", currency,
  payment_reference as "paymentReference", card_last4 as "cardLast4"`;

const asState = (row: CheckoutRow): CheckoutState => ({ ...row, paid: row.status === "complete" });

/** A gateway id: made from the idempotency key where one is given, so a retried request gets the same answer. */
function gatewayId(prefix: string, idempotencyKey?: string) {
  const bytes = idempotencyKey
    ? createHash("sha256").update(`${prefix}:${idempotencyKey}`).digest("hex").slice(0, 24)
    : randomBytes(12).toString("hex");
  return `${prefix}_test_${bytes}`;
}

/** The secret the gateway signs webhooks with: made from the site's session secret, the same on every instance. */
function webhookSecret() {
  return createHmac("sha256", getSessionSecrets()[0]).update("test-gateway-webhooks").digest("hex");
}

function signature(payload: string, timestamp: number) {
  return createHmac("sha256", webhookSecret()).update(`${timestamp}.${payload}`).digest("hex");
}

/** The header a delivery carries: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`, Stripe's scheme. */
export function signatureHeader(payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  return { [SIGNATURE_HEADER]: `t=${timestamp},v1=${signature(payload, timestamp)}` };
}

function verifiedPayload(rawBody: string, headers: Headers) {
  const header = headers.get(SIGNATURE_HEADER) ?? "";
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = Buffer.from(parts.get("v1") ?? "", "hex");
  const expected = Buffer.from(signature(rawBody, timestamp), "hex");
  if (!Number.isInteger(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new WebhookSignatureError("The webhook's signature does not match");
  if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookSignatureError("The webhook's signature is too old");
  return JSON.parse(rawBody) as { id: string; type: string; data: { object: Record<string, unknown> } };
}

async function queueEvent(tx: Queryable, type: string, object: object) {
  const id = gatewayId("evt");
  await tx.query(`insert into test_gateway_events (id, type, payload) values ($1, $2, $3::jsonb)`, [
    id,
    type,
    JSON.stringify({ id, type, data: { object } }),
  ]);
}

async function checkoutRow(id: string, tx?: Queryable) {
  const [row] = await (tx ?? (await getDb())).query<CheckoutRow>(
    `select ${CHECKOUT_COLUMNS} from test_gateway_checkouts where id = $1`,
    [id],
  );
  return row ?? null;
}

async function startCheckout(request: StartCheckoutRequest) {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
    throw new RangeError(`The amount must be a positive whole number of minor units, not ${request.amountCents}`);
  // As Stripe does, with Stripe's minimums.
  const minimum = stripeMinimumChargeCents(request.currency);
  if (request.amountCents < minimum)
    throw new RangeError(`The amount must be at least ${minimum} minor units of ${request.currency}`);
  const id = gatewayId("cs", request.idempotencyKey);
  const db = await getDb();
  const [row] = await db.query<{ id: string; expiresAt: Date }>(
    `insert into test_gateway_checkouts (id, idempotency_key, booking_id, lines, summary, amount_cents, currency,
       customer_email, return_url, cancel_url, expires_at)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11)
     on conflict (idempotency_key) do update set idempotency_key = excluded.idempotency_key
     returning id, expires_at as "expiresAt"`,
    [
      id,
      request.idempotencyKey,
      request.bookingId,
      JSON.stringify(request.lines),
      request.summary,
      request.amountCents,
      request.currency,
      request.customerEmail,
      request.returnUrl.replace("{CHECKOUT_ID}", id),
      request.cancelUrl,
      request.expiresAt,
    ],
  );
  return {
    id: row.id,
    url: `${config.mail.siteUrl}/test-gateway/checkouts/${row.id}`,
    expiresAt: new Date(row.expiresAt),
  };
}

async function knownCheckout(id: string, tx?: Queryable) {
  const row = await checkoutRow(id, tx);
  if (!row) throw new Error(`The test gateway has no checkout ${id}`);
  return row;
}

async function readCheckout(id: string) {
  return asState(await knownCheckout(id));
}

async function expireCheckout(id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.query<CheckoutRow>(
      `update test_gateway_checkouts set status = 'expired', awaiting_step_last4 = null
       where id = $1 and status = 'open' returning ${CHECKOUT_COLUMNS}`,
      [id],
    );
    if (!row) return asState(await knownCheckout(id, tx));
    await queueEvent(tx, "checkout.session.expired", row);
    return asState(row);
  });
}

const PAYMENT_REFERENCE = /^pi_test_[0-9a-f]{24}$/;

/**
 * Refunds at once, touching no table: the caller asks inside its own transaction (a cancellation holds the booking's
 * lock while it asks), and on the embedded database that transaction has the one connection. The refund's id comes
 * from its key, so a retry is the same refund, as at a real gateway.
 */
async function refund(request: RefundRequest): Promise<RefundResult> {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
    throw new RangeError(`The amount must be a positive whole number of minor units, not ${request.amountCents}`);
  if (!PAYMENT_REFERENCE.test(request.paymentReference))
    throw new RangeError(`"${request.paymentReference}" is not a payment of the test gateway`);
  return { ok: true, reference: gatewayId("re", request.idempotencyKey), status: "succeeded" };
}

function parseWebhook(rawBody: string, headers: Headers): GatewayEvent {
  const event = verifiedPayload(rawBody, headers);
  const object = event.data.object;
  switch (event.type) {
    case "checkout.session.completed":
      return { id: event.id, type: event.type, kind: "checkout-completed", checkout: asState(object as CheckoutRow) };
    case "checkout.session.expired":
      return { id: event.id, type: event.type, kind: "checkout-expired", checkout: asState(object as CheckoutRow) };
    default:
      return { id: event.id, type: event.type, kind: "ignored" };
  }
}

export const testPaymentProvider: PaymentProvider = {
  id: "test",
  label: "Test gateway",
  testMode: true,
  minimumChargeCents: stripeMinimumChargeCents,
  startCheckout,
  readCheckout,
  expireCheckout,
  refund,
  parseWebhook,
  dashboardUrl: () => null,
  startBackgroundWork: deliverWebhooksRegularly,
};

// The hosted page's side of the gateway: what the page at /test-gateway/checkouts/:id shows and does.

export type GatewayPage = {
  id: string;
  status: CheckoutState["status"];
  summary: string;
  lines: { name: string; unitAmountCents: number; quantity: number }[];
  amountCents: number;
  currency: string;
  customerEmail: string | null;
  returnUrl: string;
  cancelUrl: string;
  expired: boolean;
  awaitingStep: boolean;
};

// What `gatewayId` makes of a checkout: any other address names none and is not asked (PostgreSQL refuses a NUL).
const CHECKOUT_ID = /^cs_test_[0-9a-f]{24}$/;

/** The checkout as its hosted page shows it; null for an id the gateway never made. */
export async function gatewayPage(id: string): Promise<GatewayPage | null> {
  if (!CHECKOUT_ID.test(id)) return null;
  const [row] = await (
    await getDb()
  ).query<Omit<GatewayPage, "expired" | "awaitingStep"> & { expiresAt: Date; awaitingStep: boolean }>(
    `select id, status, summary, lines, amount_cents as "amountCents", currency, customer_email as "customerEmail",
       return_url as "returnUrl", cancel_url as "cancelUrl", expires_at as "expiresAt",
       awaiting_step_last4 is not null as "awaitingStep"
     from test_gateway_checkouts where id = $1`,
    [id],
  );
  if (!row) return null;
  const { expiresAt, ...page } = row;
  return { ...page, expired: row.status === "expired" || new Date(expiresAt).getTime() <= Date.now() };
}

export type CardOutcome =
  | { outcome: "paid"; returnUrl: string }
  | { outcome: "second-step" }
  | { outcome: "refused"; message: string }
  | { outcome: "closed" };

/**
 * Pays an open checkout in one transaction with its webhook event, exactly once: a second pay finds it complete. The
 * page's action then kicks the delivery of the event.
 */
async function pay(id: string, last4: string): Promise<CardOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.query<CheckoutRow & { returnUrl: string }>(
      `update test_gateway_checkouts
       set status = 'complete', payment_reference = $2, card_last4 = $3, awaiting_step_last4 = null
       where id = $1 and status = 'open' and expires_at > now()
       returning ${CHECKOUT_COLUMNS}, return_url as "returnUrl"`,
      [id, gatewayId("pi"), last4],
    );
    if (!row) return { outcome: "closed" as const };
    const { returnUrl, ...checkout } = row;
    await queueEvent(tx, "checkout.session.completed", checkout);
    return { outcome: "paid" as const, returnUrl };
  });
}

/** The card form's post: a documented number declines, fails, or asks for a second step; any other pays. */
export async function payWithCard(id: string, cardNumber: string): Promise<CardOutcome> {
  const page = await gatewayPage(id);
  if (!page || page.status !== "open" || page.expired) return { outcome: "closed" };
  if (cardNumber === TEST_CARDS.declined) return { outcome: "refused", message: CARD_DECLINED };
  if (cardNumber === TEST_CARDS.insufficientFunds) return { outcome: "refused", message: INSUFFICIENT_FUNDS };
  if (cardNumber === TEST_CARDS.needsSecondStep) {
    await (
      await getDb()
    ).query(`update test_gateway_checkouts set awaiting_step_last4 = $2 where id = $1 and status = 'open'`, [
      id,
      cardNumber.slice(-4),
    ]);
    return { outcome: "second-step" };
  }
  return pay(id, cardNumber.slice(-4));
}

/** The second step's answer: confirmed pays with the card given before it; refused leaves the checkout open. */
export async function finishSecondStep(id: string, confirmed: boolean): Promise<CardOutcome> {
  const db = await getDb();
  const [row] = await db.query<{ last4: string | null }>(
    `with waiting as (
       select id, awaiting_step_last4 from test_gateway_checkouts where id = $1 and status = 'open' for update
     )
     update test_gateway_checkouts c set awaiting_step_last4 = null from waiting where c.id = waiting.id
     returning waiting.awaiting_step_last4 as last4`,
    [id],
  );
  if (!row?.last4) return { outcome: "closed" };
  return confirmed ? pay(id, row.last4) : { outcome: "refused", message: STEP_FAILED };
}

// Delivery of the gateway's webhooks to the site: each event until the site answers 2xx, retried with a growing
// wait, claimed with skip locked so that two instances never send one event at once.

type DueEvent = { id: string; payload: unknown; attempts: number };

async function deliverDueEvents() {
  const db = await getDb();
  const due = await db.query<DueEvent>(
    `update test_gateway_events set attempts = attempts + 1,
       next_attempt_at = now() + make_interval(secs => least(600, 2 ^ attempts))
     where id in (select id from test_gateway_events
                  where delivered_at is null and next_attempt_at <= now() and attempts < $1
                  order by next_attempt_at limit 10 for update skip locked)
     returning id, payload, attempts`,
    [MAX_DELIVERY_ATTEMPTS],
  );
  for (const event of due) {
    const body = JSON.stringify(event.payload);
    try {
      const response = await fetch(`${config.mail.siteUrl}${WEBHOOK_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...signatureHeader(body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.ok) await db.query(`update test_gateway_events set delivered_at = now() where id = $1`, [event.id]);
      else logger.warn({ event: event.id, status: response.status }, "The site refused a test gateway webhook");
    } catch (error) {
      logger.warn({ event: event.id, err: error }, "A test gateway webhook could not be delivered");
    }
  }
  return due.length;
}

let delivering: Promise<void> | null = null;
let deliverAgain = false;

/** Delivers what is due now, in the background; a kick while a round runs makes one more round after it. */
export function kickDelivery() {
  if (delivering) {
    deliverAgain = true;
    return delivering;
  }
  delivering = (async () => {
    do {
      deliverAgain = false;
      await deliverDueEvents().catch((error) => logger.error({ err: error }, "Test gateway webhooks failed"));
    } while (deliverAgain);
    delivering = null;
  })();
  return delivering;
}

// How often the gateway looks for webhooks it still owes the site.
const WEBHOOK_RETRY_MS = 5_000;

/** Delivers the webhooks still owed, now and every few seconds, as a gateway retries until the site answers. */
function deliverWebhooksRegularly() {
  void kickDelivery();
  const timer = setInterval(() => void kickDelivery(), WEBHOOK_RETRY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
