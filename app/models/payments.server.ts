import { sql, type Expression, type InferResult } from "kysely";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
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

const paymentQuery = (db: Queryable) =>
  typed(db)
    .selectFrom("payments")
    .select([
      "provider",
      "reference",
      "amount_cents as amountCents",
      "card_last4 as cardLast4",
      "created_at as paidAt",
      "refund_reference as refundReference",
      "refunded_cents as refundedCents",
      "refunded_at as refundedAt",
      sql<RefundStatus | null>`refund_status`.as("refundStatus"),
    ]);

type PaymentRow = InferResult<ReturnType<typeof paymentQuery>>[number];

const toPayment = (row: PaymentRow): Payment => ({
  ...row,
  paidAt: new Date(row.paidAt).toISOString(),
  refundedAt: row.refundedAt ? new Date(row.refundedAt).toISOString() : null,
  dashboardUrl: paymentProvider(row.provider).dashboardUrl(row.reference),
});

/** A booking's payment, if it has one. */
export async function findPayment(bookingId: string, tx?: Queryable): Promise<Payment | null> {
  const row = await paymentQuery(tx ?? (await getDb()))
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
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
  const rows = await paymentQuery(await getDb())
    .select("booking_id as bookingId")
    .where("booking_id", "in", (db) => db.selectFrom("bookings").select("id").where("user_uid", "=", userUid))
    .where("refunded_at", "is not", null)
    .execute();
  return Object.fromEntries(rows.map(({ bookingId, ...row }) => [bookingId, refundDetailsOf(toPayment(row))!]));
}

/**
 * A refund's status as a webhook and the refund call's answer both write it: whichever comes second, the outcome
 * ("succeeded", "failed") is kept over "pending", since the webhook may arrive before the call has answered.
 */
export const refundStatusAfter = (status: RefundStatus): Expression<string | null> =>
  sql`case when refund_status in ('succeeded', 'failed') then refund_status else ${status} end`;

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
  await typed(tx)
    .updateTable("payments")
    .set((eb) => ({
      refund_reference: refund.reference,
      refunded_cents: eb.ref("amount_cents"),
      refunded_at: sql<Date>`now()`,
      refund_status: refundStatusAfter(refund.status),
    }))
    .where("booking_id", "=", bookingId)
    .execute();
  return true;
}
