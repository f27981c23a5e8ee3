import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { STAFF_CHANGE_KIND_LABELS, STAFF_CHANGE_KINDS } from "~/domain/staff-changes";
import { cinemaSettings } from "~/http/cinema.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { describeValues, listStaffChanges } from "~/models/staff-changes.server";
import { parseQuery } from "~/schemas/list-query";
import { ANY, staffChangeListSchema } from "~/schemas/staff-changes";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

export const meta = pageMeta("Record of Changes – Admin Panel", "Who changed what on the staff pages, and when.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-staff");
  const url = new URL(request.url);
  const query = parseQuery(staffChangeListSchema, url.searchParams);
  const list = await listStaffChanges(query);
  return {
    ...list,
    changes: list.changes.map((change) => ({
      ...change,
      before: describeValues(change.before),
      after: describeValues(change.after),
    })),
    query,
    search: url.search,
    ...cinemaSettings(),
  };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-staff");

export default function StaffChanges() {
  const { changes, people, query, total, page, pageCount, search, timeZone } = useLoaderData<typeof loader>();
  const pageLink = (to: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(to));
    return `?${params}`;
  };
  return (
    <section aria-labelledby="changes-title" className="staff-changes">
      <h1 id="changes-title">Record of Changes</h1>
      <p>Every change made on the staff pages: who, when, what, and the values before and after.</p>
      <Form method="get" className="list-filters">
        <div className="field">
          <label htmlFor="changes-staff">Person</label>
          <select id="changes-staff" name="staff" defaultValue={query.staff}>
            <option value={ANY}>Everyone</option>
            {people.map((person) => (
              <option key={person.uid} value={person.uid}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="changes-kind">Kind</label>
          <select id="changes-kind" name="kind" defaultValue={query.kind}>
            <option value={ANY}>All kinds</option>
            {STAFF_CHANGE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {STAFF_CHANGE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="changes-day">Day</label>
          <input id="changes-day" name="day" type="date" defaultValue={query.day} />
        </div>
        <button type="submit" className="button button-small">
          Filter
        </button>
        <a href={`/admin/changes.csv${search}`} className="button button-ghost button-small" download>
          Export CSV
        </a>
      </Form>
      <p>{total === 1 ? "1 change" : `${total} changes`}</p>
      <div className="table-scroll">
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Subject</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.id}>
                <td>{formatShowTime(change.at, timeZone)}</td>
                <td>{change.staffName}</td>
                <td>{STAFF_CHANGE_KIND_LABELS[change.kind] ?? change.kind}</td>
                <td>{change.subject}</td>
                <td>{change.before}</td>
                <td>{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="list-pages">
          {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={pageLink(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
