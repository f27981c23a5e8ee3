import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { shortReferenceOf } from "~/domain/booking";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { ticketCodeForReference } from "~/models/check-in.server";
import { parseQuery } from "~/schemas/list-query";
import { ticketCodeSchema } from "~/schemas/ticket-code";
import { pageMeta } from "~/utils/page-meta";

export const meta = pageMeta("Check In – Admin Panel", "Type an e-ticket's code or booking reference to check it in.");

const CODE_REQUIRED = "Please enter a ticket code";
const REFERENCE_ERRORS = {
  "not-found": "No booking has this reference. Check it, or enter the full ticket code.",
  ambiguous: "More than one paid booking for today has this reference. Please enter the full ticket code.",
};

// The form is a GET: a typed code or reference goes to its ticket's page, the same page an e-ticket's QR code opens.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const { code } = parseQuery(ticketCodeSchema, params);
  if (!code) return { error: params.has("code") ? CODE_REQUIRED : null, typed: "" };
  const reference = shortReferenceOf(code);
  if (!reference) throw redirect(`/admin/check-in/${encodeURIComponent(code)}`);
  const found = await ticketCodeForReference(reference);
  if (found.ok) throw redirect(`/admin/check-in/${found.code}`);
  return data({ error: REFERENCE_ERRORS[found.reason], typed: code }, { status: 404 });
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request);

export default function CheckIn() {
  const { error, typed } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="check-in-title">
      <h1 id="check-in-title">Check In</h1>
      <p>
        Scan an e-ticket&apos;s QR code with this device, or type the code printed under it or the booking&apos;s
        8-character reference.
      </p>
      <Form method="get" className="filters">
        <div className="field field-search">
          <label htmlFor="ticket-code">Ticket code or booking reference</label>
          <input
            id="ticket-code"
            name="code"
            key={typed}
            defaultValue={typed}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby="ticket-code-error"
          />
          <p id="ticket-code-error" className="field-error">
            {error}
          </p>
        </div>
        <button type="submit" className="button">
          Find Ticket
        </button>
      </Form>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
