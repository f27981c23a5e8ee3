import { getDb, type Queryable } from "~/services/db.server";
import { paymentProvider } from "~/services/payments/index.server";
import type { RefundDetails } from "~/domain/payments";
import type { RefundStatus } from "~/services/payments/types";

export type Payment = {
  provider: string;
  reference: string;
  amountCents: number;
  cardLast4: string | null;
  paidAt: string;
  refundReference: string | null;
  refundedCents: number | null;
  refundedAt: string | null;
  /** Where the refund stands at the gateway: "pending" until its webhook says "succeeded" or "failed". */
  refundStatus: RefundStatus | null;
  /** The payment in the gateway's own dashboard, for staff; null for a gateway without one. */
  dashboardUrl: string | null;
};

type PaymentRow = Omit<Payment, "paidAt" | "refundedAt" | "dashboardUrl"> & { paidAt: Date; refundedAt: Date | null };

const PAYMENT_COLUMNS = `provider, reference, amount_cents as "amountCents", card_last4 as "cardLast4",
  created_at as "paidAt", refund_reference as "refundReference", refunded_cents as "refundedCents",
  refunded_at as "refundedAt", refund_status as "refundStatus"`;

const toPayment = (row: PaymentRow): Payment => ({
  ...row,
  paidAt: new Date(row.paidAt).toISOString(),
  refundedAt: row.refundedAt ? new Date(row.refundedAt).toISOString() : null,
  dashboardUrl: paymentProvider(row.provider).dashboardUrl(row.reference),
});

/** A booking's payment, if it has one. */
export async function findPayment(bookingId: string, tx?: Queryable): Promise<Payment | null> {
  const db = tx ?? (await getDb());
  const [row] = await db.query<PaymentRow>(`select ${PAYMENT_COLUMNS} from payments where booking_id = $1`, [
    bookingId,
  ]);
  return row ? toPayment(row) : null;
}

/** A payment's refund as its owner sees it; null when nothing was refunded. */
export function refundDetailsOf(payment: Payment): RefundDetails | null {
  if (!payment.refundedAt) return null;
  return {
    amountCents: payment.refundedCents ?? payment.amountCents,
    cardLast4: payment.cardLast4,
    refundedAt: payment.refundedAt,
    status: payment.refundStatus ?? "succeeded",
  };
}

/** The refunds of a customer's bookings, by booking id. */
export async function listRefunds(userUid: string): Promise<Record<string, RefundDetails>> {
  const db = await getDb();
  const rows = await db.query<PaymentRow & { bookingId: string }>(
    `select booking_id as "bookingId", ${PAYMENT_COLUMNS} from payments
     where booking_id in (select id from bookings where user_uid = $1) and refunded_at is not null`,
    [userUid],
  );
  return Object.fromEntries(rows.map(({ bookingId, ...row }) => [bookingId, refundDetailsOf(toPayment(row))!]));
}

/**
 * A refund's status as a webhook and the refund call's answer both write it: whichever comes second, the outcome
 * ("succeeded", "failed") is kept over "pending", since the webhook may arrive before the call has answered.
 */
export const REFUND_STATUS_SQL = `case when refund_status in ('succeeded', 'failed') then refund_status else $3 end`;

/**
 * Refunds a booking's payment in full through the gateway that took it, and records the refund in the caller's
 * transaction; the key `<booking>:cancel` makes any retry the same refund. False when the gateway would not refund:
 * nothing was recorded.
 */
export async function refundPayment(tx: Queryable, bookingId: string, payment: Payment) {
  const refund = await paymentProvider(payment.provider).refund({
    paymentReference: payment.reference,
    amountCents: payment.amountCents,
    idempotencyKey: `${bookingId}:cancel`,
  });
  if (!refund.ok) return false;
  await tx.query(
    `update payments set refund_reference = $2, refunded_cents = amount_cents, refunded_at = now(),
       refund_status = ${REFUND_STATUS_SQL}
     where booking_id = $1`,
    [bookingId, refund.reference, refund.status],
  );
  return true;
}
