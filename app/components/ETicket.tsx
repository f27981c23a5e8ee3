import { useHydrated } from "~/hooks/use-hydrated";

type Props = {
  reference: string;
  /** The QR library's own SVG markup, made on our server from our signed check-in address. */
  qrSvg: string;
  /** Movie, time, hall and seats in one line. */
  summary: string;
  /** The booking's calendar file (.ics). */
  calendarUrl: string;
  venue: { address: string; mapUrl: string };
  /** The wallet passes the cinema can sign; a wallet without keys is not offered. */
  wallet: { apple: string | null; google: string | null };
};

/** A paid booking's e-ticket as shown at the door: the QR code and the booking reference first, in large type. */
export function ETicket({ reference, qrSvg, summary, calendarUrl, venue, wallet }: Props) {
  const hydrated = useHydrated();
  return (
    <section id="ticket" className="e-ticket" aria-labelledby="ticket-title">
      <h2 id="ticket-title">Your e-ticket</h2>
      <div className="e-ticket-lead">
        <figure className="ticket-qr">
          <div
            role="img"
            aria-label={`QR code of the e-ticket for booking ${reference}`}
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <figcaption>Show this code at the door.</figcaption>
        </figure>
        <dl className="ticket-reference">
          <dt>Booking reference</dt>
          <dd>{reference}</dd>
        </dl>
      </div>
      <p>{summary}</p>
      <p className="ticket-venue">
        {venue.address} ·{" "}
        <a href={venue.mapUrl} rel="noreferrer">
          Map
        </a>
      </p>
      {wallet.apple ? (
        <a href={wallet.apple} className="button no-print">
          Add to Apple Wallet
        </a>
      ) : null}
      {wallet.google ? (
        <a href={wallet.google} className="button no-print">
          Add to Google Wallet
        </a>
      ) : null}
      <a href={calendarUrl} className="button button-ghost no-print" download>
        Add to calendar
      </a>
      {hydrated ? (
        <button type="button" className="button button-ghost no-print" onClick={() => window.print()}>
          Print ticket
        </button>
      ) : null}
    </section>
  );
}
