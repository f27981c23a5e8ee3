import { config } from "~/config.server";
import { getDb } from "~/services/db.server";
import { configuredPaymentProvider } from "~/services/payments/index.server";
import type { CardDetails } from "~/services/payments/types";
import { cancelUnpaidBooking, findBooking, type Booking, type CancelFailure } from "./bookings.server";

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
  | { reason: "expired" }
  | { reason: "cancelled" }
  | { reason: "declined" | "unavailable"; message: string };

type PaymentRow = Omit<Payment, "paidAt" | "refundedAt"> & { paidAt: Date; refundedAt: Date | null };

/** A booking's payment, if it has one. */
export async function findPayment(bookingId: string): Promise<Payment | null> {
  const db = await getDb();
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
 * that it is still pending and held. If that condition fails, another tab paid first or the hold ran out
 * meanwhile, and this charge is refunded at once. `attempt` is the checkout form's one-time token: the same form
 * posted twice is one charge.
 */
export async function payBooking(
  userUid: string,
  bookingId: string,
  card: CardDetails,
  attempt: string,
): Promise<{ ok: true; booking: Booking } | ({ ok: false } & PaymentFailure)> {
  const booking = await findBooking(userUid, bookingId);
  if (!booking) return { ok: false, reason: "not-found" };
  if (booking.status !== "pending") return { ok: false, reason: unpayable(booking) };

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
      `update bookings set status = 'paid', paid_at = now()
       where id = $1 and user_uid = $2 and status = 'pending' and hold_expires_at > now() returning id`,
      [booking.id, userUid],
    );
    if (paid.length === 0) return false;
    await tx.query(
      `insert into payments (booking_id, provider, reference, amount_cents, card_last4) values ($1, $2, $3, $4, $5)`,
      [booking.id, provider.id, charge.reference, booking.amountCents, charge.last4],
    );
    return true;
  });
  const now = (await findBooking(userUid, bookingId))!;
  if (recorded) return { ok: true, booking: now };

  const payment = await findPayment(booking.id);
  // The same form posted twice: its charge is the one recorded, so nothing is refunded.
  if (payment?.reference === charge.reference) return { ok: false, reason: "already-paid" };
  await refundCharge(charge.reference, booking.amountCents, `${booking.id}:${attempt}:void`);
  return { ok: false, reason: now.status === "pending" || now.status === "expired" ? "expired" : unpayable(now) };
}

function unpayable(booking: Booking) {
  if (booking.status === "paid") return "already-paid" as const;
  if (booking.status === "cancelled") return "cancelled" as const;
  return "expired" as const;
}

async function refundCharge(reference: string, amountCents: number, idempotencyKey: string) {
  const refund = await configuredPaymentProvider().refund({ reference, amountCents, idempotencyKey });
  if (!refund.ok) throw new Error(`Refunding ${reference} failed: ${refund.message}`);
  return refund.reference;
}

/** Until when a paid booking can be cancelled with a full refund: CANCEL_CUTOFF_MINUTES before its show. */
export function cancellableUntil(booking: Pick<Booking, "startsAt">) {
  return new Date(Date.parse(booking.startsAt) - config.bookings.cancelCutoffMinutes * 60_000).toISOString();
}

export function isPastCancelCutoff(booking: Pick<Booking, "startsAt">, now = Date.now()) {
  return now >= Date.parse(cancellableUntil(booking));
}

export type CancellationFailure = CancelFailure | { reason: "past-cutoff" } | { reason: "refund-unavailable" };

/**
 * Cancels a booking: an unpaid one is released; a paid one is refunded in full through the provider until the
 * cutoff, then marked cancelled with the refund recorded and its seats freed, in one transaction.
 */
export async function cancelBooking(
  userUid: string,
  bookingId: string,
): Promise<{ ok: true; booking: Booking; refundedCents: number } | ({ ok: false } & CancellationFailure)> {
  const booking = await findBooking(userUid, bookingId);
  if (!booking) return { ok: false, reason: "not-found" };
  if (booking.status !== "paid") {
    const released = await cancelUnpaidBooking(userUid, bookingId);
    return released.ok ? { ...released, refundedCents: 0 } : released;
  }
  if (isPastCancelCutoff(booking)) return { ok: false, reason: "past-cutoff" };
  const payment = (await findPayment(booking.id))!;
  let refundReference: string;
  try {
    refundReference = await refundCharge(payment.reference, payment.amountCents, `${booking.id}:cancel`);
  } catch (error) {
    console.error(error);
    return { ok: false, reason: "refund-unavailable" };
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const cancelled = await tx.query(
      `update bookings set status = 'cancelled', cancelled_at = now()
       where id = $1 and user_uid = $2 and status = 'paid' returning id`,
      [booking.id, userUid],
    );
    if (cancelled.length === 0) return;
    await tx.query(
      `update payments set refund_reference = $2, refunded_cents = amount_cents, refunded_at = now()
       where booking_id = $1`,
      [booking.id, refundReference],
    );
    await tx.query("delete from booked_seats where booking_id = $1", [booking.id]);
  });
  return { ok: true, booking: (await findBooking(userUid, bookingId))!, refundedCents: payment.amountCents };
}
