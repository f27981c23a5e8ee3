import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { salesReportsHtml } from "~/components/sales-reports-html.server";
import { config } from "~/config.server";
import { cinemaSettings } from "~/http/cinema.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { readSharedSalesReport } from "~/models/reports.server";
import { parseQuery } from "~/schemas/list-query";
import { periodDays, REPORT_PERIODS, reportQuerySchema } from "~/schemas/report-period";
import reportStyles from "~/styles/reports.css";
import { cinemaToday } from "~/utils/dates";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import { formatLocalDay, formatShowTime } from "~/utils/show-display";

// Sent without scripts (decision 80): nothing on the page needs JavaScript, and its figures go once, as HTML.
export const { links, handle } = pageLinks([{ rel: "stylesheet", href: reportStyles }], { scripts: false });
export const meta = pageMeta(
  "Reports – Admin Panel",
  "Revenue and tickets per day, films, channels and refunds, and no-shows, over a period.",
);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-bookings");
  const { period } = parseQuery(reportQuerySchema, new URL(request.url).searchParams);
  const { from, to } = periodDays(period, cinemaToday(config.timeZone));
  const { value: report, readAt } = await readSharedSalesReport(from, to);
  const { currency, timeZone } = cinemaSettings();
  return {
    period,
    from: report.from,
    to: report.to,
    readAt: readAt.toISOString(),
    timeZone,
    reportsHtml: salesReportsHtml({ report, period, currency, timeZone }),
  };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");

export default function Reports() {
  const { period, from, to, readAt, timeZone, reportsHtml } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="reports-title" className="reports">
      <h1 id="reports-title">Reports</h1>
      <Form method="get" className="admin-period">
        <label htmlFor="report-period">Period</label>
        <select id="report-period" name="period" defaultValue={period}>
          {Object.entries(REPORT_PERIODS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-ghost button-small">
          Show
        </button>
      </Form>
      <p className="admin-note">
        {formatLocalDay(from)} to {formatLocalDay(to)}, each day beside the same day of the period before. A sale counts
        on the day it was paid; a booking cancelled since is in no sale, its refund counted on the day it was given.
        Figures as of <time dateTime={readAt}>{formatShowTime(readAt, timeZone)}</time>.
      </p>
      <div dangerouslySetInnerHTML={{ __html: reportsHtml }} />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
