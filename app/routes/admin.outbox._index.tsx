import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaffList } from "~/components/StaffList";
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_LABELS } from "~/domain/outbox";
import { cinemaSettings } from "~/http/cinema.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { listOutboxForStaff } from "~/models/outbox-admin.server";
import { parseQuery } from "~/schemas/list-query";
import { outboxListSchema } from "~/schemas/outbox-list";
import outboxStyles from "~/styles/outbox.css";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";
import { pageLinks } from "~/utils/page-links";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: outboxStyles }]);
export const meta = pageMeta("Outbox – Admin Panel", "The latest mails the site sent or is about to send.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const { page } = parseQuery(outboxListSchema, new URL(request.url).searchParams);
  return { ...(await listOutboxForStaff(page)), ...cinemaSettings() };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");

export default function Outbox() {
  const { messages, total, page, pageCount, timeZone } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="outbox-title">
      <h1 id="outbox-title">Outbox</h1>
      <p>Mails the site sent or will send, newest first, and its calls to the sign-in sync.</p>
      <StaffList
        rows={messages.length}
        empty="No Messages Yet"
        count={total === 1 ? "1 message" : `${total} messages`}
        label="Messages"
        head={
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Recipient</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Created</th>
          </tr>
        }
        page={page}
        pageCount={pageCount}
        link={(to) => (to === 1 ? "/admin/outbox" : `/admin/outbox?page=${to}`)}
      >
        {messages.map((message) => (
          <tr key={message.id}>
            <th scope="row">
              <Link to={`/admin/outbox/${message.id}`}>{message.subject}</Link>
            </th>
            <td>{message.recipient}</td>
            <td>{OUTBOX_KIND_LABELS[message.kind]}</td>
            <td>
              <span className={`status status-${message.status}`}>{OUTBOX_STATUS_LABELS[message.status]}</span>
            </td>
            <td>{message.attempts}</td>
            <td>
              <time dateTime={message.createdAt}>{formatShowTime(message.createdAt, timeZone)}</time>
            </td>
          </tr>
        ))}
      </StaffList>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
