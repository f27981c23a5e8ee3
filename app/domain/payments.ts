// Where a booking's money stands, as customers and staff read it.

/** "pending": asked of the gateway, its outcome to come by webhook; "failed": the gateway could not return it. */
export type RefundStatus = "pending" | "succeeded" | "failed";

export const REFUND_STATE_LABELS: Record<RefundStatus, string> = {
  pending: "Refund pending",
  succeeded: "Refunded",
  failed: "Refund failed",
};

/** A payment's state in one word or two: "Paid", or where its refund stands. */
export const paymentStateLabel = (payment: { refundedAt: string | null; refundStatus: RefundStatus | null }) =>
  payment.refundedAt === null ? "Paid" : REFUND_STATE_LABELS[payment.refundStatus ?? "succeeded"];
