// The box office counter and its takings (decision 71): how a counter sale is paid, and the cash rule.
import { formatMoney } from "~/utils/money";

/** How a counter sale is paid: cash, or a card on the counter's own terminal (nothing of the card is typed in). */
export const COUNTER_PAYMENT_METHODS = ["cash", "counter-card"] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];

/** The ways money comes in, as the takings report them: the counter's two and the payment gateway's. */
export type TakingsMethod = CounterPaymentMethod | "online";

export const TAKINGS_METHOD_LABELS: Record<TakingsMethod, string> = {
  cash: "Cash",
  "counter-card": "Card on the counter's terminal",
  online: "Online",
};

/** The change due when `tenderedCents` of cash pays `totalCents`; null when the cash does not cover the total. */
export function changeDueCents(totalCents: number, tenderedCents: number): number | null {
  return tenderedCents >= totalCents ? tenderedCents - totalCents : null;
}

/** What staff are told when the cash tendered does not cover the total. */
export function cashShortMessage(totalCents: number, tenderedCents: number, currency: string) {
  return `${formatMoney(tenderedCents, currency)} does not cover the total of ${formatMoney(totalCents, currency)}: take ${formatMoney(totalCents - tenderedCents, currency)} more, or take the payment by card.`;
}

/** How a counter sale was paid, and its refund at the counter; names are the staff members'. */
export type CounterPayment = {
  method: CounterPaymentMethod;
  amountCents: number;
  /** Cash only: what the customer handed over, and the change given. */
  tenderedCents: number | null;
  changeCents: number | null;
  paidAt: string;
  soldBy: string;
  refundedAt: string | null;
  refundedBy: string | null;
};
