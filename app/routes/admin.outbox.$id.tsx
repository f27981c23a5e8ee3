import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Facts } from "~/components/Facts";
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_LABELS } from "~/domain/outbox";
import { cinemaSettings } from "~/http/cinema.server";
import { notFound } from "~/http/not-found.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { findOutboxMessageForStaff } from "~/models/outbox-admin.server";
import outboxStyles from "~/styles/outbox.css";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: outboxStyles }]);
export const meta = pageMeta("Message – Admin Panel", "One message of the outbox, as it was sent.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const message = await findOutboxMessageForStaff(params.id ?? "");
  if (!message) throw notFound("We could not find that message in the outbox.");
  return { message, ...cinemaSettings() };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");

export default function OutboxMessage() {
  const { message, timeZone } = useLoaderData<typeof loader>();
  const time = (iso: string) => <time dateTime={iso}>{formatShowTime(iso, timeZone)}</time>;
  const facts: [string, ReactNode][] = [
    ["Recipient", message.recipient],
    ["Kind", OUTBOX_KIND_LABELS[message.kind]],
    ["Status", OUTBOX_STATUS_LABELS[message.status]],
    ["Attempts", message.attempts],
    ["Created", time(message.createdAt)],
    [message.status === "pending" ? "Due" : "Was due", time(message.dueAt)],
  ];
  if (message.sentAt) facts.push(["Sent", time(message.sentAt)]);
  if (message.note) facts.push(["Not sent because", message.note]);
  if (message.lastError) facts.push(["Last error", message.lastError]);
  return (
    <section aria-labelledby="message-title" className="outbox-message">
      <h1 id="message-title">{message.subject}</h1>
      <Facts className="outbox-facts" facts={facts} />
      <h2>Text</h2>
      {message.textBody ? (
        <pre className="outbox-text">{message.textBody}</pre>
      ) : (
        <p>Its text is written when it is sent.</p>
      )}
      {message.downloadable ? (
        <p>
          <a href={`/admin/outbox/${message.id}.eml`} download={`${message.id}.eml`} className="text-link">
            Download the .eml file
          </a>
        </p>
      ) : null}
      <Link to="/admin/outbox" className="text-link">
        Back to the outbox
      </Link>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
