import { idCheckCue } from "~/domain/age-ratings";
import { BOOKING_STATUS_LABELS, shortBookingId } from "~/domain/booking";
import type { DoorTicket } from "~/domain/door-ticket";
import { formatTickets } from "~/domain/tickets";
import { formatMoney } from "~/utils/money";
import { formatShowTime } from "~/utils/show-display";

/** The door's answer in large type: colour, an icon and a word, then what it is about. */
export function Verdict({ admitted, refusal }: { admitted: string | null; refusal: string | null }) {
  const kind = admitted ? "admitted" : "refused";
  return (
    <div className={`door-verdict door-verdict-${kind}`} role={admitted ? "status" : "alert"}>
      <svg className="door-verdict-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={admitted ? "M4 12.5l5 5L20 6.5" : "M6 6l12 12M18 6L6 18"} />
      </svg>
      <div>
        <p className="door-verdict-word">{admitted ? "Admitted" : "Refused"}</p>
        <p className="door-verdict-why">{admitted ?? refusal}</p>
      </div>
    </div>
  );
}

/**
 * The booking a ticket names, as the door reads it: the film with its certificate (a film for adults only in a cue
 * to check ID that cannot be missed), the show, the seats and what each was sold as. `children` (the Check In
 * button) goes inside it, under the facts it is about.
 */
export function DoorTicketCard({
  ticket,
  currency,
  timeZone,
  children,
}: {
  ticket: DoorTicket;
  currency: string;
  timeZone: string;
  children?: React.ReactNode;
}) {
  const idCue = idCheckCue(ticket.certificate);
  return (
    <article className="ticket" aria-label="Ticket">
      <img src={ticket.posterPath} alt="" width={100} height={150} />
      <div>
        <h2>{ticket.title}</h2>
        {idCue ? (
          <p className="door-id-check" role="note">
            <span className="door-certificate">{ticket.certificate!.code}</span> {idCue}
          </p>
        ) : null}
        <dl>
          <dt>Certificate</dt>
          <dd>{ticket.certificate ? `${ticket.certificate.code}: ${ticket.certificate.description}` : "Not rated"}</dd>
          <dt>Show time</dt>
          <dd>{formatShowTime(ticket.startsAt, timeZone)}</dd>
          <dt>Hall</dt>
          <dd>{ticket.hallName}</dd>
          <dt>Seats</dt>
          <dd>{ticket.seats.join(", ")}</dd>
          <dt>Tickets</dt>
          <dd>{formatTickets(ticket.tickets, currency, ticket.discount)}</dd>
          <dt>Reference</dt>
          <dd>{shortBookingId(ticket.bookingId)}</dd>
          <dt>Customer</dt>
          <dd>{ticket.customerName}</dd>
          <dt>Payment</dt>
          <dd>
            {BOOKING_STATUS_LABELS[ticket.status]} {formatMoney(ticket.amountCents, currency)}
          </dd>
        </dl>
        {children}
      </div>
    </article>
  );
}
