import { config } from "~/config.server";
import { payRefusal, type Booking, type PayRefusal } from "~/domain/booking";
import { getDb, type Queryable } from "~/services/db.server";
import { configuredPaymentProvider, paymentProvider } from "~/services/payments/index.server";
import type { CardDetails } from "~/services/payments/types";
import { canPaySql } from "./booking-rules.server";
import { findBooking } from "./bookings.server";
import { releaseStartedHold } from "./holds.server";
import { queueBookingPaid } from "./notifications.server";

export type Payment = {
  provider: string;
  reference: string;
  amountCents: number;
  cardLast4: string | null;
  paidAt: string;
  refundReference: string | null;
  refundedCents: number | null;
  refundedAt: string | null;
};

export type PaymentFailure =
  | { reason: "not-found" }
  | { reason: "already-paid" }
  | { reason: Exclude<PayRefusal, "already-paid"> }
  | { reason: "declined" | "unavailable"; message: string };

type PaymentRow = Omit<Payment, "paidAt" | "refundedAt"> & { paidAt: Date; refundedAt: Date | null };

/** A booking's payment, if it has one. */
export async function findPayment(bookingId: string, tx?: Queryable): Promise<Payment | null> {
  const db = tx ?? (await getDb());
  const [row] = await db.query<PaymentRow>(
    `select provider, reference, amount_cents as "amountCents", card_last4 as "cardLast4", created_at as "paidAt",
       refund_reference as "refundReference", refunded_cents as "refundedCents", refunded_at as "refundedAt"
     from payments where booking_id = $1`,
    [bookingId],
  );
  if (!row) return null;
  return {
    ...row,
    paidAt: new Date(row.paidAt).toISOString(),
    refundedAt: row.refundedAt ? new Date(row.refundedAt).toISOString() : null,
  };
}

/**
 * Pays an unpaid booking that still holds its seats. The attempt is written first, then the provider is charged
 * (outside any transaction: a gateway can take seconds), then the charge is recorded (`recordCharge`) or, if the
 * booking can no longer take it, refunded at once. `attempt` is the checkout form's one-time token: the same form
 * posted twice is one charge. A crash after the charge leaves the attempt behind for `settleInterruptedPayments`.
 */
export async function payBooking(
  userUid: string,
  bookingId: string,
  card: CardDetails,
  attempt: string,
): Promise<{ ok: true; booking: Booking } | ({ ok: false } & PaymentFailure)> {
  const booking = await findBooking(userUid, bookingId);
  if (!booking) return { ok: false, reason: "not-found" };
  const refusal = payRefusal(booking);
  if (refusal === "show-started") await releaseStartedHold(booking.id);
  if (refusal) return { ok: false, reason: refusal };

  const provider = configuredPaymentProvider();
  const idempotencyKey = `${booking.id}:${attempt}`;
  const db = await getDb();
  await db.query(
    `insert into payment_attempts (idempotency_key, booking_id, user_uid, provider) values ($1, $2, $3, $4)
     on conflict (idempotency_key) do nothing`,
    [idempotencyKey, booking.id, userUid, provider.id],
  );
  const charge = await provider.charge({
    amountCents: booking.amountCents,
    currency: config.currency,
    card,
    description: `Marquee booking ${booking.id} (${booking.seats.length} seats)`,
    idempotencyKey,
  });
  if (!charge.ok) {
    await forgetAttempt(idempotencyKey);
    return { ok: false, reason: charge.reason, message: charge.message };
  }
  const recorded = await recordCharge({
    idempotencyKey,
    bookingId: booking.id,
    userUid,
    provider: provider.id,
    ...charge,
  });
  const now = (await findBooking(userUid, bookingId))!;
  if (recorded) return { ok: true, booking: now };
  await voidUnrecordedCharge({ idempotencyKey, bookingId: booking.id, amountCents: booking.amountCents, ...charge });
  const reason = payRefusal(now) ?? "expired";
  if (reason === "show-started") await releaseStartedHold(booking.id);
  return { ok: false, reason };
}

type Charge = { idempotencyKey: string; bookingId: string; reference: string; last4: string };

async function forgetAttempt(idempotencyKey: string, tx?: Queryable) {
  await (tx ?? (await getDb())).query("delete from payment_attempts where idempotency_key = $1", [idempotencyKey]);
}

/**
 * One transaction marks the booking paid and records the payment, on condition that it is still pending, held and
 * its show not started, and ends the attempt. That update takes the booking's row lock: a booking of the same seats
 * that lets this hold go (it ran out meanwhile) updates the same row, so one of the two waits for the other and then
 * sees what it did. The confirmation and the reminder are put in the outbox by the same transaction.
 */
async function recordCharge({
  idempotencyKey,
  bookingId,
  userUid,
  provider,
  reference,
  last4,
}: Charge & { userUid: string; provider: string }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const paid = await tx.query<{ amountCents: number }>(
      `update bookings b set status = 'paid', paid_at = now() from shows s
       where b.id = $1 and b.user_uid = $2 and s.id = b.show_id and ${canPaySql("b", "s")}
       returning b.amount_cents as "amountCents"`,
      [bookingId, userUid],
    );
    if (paid.length === 0) return false;
    await tx.query(
      `insert into payments (booking_id, provider, reference, amount_cents, card_last4) values ($1, $2, $3, $4, $5)`,
      [bookingId, provider, reference, paid[0].amountCents, last4],
    );
    await queueBookingPaid(tx, userUid, (await findBooking(userUid, bookingId, { tx }))!);
    await forgetAttempt(idempotencyKey, tx);
    return true;
  });
}

/**
 * A charge that could not be recorded (another tab paid first, the hold ended) is refunded at once, unless it is the
 * charge recorded (the same form posted twice); either way the attempt is over.
 */
async function voidUnrecordedCharge({
  idempotencyKey,
  bookingId,
  amountCents,
  reference,
}: Omit<Charge, "last4"> & { amountCents: number }) {
  const payment = await findPayment(bookingId);
  if (payment?.reference !== reference) {
    const voided = await refundCharge(reference, amountCents, `${idempotencyKey}:void`);
    if (!voided.ok) throw new Error(`Refunding ${reference} failed: ${voided.message}`);
  }
  await forgetAttempt(idempotencyKey);
}

/**
 * Settles payment attempts that a crash interrupted between the provider's charge and its record: each is asked of
 * the provider by its idempotency key (never charged again); a charge found is recorded if the booking can still
 * take it, else refunded; an attempt the provider never charged is dropped. An attempt older than
 * PAYMENT_RECOVERY_SECONDS is taken as no longer running in any instance: its request has long answered or its
 * process died. Answers how many were recorded and refunded.
 */
export async function settleInterruptedPayments(olderThanSeconds = config.paymentRecoverySeconds) {
  const db = await getDb();
  const attempts = await db.query<{ idempotencyKey: string; bookingId: string; userUid: string; provider: string }>(
    `select idempotency_key as "idempotencyKey", booking_id as "bookingId", user_uid as "userUid", provider
     from payment_attempts where created_at < now() - make_interval(secs => $1) order by created_at`,
    [olderThanSeconds],
  );
  const settled = { recorded: 0, refunded: 0 };
  for (const attempt of attempts) {
    const provider = paymentProvider(attempt.provider);
    const found = await provider.findCharge(attempt.idempotencyKey);
    if (!found) {
      await forgetAttempt(attempt.idempotencyKey);
      continue;
    }
    if (await recordCharge({ ...attempt, ...found })) {
      settled.recorded++;
      continue;
    }
    const [{ amountCents }] = await db.query<{ amountCents: number }>(
      `select amount_cents as "amountCents" from bookings where id = $1`,
      [attempt.bookingId],
    );
    await voidUnrecordedCharge({ ...attempt, ...found, amountCents });
    settled.refunded++;
  }
  return settled;
}

/** Refunds a charge in full through the provider; the same key never refunds twice. */
export function refundCharge(reference: string, amountCents: number, idempotencyKey: string) {
  return configuredPaymentProvider().refund({ reference, amountCents, idempotencyKey });
}
