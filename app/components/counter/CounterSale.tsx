import { Form, Link, useNavigation } from "@remix-run/react";
import { BookingCard } from "~/components/BookingCard";
import { PromoCode } from "~/components/checkout/PromoCode";
import { TicketTypes } from "~/components/checkout/TicketTypes";
import type { Booking } from "~/domain/booking";
import { TAKINGS_METHOD_LABELS, type CounterPayment } from "~/domain/counter";
import type { ShowOffer } from "~/domain/tickets";
import { REFUND_SALE } from "~/schemas/counter";
import { formatMoney } from "~/utils/money";
import { formatShowTime } from "~/utils/show-display";
import { CounterPaymentForm } from "./CounterPaymentForm";

type Reply = { error?: Record<string, string[] | null> | null };

type Props = {
  booking: Booking;
  payment: CounterPayment | null;
  customerEmail: string | null;
  offer: ShowOffer;
  /** Why the held seats can no longer be paid; null while they can. */
  closed: string | null;
  timeZone: string;
  currency: string;
  ticketsReply?: Reply;
  promoReply?: Reply;
};

/**
 * A sale at the counter: the seats held, then the ticket types, a promo code and the payment while they can be paid;
 * once paid, how, the change given, the tickets to print, and the refund.
 */
export function CounterSale(props: Props) {
  const { booking, payment, customerEmail, offer, closed, timeZone, currency } = props;
  const path = `/admin/counter/sales/${booking.id}`;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="counter-sale" aria-labelledby="counter-sale-title">
      <h1 id="counter-sale-title">Counter Sale</h1>
      <BookingCard booking={booking} timeZone={timeZone} currency={currency} />
      <p className="counter-customer">
        {customerEmail ? `Tickets are mailed to ${customerEmail} once paid.` : "No address given: print the tickets."}
      </p>
      {booking.status === "pending" && !closed ? (
        <div className="counter-sale-steps">
          <TicketTypes
            booking={booking}
            offer={offer}
            currency={currency}
            reply={props.ticketsReply}
            action={`${path}/ticket-types`}
          />
          <PromoCode booking={booking} currency={currency} reply={props.promoReply} action={`${path}/promo`} />
          <CounterPaymentForm amountCents={booking.amountCents} currency={currency} />
        </div>
      ) : null}
      {closed && !payment ? (
        <p className="hold-ended" role="alert">
          {closed}
        </p>
      ) : null}
      {payment ? (
        <div className="counter-paid">
          <dl className="counter-payment-facts">
            <dt>Paid by</dt>
            <dd>{TAKINGS_METHOD_LABELS[payment.method]}</dd>
            <dt>Amount</dt>
            <dd>{formatMoney(payment.amountCents, currency)}</dd>
            {payment.tenderedCents !== null ? (
              <>
                <dt>Cash tendered</dt>
                <dd>{formatMoney(payment.tenderedCents, currency)}</dd>
                <dt>Change due</dt>
                <dd>{formatMoney(payment.changeCents ?? 0, currency)}</dd>
              </>
            ) : null}
            <dt>Sold by</dt>
            <dd>
              {payment.soldBy}, {formatShowTime(payment.paidAt, timeZone)}
            </dd>
            {payment.refundedAt ? (
              <>
                <dt>Refunded by</dt>
                <dd>
                  {payment.refundedBy}, {formatShowTime(payment.refundedAt, timeZone)}
                </dd>
              </>
            ) : null}
          </dl>
          {booking.status === "paid" ? (
            <div className="counter-paid-actions">
              <Link to={`${path}/print`} className="button" reloadDocument>
                Print tickets
              </Link>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value={REFUND_SALE}
                  className="button button-danger"
                  disabled={busy}
                >
                  Refund {formatMoney(payment.amountCents, currency)}
                </button>
              </Form>
            </div>
          ) : null}
        </div>
      ) : null}
      <p>
        <Link to="/admin/counter" className="text-link">
          Next sale
        </Link>
      </p>
    </section>
  );
}
