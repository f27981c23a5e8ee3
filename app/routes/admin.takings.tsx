import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { config } from "~/config.server";
import { TableScroll } from "~/components/StaffList";
import { TAKINGS_METHOD_LABELS } from "~/domain/counter";
import { CLOSE_DAY_FAILURES } from "~/http/counter.server";
import { readSubmission } from "~/http/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { requireStaff } from "~/http/viewer.server";
import { closeTakingsDay, takingsReport } from "~/models/takings.server";
import { closeDaySchema, takingsQuerySchema } from "~/schemas/counter";
import counterStyles from "~/styles/counter.css";
import { cinemaToday } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import { formatCinemaDay, formatShowTime } from "~/utils/show-display";

// Takings (decision 71): a cinema day's money by staff member and method, the cash that should be in the drawer,
// and a manager's Close Day, after which the day's figures no longer change.

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: counterStyles }]);
export const meta = pageMeta("Takings – Admin Panel", "A day's takings by staff member and payment method.");

const takingsPath = (day: string) => `/admin/takings?day=${day}`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  const today = cinemaToday(config.timeZone);
  const asked = takingsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const day = asked.day ?? today;
  return {
    report: await takingsReport(day),
    dayLabel: formatCinemaDay(day),
    closable: day <= today,
    timeZone: config.timeZone,
    currency: config.currency,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "manage-staff");
  const form = await readSubmission(request, closeDaySchema);
  if (!form.ok) return redirectWithError("/admin/takings", form.message);
  const { day } = form.value;
  const closed = await closeTakingsDay(staff.uid, day);
  if (!closed.ok) return redirectWithError(takingsPath(day), CLOSE_DAY_FAILURES[closed.reason]);
  return redirectWithSuccess(
    takingsPath(day),
    `Takings of ${formatCinemaDay(day)} closed. Their figures no longer change, and the counter takes no more payments or refunds that day.`,
  );
}

export default function Takings() {
  const { report, dayLabel, closable, timeZone, currency } = useLoaderData<typeof loader>();
  const money = (cents: number) => formatMoney(cents, currency);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="takings cards-on-phone" aria-labelledby="takings-title">
      <h1 id="takings-title">Takings</h1>
      <Form method="get" className="takings-day">
        <label htmlFor="takings-day">Day</label>
        <input id="takings-day" name="day" type="date" defaultValue={report.day} required />
        <button type="submit" className="button button-ghost">
          Show
        </button>
      </Form>
      <h2>{dayLabel}</h2>
      <p className="takings-status">
        {report.closed
          ? `Closed by ${report.closed.by} at ${formatShowTime(report.closed.at, timeZone)}: these figures no longer change.`
          : "Open: these figures change as payments and refunds come in."}
      </p>
      <dl className="takings-totals">
        <div>
          <dt>Cash that should be in the drawer</dt>
          <dd>{money(report.drawerCents)}</dd>
        </div>
        <div>
          <dt>Net takings, every method</dt>
          <dd>{money(report.netCents)}</dd>
        </div>
      </dl>
      <TableScroll label="Takings by staff member and payment method">
        <table className="staff-table takings-table">
          <caption>By staff member and payment method</caption>
          <thead>
            <tr>
              <th scope="col">Staff member</th>
              <th scope="col">Paid by</th>
              <th scope="col">Sales</th>
              <th scope="col">Taken</th>
              <th scope="col">Refunds</th>
              <th scope="col">Refunded</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.length === 0 ? (
              <tr>
                <td colSpan={7}>Nothing taken or refunded this day.</td>
              </tr>
            ) : (
              report.rows.map((row) => (
                <tr key={`${row.staff ?? ""}:${row.method}`}>
                  <th scope="row">{row.staff ?? "Online"}</th>
                  <td data-label="Paid by">{TAKINGS_METHOD_LABELS[row.method]}</td>
                  <td data-label="Sales">{row.sales}</td>
                  <td data-label="Taken">{money(row.salesCents)}</td>
                  <td data-label="Refunds">{row.refunds}</td>
                  <td data-label="Refunded">{money(row.refundsCents)}</td>
                  <td data-label="Net">{money(row.netCents)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      <p>
        <a href={`/admin/takings.csv?day=${report.day}`} className="text-link" download>
          Download CSV
        </a>
      </p>
      {!report.closed && closable ? (
        <Form method="post" className="takings-close">
          <input type="hidden" name="day" value={report.day} />
          <p>A manager closes the day once its drawer is counted. Its figures then no longer change.</p>
          <button type="submit" className="button" disabled={busy}>
            Close {dayLabel}
          </button>
        </Form>
      ) : null}
      <p>
        <Link to="/admin/counter" className="text-link">
          Back to the counter
        </Link>
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
