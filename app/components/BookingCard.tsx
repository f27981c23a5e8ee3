import type { ReactNode } from "react";
import { bookingStatusLabel, shortBookingId, type Booking } from "~/domain/booking";
import { describeRefund, type RefundDetails } from "~/domain/payments";
import { formatTickets } from "~/domain/tickets";
import { formatRuntime } from "~/utils/format";
import { formatDate, formatShowTime } from "~/utils/show-display";
import { formatMoney } from "~/utils/money";
import { Facts } from "./Facts";
import { HoldCountdown } from "./HoldCountdown";
import { Artwork } from "./Artwork";

type Props = {
  booking: Booking;
  timeZone: string;
  currency: string;
  actions?: ReactNode;
  holdShown?: boolean;
  /** The booking's refund, said in full under its status. */
  refund?: RefundDetails | null;
  /** The title's heading level: 3 under a list's own headings. */
  titleLevel?: 2 | 3;
};

/** One booking as its owner sees it; the page adds the buttons that apply (and may show the hold itself). */
export function BookingCard({
  booking,
  timeZone,
  currency,
  actions,
  holdShown = true,
  refund = null,
  titleLevel = 2,
}: Props) {
  const titleId = `booking-${booking.id}`;
  const Title = titleLevel === 3 ? "h3" : "h2";

  return (
    <article className="booking-card" aria-labelledby={titleId}>
      <Artwork
        src={booking.movie.posterUrl}
        kind="poster"
        sizes="150px"
        width={300}
        height={450}
        loading="lazy"
        className="booking-poster"
      />
      <div className="booking-body">
        <Title id={titleId}>{booking.movie.title}</Title>
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
            // A booking is booked when it is paid; until then its seats were only held.
            booking.paidAt
              ? ["Booked on", formatDate(booking.paidAt, timeZone)]
              : ["Held on", formatDate(booking.createdAt, timeZone)],
          ]}
        />
      </div>
      <div className="booking-side">
        <p className={`status status-${booking.status}`}>{bookingStatusLabel(booking)}</p>
        {holdShown && booking.status === "pending" ? (
          <HoldCountdown holdExpiresAt={booking.holdExpiresAt} timeZone={timeZone} />
        ) : null}
        {refund ? <RefundNote refund={refund} currency={currency} timeZone={timeZone} /> : null}
        {actions ? <div className="booking-actions">{actions}</div> : null}
      </div>
    </article>
  );
}

/** What a refund was, to which card and when, where it stands and when the money shows. */
export function RefundNote({
  refund,
  currency,
  timeZone,
}: {
  refund: RefundDetails;
  currency: string;
  timeZone: string;
}) {
  const { what, state, next } = describeRefund(refund, currency, timeZone);
  return (
    <div className={`refund-details refund-${refund.status}`}>
      <p className="refund-state">{state}</p>
      <p>{what}</p>
      <p className="field-note">{next}</p>
    </div>
  );
}
