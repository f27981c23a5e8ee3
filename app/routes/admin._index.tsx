import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ActivityList } from "~/components/ActivityList";
import { RevenueChart } from "~/components/SalesReports";
import { config } from "~/config.server";
import { cinemaSettings } from "~/http/cinema.server";
import { refuseAdminPost, requireDashboardStaff } from "~/http/viewer.server";
import type { TicketTypeSales } from "~/domain/reports";
import { getDashboard, salesByType, type Figure } from "~/models/dashboard.server";
import { readComparedDays } from "~/models/reports.server";
import { DASHBOARD_PERIODS, dashboardQuerySchema, periodDays, type DashboardPeriod } from "~/schemas/dashboard-period";
import { parseQuery } from "~/schemas/list-query";
import { periodDays as reportDays } from "~/schemas/report-period";
import reportStyles from "~/styles/reports.css";
import { cinemaToday } from "~/utils/dates";
import { pageLinks } from "~/utils/page-links";
import { formatMoney } from "~/utils/money";
import { plural } from "~/utils/format";
import { pageMeta } from "~/utils/page-meta";
import { formatShowTime } from "~/utils/show-display";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: reportStyles }]);
export const meta = pageMeta("Dashboard – Admin Panel", "The cinema's figures this week and the shows coming up.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireDashboardStaff(request);
  const { period } = parseQuery(dashboardQuerySchema, new URL(request.url).searchParams);
  const week = reportDays("7", cinemaToday(config.timeZone));
  return {
    ...(await getDashboard()),
    period,
    sales: await salesByType(periodDays(period)),
    week: await readComparedDays(week.from, week.to),
    ...cinemaSettings(),
  };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-bookings");

function TrendLine({ trend }: Pick<Figure, "trend">) {
  if (trend.kind === "new") return <p className="admin-trend admin-trend-up">New this week</p>;
  const { percent } = trend;
  const direction = percent > 0 ? "up" : percent < 0 ? "down" : "flat";
  return (
    <p className={`admin-trend admin-trend-${direction}`}>
      {percent > 0 ? "+" : ""}
      {percent}% <span>vs previous 7 days</span>
    </p>
  );
}

/** Tickets sold by type over a period staff choose (a GET form, so it works without JavaScript). */
function SalesByType({
  period,
  sales,
  currency,
}: {
  period: DashboardPeriod;
  sales: TicketTypeSales[];
  currency: string;
}) {
  return (
    <section aria-labelledby="sales-title" className="admin-sales">
      <h2 id="sales-title">Tickets by Type</h2>
      <Form method="get" className="admin-period">
        <label htmlFor="sales-period">Period</label>
        <select id="sales-period" name="period" defaultValue={period}>
          {Object.entries(DASHBOARD_PERIODS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-small">
          Show
        </button>
      </Form>
      {sales.length === 0 ? (
        <p className="empty-note">No tickets paid for in this period</p>
      ) : (
        <table className="staff-table">
          <caption className="visually-hidden">Tickets by type, {DASHBOARD_PERIODS[period].toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Tickets</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((row) => (
              <tr key={row.typeName}>
                <th scope="row">{row.typeName}</th>
                <td>{row.tickets}</td>
                <td>{formatMoney(row.revenueCents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function Dashboard() {
  const { bookings, revenueCents, users, activeShows, shows, activity, period, sales, week, currency, timeZone } =
    useLoaderData<typeof loader>();
  const cards = [
    { label: "Total Bookings", figure: bookings, value: String(bookings.total) },
    { label: "Total Revenue", figure: revenueCents, value: formatMoney(revenueCents.total, currency) },
    { label: "Total Users", figure: users, value: String(users.total) },
    { label: "Active Shows", figure: activeShows, value: String(activeShows.total) },
  ];
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <dl className="admin-cards">
        {cards.map(({ label, figure, value }) => (
          <div key={label} className="admin-card">
            <dt>{label}</dt>
            <dd>
              <strong>{value}</strong>
              <TrendLine trend={figure.trend} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="admin-note">
        Changes compare the last 7 days with the 7 days before: bookings made (paid or awaiting payment), revenue taken
        net of refunds, users who joined and shows added.
      </p>
      <section aria-labelledby="week-revenue-title">
        <h2 id="week-revenue-title">This week against the week before</h2>
        <RevenueChart days={week} currency={currency} />
        <p className="admin-note">
          <Link to="/admin/reports" className="text-link">
            All reports
          </Link>
        </p>
      </section>
      <SalesByType period={period} sales={sales} currency={currency} />
      <h2 id="next-shows-title">{shows.length === 0 ? "Next Shows" : `Next ${plural(shows.length, "Show")}`}</h2>
      {shows.length === 0 ? (
        <p className="empty-note">No active shows at the moment</p>
      ) : (
        <>
          <p className="admin-note">
            {activeShows.total > shows.length
              ? `The ${shows.length} soonest of ${activeShows.total} active shows. `
              : null}
            <Link to="/admin/list-shows" className="text-link">
              All shows in List Shows
            </Link>
          </p>
          <ul className="admin-shows" aria-labelledby="next-shows-title">
            {shows.map((show) => (
              <li key={show.id} className="admin-show">
                <img src={show.posterPath} alt="" width={80} height={120} />
                <div>
                  <h3>{show.title}</h3>
                  <p>{formatShowTime(show.startsAt, timeZone)}</p>
                  <p>{show.priceCents === null ? "No ticket on sale" : formatMoney(show.priceCents, currency)}</p>
                  <p>{show.hallName}</p>
                  <p>
                    {show.seatsSold} / {show.capacity} seats sold
                  </p>
                  <p>Earnings {formatMoney(show.earningsCents, currency)}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 id="activity-title">Recent Activity</h2>
      <ActivityList activity={activity} currency={currency} timeZone={timeZone} labelledBy="activity-title" />
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
