// Where a booking's money stands, as customers and staff read it.
import { formatMoney } from "~/utils/money";
import { formatShowTime } from "~/utils/show-display";

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

/**
 * Why a payment the gateway took was refunded in full instead of paying its booking: another payment had paid it,
 * its hold had ended (or it was cancelled), or the payment was for another amount (its tickets changed meanwhile).
 */
export type ReturnReason = "already-paid" | "hold-ended" | "amount-changed";

/** A payment refunded because its booking could not take it, as its owner sees it (decision 45). */
export type ReturnedPayment = { because: ReturnReason; refund: RefundDetails };

/** What the booking's page says of a payment it could not take, before where its refund stands. */
export function returnedPaymentText({ because, refund }: ReturnedPayment, currency: string) {
  const amount = formatMoney(refund.amountCents, currency);
  switch (because) {
    case "already-paid":
      return `A second payment of ${amount} was made after this booking was already paid, so it is refunded in full. Your booking and e-ticket are unchanged.`;
    case "hold-ended":
      return `A payment of ${amount} arrived after this booking's hold had ended, so it is refunded in full.`;
    case "amount-changed":
      return `A payment of ${amount} was for this booking's tickets before they changed, so it is refunded in full.`;
  }
}

/** A booking confirmed without a payment (decision 54), as staff read it where a payment's state would be. */
export const NOTHING_TO_PAY_LABEL = "Nothing to pay";

/** What the booking's page says of a booking confirmed without a payment, where a payment would be. */
export function confirmedWithoutPaymentText(amountCents: number, currency: string) {
  return amountCents === 0
    ? "Nothing to pay: this booking was confirmed without a payment."
    : `Nothing charged: ${formatMoney(amountCents, currency)} is less than the smallest card payment, so this booking was confirmed without a payment.`;
}

/** How long banks take to show a refund on the card's statement, as customers are told after a cancellation. */
export const BANK_REFUND_TIME = "5–10 working days";

/** A booking's refund as its owner sees it: no gateway reference, which means nothing to a customer. */
export type RefundDetails = {
  amountCents: number;
  cardLast4: string | null;
  refundedAt: string;
  status: RefundStatus;
};

/**
 * A refund in three sentences: what went back to which card and when ("$65.00 refunded to your card ending 4242 on
 * Tue, Nov 24, 6:45 PM."), where it stands ("Refund pending"), and what happens next.
 */
export function describeRefund(refund: RefundDetails, currency: string, timeZone: string) {
  const card = refund.cardLast4 ? `your card ending ${refund.cardLast4}` : "your card";
  return {
    what: `${formatMoney(refund.amountCents, currency)} refunded to ${card} on ${formatShowTime(refund.refundedAt, timeZone)}.`,
    state: REFUND_STATE_LABELS[refund.status],
    next:
      refund.status === "failed"
        ? "The payment provider could not return this money. Please contact the cinema with your booking reference."
        : `Banks take ${BANK_REFUND_TIME} to show a refund on your statement.`,
  };
}
