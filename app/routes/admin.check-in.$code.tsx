import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { DoorTicketCard, Verdict } from "~/components/check-in/DoorTicketCard";
import { TicketCodeForm } from "~/components/check-in/TicketCodeForm";
import { cinemaSettings } from "~/http/cinema.server";
import { checkInVerdict, INVALID_CODE } from "~/http/check-in.server";
import { limitPosts } from "~/http/post-limits.server";
import { requireStaff } from "~/http/viewer.server";
import { readTicket, refusalMessage } from "~/models/check-in.server";
import checkInStyles from "~/styles/check-in.css";
import { pageMeta } from "~/utils/page-meta";
import { pageLinks } from "~/utils/page-links";

export { checkInHeaders as headers } from "~/http/check-in.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: checkInStyles }]);
export const meta = pageMeta("Check In – Admin Panel", "Check an e-ticket at the door and let its holder in.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "check-in");
  const found = await readTicket(params.code ?? "");
  const common = { ...cinemaSettings() };
  if (!found.ok) return data({ ...common, ticket: null, refusal: INVALID_CODE }, { status: 404 });
  const { ticket, refusal } = found;
  return { ...common, ticket, refusal: refusal && refusalMessage(refusal, ticket) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await limitPosts("check-in", request, context);
  const staff = await requireStaff(request, "check-in");
  const { verdict, status } = await checkInVerdict(params.code ?? "", staff.uid);
  return data({ admitted: verdict.admitted, refusal: verdict.refusal }, { status });
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
        <DoorTicketCard ticket={ticket} currency={currency} timeZone={timeZone}>
          {ready ? (
            <Form method="post">
              <button type="submit" className="button button-large door-check-in" ref={checkIn}>
                Check In
              </button>
            </Form>
          ) : null}
        </DoorTicketCard>
      ) : null}
      <h2 className="door-next">Next ticket</h2>
      {/* While this ticket waits for its Check In, the next one is only found: one Check In button on the page. */}
      <TicketCodeForm key={ticket?.bookingId} takeFocus={!ready} offerCheckIn={!ready} />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
