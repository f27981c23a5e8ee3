import { config } from "~/config.server";
import { shortBookingId } from "~/domain/booking";
import { cashShortMessage, TAKINGS_METHOD_LABELS } from "~/domain/counter";
import { findCounterSale, type CounterPaymentFailure, type CounterRefundFailure } from "~/models/counter-sales.server";
import { eTicketFor } from "~/models/e-tickets.server";
import type { CloseDayFailure } from "~/models/takings.server";
import { bookingOffer } from "~/models/ticket-types.server";
import { formatMoney } from "~/utils/money";
import { cinemaSettings } from "./cinema.server";
import { notFound } from "./not-found.server";
import { ALREADY_PAID, checkoutClosed, paymentFailure } from "./payment-failures.server";

// What the box office counter's pages share (decision 71): the sale they show, and what each refusal says.

export const COUNTER_SHOW_NOT_FOUND =
  "That show can no longer be sold at the counter: it has started, was cancelled, or the link is wrong.";
export const COUNTER_SALE_NOT_FOUND =
  "We could not find that counter sale. Find the booking in List Bookings, or start a new sale.";

export const counterSalePath = (bookingId: string) => `/admin/counter/sales/${bookingId}`;

/** A counter sale, or the 404 that says it is none. */
export async function requireCounterSale(bookingId: string | undefined) {
  const sale = await findCounterSale(bookingId ?? "");
  if (!sale) throw notFound(COUNTER_SALE_NOT_FOUND);
  return sale;
}

/** The sale page's data: the sale, what its show sells, and why it takes no more changes, if so. */
export async function loadCounterSale(bookingId: string | undefined) {
  const sale = await requireCounterSale(bookingId);
  const { booking } = sale;
  return {
    sale,
    reference: shortBookingId(booking.id),
    offer: await bookingOffer(booking),
    closed: checkoutClosed(booking),
    ...cinemaSettings(),
  };
}

/** The print page's data: the paid sale and its e-ticket's QR code. */
export async function loadPrintedTickets(bookingId: string | undefined, siteOrigin: string) {
  const sale = await requireCounterSale(bookingId);
  if (sale.booking.status !== "paid") throw notFound("Only a paid sale's tickets can be printed.");
  return {
    sale,
    reference: shortBookingId(sale.booking.id),
    qrSvg: (await eTicketFor(sale.booking.id, siteOrigin)).qrSvg,
    ...cinemaSettings(),
  };
}

export const DAY_CLOSED =
  "Today's takings are closed, so the counter can take no more payments or refunds today. Ask a manager.";

/** What the sale page says when a payment is refused, with the status of the answer. */
export function counterPaymentFailure(failure: Exclude<CounterPaymentFailure, { reason: "not-found" }>) {
  switch (failure.reason) {
    case "cash-short":
      return {
        status: 400,
        message: cashShortMessage(failure.amountCents, failure.tenderedCents, config.currency),
        field: "tendered",
      };
    case "day-closed":
      return { status: 409, message: DAY_CLOSED };
    case "already-paid":
      return { status: 409, message: ALREADY_PAID };
    default:
      return paymentFailure(failure);
  }
}

/** What the sale page says when a refund is refused. */
export function counterRefundFailure(failure: Exclude<CounterRefundFailure, { reason: "not-found" }>) {
  switch (failure.reason) {
    case "day-closed":
      return DAY_CLOSED;
    case "not-paid":
      return "Only a paid counter sale can be refunded at the counter.";
    case "already-refunded":
      return "This sale was already refunded.";
    case "checked-in":
      return "This ticket was already let in at the door, so it cannot be refunded.";
  }
}

/** The toast after a payment: what was taken, and the change to hand back. */
export function paymentTaken(method: "cash" | "counter-card", amountCents: number, changeCents: number | null) {
  const amount = formatMoney(amountCents, config.currency);
  return method === "cash"
    ? `Paid in cash: ${amount}. Change due: ${formatMoney(changeCents ?? 0, config.currency)}.`
    : `Paid by ${TAKINGS_METHOD_LABELS["counter-card"].toLowerCase()}: ${amount}.`;
}

/** The toast after a refund at the counter: how to give the money back. */
export function refundMade(method: "cash" | "counter-card", refundedCents: number) {
  const amount = formatMoney(refundedCents, config.currency);
  return method === "cash"
    ? `Refunded: give back ${amount} in cash. The seats are free again.`
    : `Refunded: refund ${amount} to the card on the counter's terminal. The seats are free again.`;
}

export const CLOSE_DAY_FAILURES: Record<CloseDayFailure, string> = {
  "already-closed": "These takings were already closed, so their figures stay as they were closed.",
  "not-over": "A day still to come cannot be closed.",
};
