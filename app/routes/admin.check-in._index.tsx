import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DoorTicketCard, Verdict } from "~/components/check-in/DoorTicketCard";
import { TicketCodeForm } from "~/components/check-in/TicketCodeForm";
import { cinemaSettings } from "~/http/cinema.server";
import { checkInVerdict, typedTicketCode } from "~/http/check-in.server";
import { readSubmission } from "~/http/forms.server";
import { limitPosts } from "~/http/post-limits.server";
import { requireStaff } from "~/http/viewer.server";
import { parseQuery } from "~/schemas/list-query";
import { ticketCodeSchema } from "~/schemas/ticket-code";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import checkInStyles from "~/styles/check-in.css";

export { checkInHeaders as headers } from "~/http/check-in.server";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: checkInStyles }]);

export const meta = pageMeta(
  "Check In – Admin Panel",
  "Scan an e-ticket's QR code or type its booking reference to check it in.",
);

// Find Ticket is a GET: a typed code or reference goes to its ticket's page, the same page an e-ticket's QR code opens.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "check-in");
  const params = new URL(request.url).searchParams;
  const { code: typed } = parseQuery(ticketCodeSchema, params);
  if (!typed && !params.has("code")) return { error: null, typed: "", ...cinemaSettings() };
  const found = await typedTicketCode(typed);
  if (found.ok) throw redirect(`/admin/check-in/${encodeURIComponent(found.code)}`);
  return data({ error: found.error, typed, ...cinemaSettings() }, { status: found.status });
}

// Check In posts the typed code or reference here and lets its ticket in at once: one tap, no page in between.
export async function action({ request, context }: ActionFunctionArgs) {
  await limitPosts("check-in", request, context);
  const staff = await requireStaff(request, "check-in");
  const form = await readSubmission(request, ticketCodeSchema);
  if (!form.ok) return data({ error: form.message, typed: "", verdict: null }, { status: 400 });
  const typed = form.value.code;
  const found = await typedTicketCode(typed);
  if (!found.ok) return data({ error: found.error, typed, verdict: null }, { status: found.status });
  const { verdict, status } = await checkInVerdict(found.code, staff.uid);
  return data({ error: null, typed: "", verdict }, { status });
}

export default function CheckIn() {
  const { error, typed, currency, timeZone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const verdict = answer?.verdict ?? null;
  return (
    <section aria-labelledby="check-in-title">
      <h1 id="check-in-title">Check In</h1>
      {verdict ? (
        <>
          <Verdict admitted={verdict.admitted} refusal={verdict.refusal} />
          {verdict.ticket ? <DoorTicketCard ticket={verdict.ticket} currency={currency} timeZone={timeZone} /> : null}
          <h2 className="door-next">Next ticket</h2>
        </>
      ) : (
        <p>
          Scan the QR code on the customer&apos;s e-ticket with this device, or type the 8-character booking reference
          shown with it.
        </p>
      )}
      <TicketCodeForm
        key={verdict?.ticket?.bookingId}
        typed={answer?.typed ?? typed}
        error={answer?.error ?? error}
        takeFocus
        offerCheckIn
      />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
