import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { config } from "~/config.server";
import { BOOKING_STATUS_LABELS } from "~/domain/booking";
import { formatTickets } from "~/domain/tickets";
import { cinemaSettings } from "~/http/cinema.server";
import { limitPosts } from "~/http/post-limits.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { checkInTicket, readTicket, type Ticket, type TicketRefusal } from "~/models/check-in.server";
import checkInStyles from "~/styles/check-in.css";
import { plural } from "~/utils/format";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { formatClock24, formatShowTime } from "~/utils/show-display";
import { pageLinks } from "~/utils/page-links";

export { keepRetryAfter as headers } from "~/http/post-limits.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: checkInStyles }]);
export const meta = pageMeta("Check In – Admin Panel", "Check an e-ticket at the door and let its holder in.");

const INVALID_CODE = "This ticket code is not valid.";

function refusalMessage(refusal: TicketRefusal, ticket: Ticket) {
  switch (refusal) {
    case "cancelled":
      return "This booking was cancelled.";
    case "expired":
      return "This booking expired before it was paid.";
    case "unpaid":
      return "This booking has not been paid.";
    case "other-day":
      return `This ticket is for ${formatShowTime(ticket.startsAt, config.timeZone)}, not today.`;
    case "checked-in":
      return `Already checked in at ${formatClock24(ticket.checkIn!.at, config.timeZone)} by ${ticket.checkIn!.staffName}`;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const found = await readTicket(params.code ?? "");
  const common = { ...cinemaSettings() };
  if (!found.ok) return data({ ...common, ticket: null, refusal: INVALID_CODE }, { status: 404 });
  const { ticket, refusal } = found;
  return { ...common, ticket, refusal: refusal && refusalMessage(refusal, ticket) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await limitPosts("check-in", request, context);
  const staff = await requireStaff(request);
  const result = await checkInTicket(params.code ?? "", staff.uid);
  if (!result.ok) {
    const message = result.reason === "invalid-code" ? INVALID_CODE : refusalMessage(result.reason, result.ticket);
    return data({ refusal: message }, { status: result.reason === "invalid-code" ? 404 : 409 });
  }
  const { seats, title } = result.ticket;
  return redirectWithSuccess("/admin/check-in", `Checked in: ${plural(seats.length, "seat")} for ${title}`);
}

export default function TicketCheckIn() {
  const { ticket, refusal, currency, timeZone } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refusal ?? refusal;
  return (
    <section aria-labelledby="ticket-title">
      <h1 id="ticket-title">Check In</h1>
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
      {refused ? (
        <p className="ticket-refusal" role="alert">
          {refused}
        </p>
      ) : (
        <Form method="post">
          <button type="submit" className="button button-large">
            Check in
          </button>
        </Form>
      )}
      <Link to="/admin/check-in" className="text-link">
        Check another ticket
      </Link>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
