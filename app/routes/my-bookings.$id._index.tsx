import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BookingActions } from "~/components/BookingActions";
import { BookingCard, RefundNote } from "~/components/BookingCard";
import { ETicket } from "~/components/ETicket";
import { RefundTerms } from "~/components/RefundTerms";
import { config } from "~/config.server";
import { holdsSeats, shortBookingId } from "~/domain/booking";
import { confirmedWithoutPaymentText, returnedPaymentText } from "~/domain/payments";
import { formatTickets } from "~/domain/tickets";
import { isGuest } from "~/domain/user";
import { cinemaSettings } from "~/http/cinema.server";
import { requireOwnBooking } from "~/http/own-booking.server";
import { calendarPath, cinemaVenue, eTicketFor } from "~/models/e-tickets.server";
import { walletLinks } from "~/models/wallet-passes.server";
import { returnedPayments } from "~/models/checkouts.server";
import { findPayment, refundDetailsOf } from "~/models/payments.server";
import bookingStyles from "~/styles/bookings.css";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: bookingStyles }]);
export const meta = pageMeta("Your booking", "Your booking at Marquee Cinemas: seats, payment and e-ticket.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, booking } = await requireOwnBooking(request, params.id);
  const payment = await findPayment(booking.id);
  const ticket = booking.status === "paid" ? await eTicketFor(booking.id, new URL(request.url).origin) : null;
  return {
    booking,
    // A guest has no My Bookings to go back to (decision 46): an account with the same email brings this booking there.
    guest: isGuest(viewer),
    // What the customer reads of the payment: no gateway references, which mean nothing to them.
    payment: payment && { amountCents: payment.amountCents, paidAt: payment.paidAt, cardLast4: payment.cardLast4 },
    refund: payment && refundDetailsOf(payment),
    returned: await returnedPayments(booking.id),
    ticket: ticket && {
      ...ticket,
      calendarUrl: calendarPath(booking.id),
      venue: cinemaVenue(),
      wallet: walletLinks(booking.id),
    },
    cancelCutoffMinutes: config.bookings.cancelCutoffMinutes,
    ...cinemaSettings(),
  };
}

export default function BookingDetails() {
  const { booking, guest, payment, refund, returned, ticket, cancelCutoffMinutes, timeZone, currency } =
    useLoaderData<typeof loader>();
  return (
    <section className="section page-top booking-details" aria-labelledby="booking-title">
      {guest ? (
        <p className="no-print">
          Booked as a guest.{" "}
          <Link to="/register" className="text-link">
            Create an account
          </Link>{" "}
          with the same email and confirm it from the mail we send you: this booking and your other guest bookings then
          move to My Bookings.
        </p>
      ) : (
        <p className="no-print">
          <Link to="/my-bookings" className="text-link">
            ← My Bookings
          </Link>
        </p>
      )}
      <h1 id="booking-title">Booking {shortBookingId(booking.id)}</h1>
      {ticket ? (
        <ETicket
          reference={shortBookingId(booking.id)}
          qrSvg={ticket.qrSvg}
          calendarUrl={ticket.calendarUrl}
          venue={ticket.venue}
          wallet={ticket.wallet}
          summary={`${booking.movie.title} · ${formatShowTime(booking.startsAt, timeZone)} · ${booking.hallName} · Seats ${booking.seats.join(", ")} · ${formatTickets(booking.tickets, currency, booking.discount)}`}
        />
      ) : null}
      <BookingCard
        booking={booking}
        timeZone={timeZone}
        currency={currency}
        refund={refund}
        actions={<BookingActions booking={booking} cancelCutoffMinutes={cancelCutoffMinutes} details={false} />}
      />
      <div className="booking-sections">
        <section aria-labelledby="seats-title">
          <h2 id="seats-title">Seats</h2>
          <ul className="seat-list">
            {booking.seats.map((seat) => (
              <li key={seat}>
                Row {seat[0]}, seat {seat.slice(1)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          {payment ? (
            <dl className="booking-facts">
              <div>
                <dt>Amount paid</dt>
                <dd>
                  {formatMoney(payment.amountCents, currency)} on {formatShowTime(payment.paidAt, timeZone)}
                </dd>
              </div>
              {payment.cardLast4 ? (
                <div>
                  <dt>Card</dt>
                  <dd>ending {payment.cardLast4}</dd>
                </div>
              ) : null}
            </dl>
          ) : booking.confirmedWithoutPayment ? (
            <p>{confirmedWithoutPaymentText(booking.amountCents, currency)}</p>
          ) : (
            <p>Not paid.</p>
          )}
          {returned.map((returnedPayment) => (
            <div key={returnedPayment.refund.refundedAt} className="returned-payment">
              <p>{returnedPaymentText(returnedPayment, currency)}</p>
              <RefundNote refund={returnedPayment.refund} currency={currency} timeZone={timeZone} />
            </div>
          ))}
          {holdsSeats(booking) ? (
            <RefundTerms booking={booking} cutoffMinutes={cancelCutoffMinutes} timeZone={timeZone} />
          ) : null}
        </section>
      </div>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
