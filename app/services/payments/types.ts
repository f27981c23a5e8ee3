// What the booking model needs from a payment gateway. A real gateway plugs in by implementing this and
// being listed in index.server.ts; nothing else in the app knows which one runs.

export interface CardDetails {
  /** Digits only, as the card schema outputs them. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export interface ChargeRequest {
  /** A positive whole number of the currency's minor unit (cents of USD, yen of JPY). */
  amountCents: number;
  /** ISO 4217, upper case: "USD". */
  currency: string;
  card: CardDetails;
  /** Shown on the statement and in the gateway's dashboard, such as "Booking 3f2c... (2 seats)". */
  description: string;
  /** The same key returns the same outcome instead of charging twice: one key per payment attempt. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { ok: true; reference: string; last4: string }
  // "declined": the card said no, the customer may try another; "unavailable": try again later.
  | { ok: false; reason: "declined" | "unavailable"; message: string };

export interface RefundRequest {
  /** The reference of the charge to refund. */
  reference: string;
  amountCents: number;
  idempotencyKey: string;
}

export type RefundResult = { ok: true; reference: string } | { ok: false; reason: "unavailable"; message: string };

export interface PaymentProvider {
  /** Chosen by configuration: "test". */
  id: string;
  /** What the checkout page calls it. */
  label: string;
  /** True when no real money moves; the checkout page then says TEST MODE. */
  testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The charge made with this idempotency key, if any: how a charge whose outcome a crash kept us from recording is
   * found again. Never charges.
   */
  findCharge(idempotencyKey: string): Promise<{ reference: string; last4: string } | null>;
  refund(request: RefundRequest): Promise<RefundResult>;
}
