import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TicketCodeForm } from "~/components/check-in/TicketCodeForm";
import { shortReferenceOf } from "~/domain/booking";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { ticketCodeForReference } from "~/models/check-in.server";
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

const CODE_REQUIRED = "Please enter a ticket code";
const REFERENCE_ERRORS = {
  "not-found": "No booking has this reference. Check it against the e-ticket, or scan the e-ticket's QR code.",
  ambiguous: "More than one paid booking at the door now has this reference. Please scan the e-ticket's QR code.",
};

// The form is a GET: a typed code or reference goes to its ticket's page, the same page an e-ticket's QR code opens.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "check-in");
  const params = new URL(request.url).searchParams;
  const { code } = parseQuery(ticketCodeSchema, params);
  if (!code) return { error: params.has("code") ? CODE_REQUIRED : null, typed: "" };
  const reference = shortReferenceOf(code);
  if (!reference) throw redirect(`/admin/check-in/${encodeURIComponent(code)}`);
  const found = await ticketCodeForReference(reference);
  if (found.ok) throw redirect(`/admin/check-in/${found.code}`);
  return data({ error: REFERENCE_ERRORS[found.reason], typed: code }, { status: 404 });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "check-in");

export default function CheckIn() {
  const { error, typed } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="check-in-title">
      <h1 id="check-in-title">Check In</h1>
      <p>
        Scan the QR code on the customer&apos;s e-ticket with this device, or type the 8-character booking reference
        shown with it.
      </p>
      <TicketCodeForm typed={typed} error={error} takeFocus />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
