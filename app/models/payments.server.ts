import { config } from "~/config.server";
import { payRefusal, type Booking, type PayRefusal } from "~/domain/booking";
import { getDb, type Queryable } from "~/services/db.server";
import { configuredPaymentProvider } from "~/services/payments/index.server";
import type { CardDetails } from "~/services/payments/types";
import { findBooking, releaseStartedHold } from "./bookings.server";
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
 * Pays an unpaid booking that still holds its seats. The provider is charged first (outside any transaction: a
 * gateway can take seconds), then one transaction marks the booking paid and records the payment, on condition
 * that it is still pending, held and its show not started. That update takes the booking's row lock: a booking of
 * the same seats that lets this hold go (it ran out meanwhile) updates the same row, so one of the two waits for the
 * other and then sees what it did. If the condition fails, another tab paid first or the hold ended, and this charge
 * is refunded at once. `attempt` is the checkout form's one-time token: the same form posted twice is one charge.
 * The confirmation and the reminder are put in the outbox by the same transaction, so they exist if and only if the
 * payment was recorded.
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
  const charge = await provider.charge({
    amountCents: booking.amountCents,
    currency: config.currency,
    card,
    description: `Marquee booking ${booking.id} (${booking.seats.length} seats)`,
    idempotencyKey: `${booking.id}:${attempt}`,
  });
  if (!charge.ok) return { ok: false, reason: charge.reason, message: charge.message };

  const db = await getDb();
  const recorded = await db.transaction(async (tx) => {
    const paid = await tx.query(
      `update bookings b set status = 'paid', paid_at = now() from shows s
       where b.id = $1 and b.user_uid = $2 and b.status = 'pending' and b.hold_expires_at > now()
         and s.id = b.show_id and s.starts_at > now()
       returning b.id`,
      [booking.id, userUid],
    );
    if (paid.length === 0) return false;
    await tx.query(
      `insert into payments (booking_id, provider, reference, amount_cents, card_last4) values ($1, $2, $3, $4, $5)`,
      [booking.id, provider.id, charge.reference, booking.amountCents, charge.last4],
    );
    await queueBookingPaid(tx, userUid, (await findBooking(userUid, booking.id, { tx }))!);
    return true;
  });
  const now = (await findBooking(userUid, bookingId))!;
  if (recorded) return { ok: true, booking: now };

  const payment = await findPayment(booking.id);
  // The same form posted twice: its charge is the one recorded, so nothing is refunded.
  if (payment?.reference === charge.reference) return { ok: false, reason: "already-paid" };
  const voided = await refundCharge(charge.reference, booking.amountCents, `${booking.id}:${attempt}:void`);
  if (!voided.ok) throw new Error(`Refunding ${charge.reference} failed: ${voided.message}`);
  const reason = payRefusal(now) ?? "expired";
  if (reason === "show-started") await releaseStartedHold(booking.id);
  return { ok: false, reason };
}

/** Refunds a charge in full through the provider; the same key never refunds twice. */
export function refundCharge(reference: string, amountCents: number, idempotencyKey: string) {
  return configuredPaymentProvider().refund({ reference, amountCents, idempotencyKey });
}
