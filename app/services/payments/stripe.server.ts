import Stripe from "stripe";
import { stripeMinimumChargeCents } from "./minimum-charges";
import {
  WebhookSignatureError,
  type CheckoutState,
  type CheckoutStatus,
  type GatewayEvent,
  type PaymentProvider,
  type RefundResult,
  type RefundStatus,
  type StartCheckoutRequest,
} from "./types";

// Stripe Checkout: the customer pays on Stripe's hosted page (docs/stripe.md). Only the SDK's public API is used, so
// an upgrade that changes what we rely on is a type error.

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (the tests' fake Stripe); null for Stripe's own. */
  apiUrl: string | null;
}

/**
 * Stripe refuses a checkout that ends within 30 minutes, so its page outlives the hold by this much (the
 * reconciliation job expires it when the hold ends). Counted from the hold's end, not from now, so two presses of Pay
 * send the same parameters under the same idempotency key.
 */
const SHORTEST_CHECKOUT_MS = 31 * 60_000;
/** A customer waits on a checkout's start: Stripe's own 80 seconds is too long. */
const REQUEST_TIMEOUT_MS = 20_000;
const UNAVAILABLE = "Payments are unavailable right now. Please try again.";

const REFUND_STATUSES: Record<string, RefundStatus> = {
  succeeded: "succeeded",
  pending: "pending",
  requires_action: "pending",
  failed: "failed",
  canceled: "failed",
};

/** A status Stripe may add later is taken as pending: its outcome then comes by webhook. */
const refundStatus = (status: string | null) => REFUND_STATUSES[status ?? ""] ?? "pending";

const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

function apiAddress(apiUrl: string | null) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol } as const;
}

const isCheckoutStatus = (status: string | null): status is CheckoutStatus =>
  status === "open" || status === "complete" || status === "expired";

function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  if (!isCheckoutStatus(session.status) || session.amount_total === null || !session.currency)
    throw new Error(
      `Stripe answered checkout ${session.id} as ${session.status}, ${session.amount_total} ${session.currency}`,
    );
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const charge = typeof intent?.latest_charge === "object" ? intent.latest_charge : null;
  return {
    id: session.id,
    bookingId: session.client_reference_id ?? session.metadata?.booking_id ?? "",
    status: session.status,
    paid: session.payment_status === "paid",
    amountCents: session.amount_total,
    currency: session.currency.toUpperCase(),
    paymentReference: idOf(session.payment_intent),
    cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
  };
}

function gatewayEvent(event: Stripe.Event): GatewayEvent {
  const { id, type } = event;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return { id, type, kind: "checkout-completed", checkout: checkoutState(event.data.object) };
    case "checkout.session.expired":
      return { id, type, kind: "checkout-expired", checkout: checkoutState(event.data.object) };
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      const refund = event.data.object;
      const paymentReference = idOf(refund.payment_intent);
      if (!paymentReference) return { id, type, kind: "ignored" };
      return {
        id,
        type,
        kind: "refund-updated",
        refund: { reference: refund.id, paymentReference, status: refundStatus(refund.status) },
      };
    }
    default:
      return { id, type, kind: "ignored" };
  }
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, { timeout: REQUEST_TIMEOUT_MS, ...apiAddress(settings.apiUrl) });
  const testMode = /^\w+_test_/.test(settings.secretKey);

  async function readCheckout(id: string) {
    return checkoutState(await stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent.latest_charge"] }));
  }

  return {
    id: "stripe",
    label: "Stripe",
    testMode,
    minimumChargeCents: stripeMinimumChargeCents,

    async startCheckout(request: StartCheckoutRequest) {
      const currency = request.currency.toLowerCase();
      const linesTotal = request.lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
      // Stripe Checkout shows no discount of ours: a promo code's price is charged as one line saying what it is.
      const lines =
        linesTotal === request.amountCents
          ? request.lines
          : [{ name: request.summary, unitAmountCents: request.amountCents, quantity: 1 }];
      const bookingMetadata = { booking_id: request.bookingId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: lines.map((line) => ({
            price_data: { currency, unit_amount: line.unitAmountCents, product_data: { name: line.name } },
            quantity: line.quantity,
          })),
          client_reference_id: request.bookingId,
          metadata: bookingMetadata,
          payment_intent_data: { metadata: bookingMetadata },
          ...(request.customerEmail && { customer_email: request.customerEmail }),
          success_url: request.returnUrl.replaceAll("{CHECKOUT_ID}", "{CHECKOUT_SESSION_ID}"),
          cancel_url: request.cancelUrl,
          expires_at: Math.ceil((request.expiresAt.getTime() + SHORTEST_CHECKOUT_MS) / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered checkout ${session.id} without its page's address`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    readCheckout,

    async expireCheckout(id: string) {
      try {
        return checkoutState(await stripe.checkout.sessions.expire(id));
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 400) throw error;
        // Refused because it is no longer open: paid (or ended) first, which the state read now says.
        const state = await readCheckout(id);
        if (state.status === "open") throw error;
        return state;
      }
    },

    async refund(request): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentReference, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        );
        return { ok: true, reference: refund.id, status: refundStatus(refund.status) };
      } catch (error) {
        // A request Stripe finds wrong is our bug and throws; an outage or a refusal to talk now is tried again later.
        if (
          !(error instanceof Stripe.errors.StripeError) ||
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeIdempotencyError
        )
          throw error;
        return { ok: false, reason: "unavailable", message: UNAVAILABLE };
      }
    },

    parseWebhook(rawBody: string, headers: Headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new WebhookSignatureError("The Stripe-Signature header is missing");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookSignatureError(error.message);
        throw error;
      }
      return gatewayEvent(event);
    },

    dashboardUrl(paymentReference: string) {
      return `https://dashboard.stripe.com${testMode ? "/test" : ""}/payments/${encodeURIComponent(paymentReference)}`;
    },
  };
}
