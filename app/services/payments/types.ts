import type { RefundStatus } from "~/domain/payments";

// What the booking model needs from a payment gateway with a hosted payment page: card numbers are typed on the
// gateway's page, never on ours. A gateway plugs in by implementing this and being listed in index.server.ts;
// nothing else in the app knows which one runs.

export interface CheckoutLine {
  /** What the customer reads on the hosted page: "Adult", "Child". */
  name: string;
  /** A positive whole number of the currency's minor unit (cents of USD, yen of JPY). */
  unitAmountCents: number;
  quantity: number;
}

export interface StartCheckoutRequest {
  /** Our booking's id: the gateway keeps it as the checkout's client reference and in its metadata. */
  bookingId: string;
  /** One line per ticket line, at its price before any discount. */
  lines: CheckoutLine[];
  /**
   * What the customer pays, in minor units. Below the lines' sum when a promo code applies: a gateway that cannot
   * show a discount line charges one line of this amount, named `summary`.
   */
  amountCents: number;
  /** "2 × Adult, 1 × Child, Code SPRING −$4.80": the booking's tickets in one line. */
  summary: string;
  /** ISO 4217, upper case: "USD". */
  currency: string;
  /** Prefilled on the hosted page and used for the gateway's receipt. */
  customerEmail: string | null;
  /** Where the gateway sends the customer after paying; `{CHECKOUT_ID}` is replaced by the checkout's id. */
  returnUrl: string;
  /** Where the gateway's "back" link goes. */
  cancelUrl: string;
  /** When the hosted page must stop taking payment; a gateway may keep it open longer (Stripe: 30 minutes). */
  expiresAt: Date;
  /** The same key returns the same checkout instead of making a second one. */
  idempotencyKey: string;
}

export type CheckoutStatus = "open" | "complete" | "expired";

export interface CheckoutState {
  /** The gateway's id of the checkout: "cs_test_...". */
  id: string;
  /** The booking it was started for (the client reference). */
  bookingId: string;
  status: CheckoutStatus;
  /** Whether the money has been taken: true only for a complete checkout. */
  paid: boolean;
  amountCents: number;
  currency: string;
  /** The payment's reference at the gateway ("pi_..."), once paid: what a refund names. */
  paymentReference: string | null;
  /** The card's last four digits when the gateway tells them. */
  cardLast4: string | null;
}

export interface HostedCheckout {
  id: string;
  /** The hosted page to send the customer to. */
  url: string;
  /** When the gateway itself ends the page. */
  expiresAt: Date;
}

export interface RefundRequest {
  /** The payment's reference at the gateway. */
  paymentReference: string;
  amountCents: number;
  idempotencyKey: string;
}

export type { RefundStatus };

export type RefundResult =
  { ok: true; reference: string; status: RefundStatus } | { ok: false; reason: "unavailable"; message: string };

/** A webhook event, reduced to what the booking model acts on. */
export type GatewayEvent = {
  /** The gateway's event id: an event is handled once, however often it is delivered. */
  id: string;
  type: string;
} & (
  | { kind: "checkout-completed" | "checkout-expired"; checkout: CheckoutState }
  | { kind: "refund-updated"; refund: { reference: string; paymentReference: string; status: RefundStatus } }
  | { kind: "ignored" }
);

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  /** Chosen by configuration: "test" or "stripe". */
  id: string;
  /** What the checkout page calls it. */
  label: string;
  /** True when no real money moves; the pages then say TEST MODE. */
  testMode: boolean;
  /**
   * The smallest amount the gateway charges in a currency, in minor units (Stripe: 50 in USD). A booking costing
   * less is confirmed without a payment (decision 54); `startCheckout` is never asked for less.
   */
  minimumChargeCents(currency: string): number;
  startCheckout(request: StartCheckoutRequest): Promise<HostedCheckout>;
  readCheckout(id: string): Promise<CheckoutState>;
  /** Ends an open checkout so it can no longer be paid; answers its state after (it may have been paid first). */
  expireCheckout(id: string): Promise<CheckoutState>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Verifies a webhook's signature on its raw body and reads it; throws WebhookSignatureError when the signature
   * is missing, wrong or too old.
   */
  parseWebhook(rawBody: string, headers: Headers): GatewayEvent;
  /** A link to the payment in the gateway's own dashboard, for staff; null when it has none. */
  dashboardUrl(paymentReference: string): string | null;
  /**
   * Work a gateway that runs inside the site does in the background while the site serves (the test gateway
   * delivering the webhooks it still owes); answers how to stop it. A gateway elsewhere has none.
   */
  startBackgroundWork?(): () => void;
}
