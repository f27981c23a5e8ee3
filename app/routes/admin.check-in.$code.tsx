import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TicketCodeForm } from "~/components/check-in/TicketCodeForm";
import { BOOKING_STATUS_LABELS, shortBookingId } from "~/domain/booking";
import { formatTickets } from "~/domain/tickets";
import { cinemaSettings } from "~/http/cinema.server";
import { limitPosts } from "~/http/post-limits.server";
import { requireStaff } from "~/http/viewer.server";
import { checkInTicket, readTicket, refusalMessage } from "~/models/check-in.server";
import checkInStyles from "~/styles/check-in.css";
import { plural } from "~/utils/format";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";
import { pageLinks } from "~/utils/page-links";

export { checkInHeaders as headers } from "~/http/check-in.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: checkInStyles }]);
export const meta = pageMeta("Check In – Admin Panel", "Check an e-ticket at the door and let its holder in.");

const INVALID_CODE = "This ticket code is not valid.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "check-in");
  const found = await readTicket(params.code ?? "");
  const common = { ...cinemaSettings() };
  if (!found.ok) return data({ ...common, ticket: null, refusal: INVALID_CODE }, { status: 404 });
  const { ticket, refusal } = found;
  return { ...common, ticket, refusal: refusal && refusalMessage(refusal, ticket) };
}

// The verdict is the answer to the post itself, so it stays on screen until the next ticket; reloading it posts
// again and is told the ticket is already in.
export async function action({ request, params, context }: ActionFunctionArgs) {
  await limitPosts("check-in", request, context);
  const staff = await requireStaff(request, "check-in");
  const result = await checkInTicket(params.code ?? "", staff.uid);
  if (!result.ok) {
    const message = result.reason === "invalid-code" ? INVALID_CODE : refusalMessage(result.reason, result.ticket);
    return data({ admitted: null, refusal: message }, { status: result.reason === "invalid-code" ? 404 : 409 });
  }
  const { seats, title } = result.ticket;
  return { admitted: `${plural(seats.length, "seat")} for ${title}`, refusal: null };
}

/** The door's answer in large type: colour, an icon and a word, then what it is about. */
function Verdict({ admitted, refusal }: { admitted: string | null; refusal: string | null }) {
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

export default function TicketCheckIn() {
  const { ticket, refusal, currency, timeZone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const admitted = answer?.admitted ?? null;
  const refused = admitted ? null : (answer?.refusal ?? refusal);
  const checkIn = useRef<HTMLButtonElement>(null);
  const ready = !admitted && !refused;
  useEffect(() => {
    if (ready) checkIn.current?.focus();
  }, [ready, ticket?.bookingId]);
  return (
    <section aria-labelledby="ticket-title">
      <h1 id="ticket-title">Check In</h1>
      {ready ? null : <Verdict admitted={admitted} refusal={refused} />}
      {ticket ? (
        <article className="ticket" aria-label="Ticket">
          <img src={ticket.posterPath} alt="" width={100} height={150} />
          <div>
            <h2>{ticket.title}</h2>
            <dl>
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
          </div>
        </article>
      ) : null}
      {ready ? (
        <Form method="post">
          <button type="submit" className="button button-large" ref={checkIn}>
            Check in
          </button>
        </Form>
      ) : null}
      <h2 className="door-next">Next ticket</h2>
      <TicketCodeForm key={ticket?.bookingId} takeFocus={!ready} />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
