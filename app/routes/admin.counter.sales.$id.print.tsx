import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TAKINGS_METHOD_LABELS } from "~/domain/counter";
import { formatDiscount, formatTicketLine, ticketLines } from "~/domain/tickets";
import { loadPrintedTickets } from "~/http/counter.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import counterStyles from "~/styles/counter.css";
import { formatMoney } from "~/utils/money";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

// A counter sale's tickets to print: one narrow column that fits an 80 mm receipt printer and sits on A4 as it is;
// printed, the staff area's header and menu are left out (counter.css).

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: counterStyles }]);
export const meta = pageMeta("Print Tickets – Admin Panel", "The tickets of a counter sale, to print.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  return loadPrintedTickets(params.id, new URL(request.url).origin);
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "sell-at-counter");

export default function PrintTickets() {
  const { sale, reference, qrSvg, timeZone, currency } = useLoaderData<typeof loader>();
  const { booking, payment } = sale;
  return (
    <section className="counter-print" aria-labelledby="counter-print-title">
      <p className="counter-print-note">
        Print this page with the browser&apos;s Print (Ctrl+P or ⌘P): it fits an 80 mm receipt printer and A4.{" "}
        <Link to={`/admin/counter/sales/${booking.id}`} className="text-link">
          Back to the sale
        </Link>
      </p>
      <article className="printed-ticket">
        <h1 id="counter-print-title">{booking.movie.title}</h1>
        <p>
          <time dateTime={booking.startsAt}>{formatShowTime(booking.startsAt, timeZone)}</time> · {booking.hallName}
        </p>
        <div
          className="printed-ticket-qr"
          role="img"
          aria-label={`QR code of the e-ticket for booking ${reference}`}
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <dl>
          <dt>Booking reference</dt>
          <dd className="printed-ticket-reference">{reference}</dd>
          <dt>Seats</dt>
          <dd>{booking.seats.join(", ")}</dd>
          <dt>Tickets</dt>
          <dd>
            <ul>
              {ticketLines(booking.tickets).map((line) => (
                <li key={formatTicketLine(line, currency)}>{formatTicketLine(line, currency)}</li>
              ))}
              {booking.discount ? <li>{formatDiscount(booking.discount, currency)}</li> : null}
            </ul>
          </dd>
          <dt>Price</dt>
          <dd>{formatMoney(booking.amountCents, currency)}</dd>
          {payment ? (
            <>
              <dt>Paid by</dt>
              <dd>{TAKINGS_METHOD_LABELS[payment.method]}</dd>
            </>
          ) : null}
        </dl>
        <p className="printed-ticket-door">Show this ticket at the door.</p>
      </article>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
