import type { ReactNode } from "react";
import { bookingStatusLabel, shortBookingId, type Booking } from "~/domain/booking";
import { formatTickets } from "~/domain/tickets";
import { formatRuntime } from "~/utils/format";
import { formatDate, formatShowTime } from "~/utils/show-display";
import { formatMoney } from "~/utils/money";
import { Facts } from "./Facts";
import { HoldCountdown } from "./HoldCountdown";

type Props = { booking: Booking; timeZone: string; currency: string; actions?: ReactNode; holdShown?: boolean };

/** One booking as its owner sees it; the page adds the buttons that apply (and may show the hold itself). */
export function BookingCard({ booking, timeZone, currency, actions, holdShown = true }: Props) {
  const titleId = `booking-${booking.id}`;
  return (
    <article className="booking-card" aria-labelledby={titleId}>
      <img src={booking.movie.posterUrl} alt="" width={300} height={450} loading="lazy" className="booking-poster" />
      <div className="booking-body">
        <h2 id={titleId}>{booking.movie.title}</h2>
        <p className="booking-meta">
          {formatRuntime(booking.movie.runtime)} · {formatShowTime(booking.startsAt, timeZone)} · {booking.hallName}
        </p>
        <Facts
          className="booking-facts"
          facts={[
            ["Tickets", formatTickets(booking.tickets, currency, booking.discount)],
            ["Seats", booking.seats.join(", ")],
            ["Amount", formatMoney(booking.amountCents, currency)],
            ["Booking ID", shortBookingId(booking.id)],
            ["Booked on", formatDate(booking.createdAt, timeZone)],
          ]}
        />
      </div>
      <div className="booking-side">
        <p className={`status status-${booking.status}`}>{bookingStatusLabel(booking)}</p>
        {holdShown && booking.status === "pending" ? (
          <HoldCountdown holdExpiresAt={booking.holdExpiresAt} timeZone={timeZone} />
        ) : null}
        {actions ? <div className="booking-actions">{actions}</div> : null}
      </div>
    </article>
  );
}
