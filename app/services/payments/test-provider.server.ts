import { createHash } from "node:crypto";
import { passesLuhnCheck } from "~/utils/luhn";
import { getDb } from "~/services/db.server";
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from "./types";

// Test cards, as gateways' test modes have them: any other valid number pays.
const DECLINED_CARD = "4000000000000002";
const UNAVAILABLE_CARD = "4000000000000119";

const CHARGE_REFERENCE = /^test_ch_[0-9a-f]{24}$/;

/**
 * A reference is a hash of the idempotency key rather than fresh random bytes, so a retried request gets
 * the same answer, across restarts and instances. A key that names a booking
 * by its UUID makes the reference as hard to guess as random bytes would.
 */
function reference(kind: "ch" | "re", idempotencyKey: string) {
  return `test_${kind}_${createHash("sha256").update(`${kind}:${idempotencyKey}`).digest("hex").slice(0, 24)}`;
}

// A bad request is a bug in the caller, not a decline: throw so it is seen.
function checkAmountAndKey({ amountCents, idempotencyKey }: { amountCents: number; idempotencyKey: string }) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`The amount must be a positive whole number of minor units, not ${amountCents}`);
  if (typeof idempotencyKey !== "string" || idempotencyKey.length === 0 || idempotencyKey.length > 255)
    throw new RangeError("The idempotency key must be 1 to 255 characters");
}

async function charge(request: ChargeRequest): Promise<ChargeResult> {
  checkAmountAndKey(request);
  if (!/^[A-Z]{3}$/.test(request.currency)) throw new RangeError(`"${request.currency}" is not an ISO 4217 currency`);
  const { number } = request.card;
  if (number === UNAVAILABLE_CARD)
    return { ok: false, reason: "unavailable", message: "Payments are unavailable right now. Please try again." };
  if (number === DECLINED_CARD) return { ok: false, reason: "declined", message: "Your card was declined." };
  if (!/^\d{12,19}$/.test(number) || !passesLuhnCheck(number))
    return { ok: false, reason: "declined", message: "Your card number is incorrect." };
  const made = { reference: reference("ch", request.idempotencyKey), last4: number.slice(-4) };
  // Kept as a gateway keeps its charges: committed before the answer, whatever becomes of the caller.
  await (
    await getDb()
  ).query(
    `insert into test_provider_charges (idempotency_key, reference, amount_cents, last4) values ($1, $2, $3, $4)
     on conflict (idempotency_key) do nothing`,
    [request.idempotencyKey, made.reference, request.amountCents, made.last4],
  );
  return { ok: true, ...made };
}

async function findCharge(idempotencyKey: string) {
  const [row] = await (
    await getDb()
  ).query<{ reference: string; last4: string }>(
    "select reference, last4 from test_provider_charges where idempotency_key = $1",
    [idempotencyKey],
  );
  return row ?? null;
}

async function refund(request: RefundRequest): Promise<RefundResult> {
  checkAmountAndKey(request);
  if (!CHARGE_REFERENCE.test(request.reference))
    throw new RangeError(`"${request.reference}" is not a charge of the test payment provider`);
  return { ok: true, reference: reference("re", request.idempotencyKey) };
}

/**
 * The built-in provider: no money moves, and card details are neither kept nor logged; what it charged (reference,
 * amount, last four digits) is kept in its own table so that `findCharge` works as a real gateway's lookup does.
 */
export const testPaymentProvider: PaymentProvider = {
  id: "test",
  label: "Test checkout",
  testMode: true,
  charge,
  refund,
  findCharge,
};
