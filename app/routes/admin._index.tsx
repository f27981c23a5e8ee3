import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getDashboard } from "~/models/dashboard.server";
import { config } from "~/config.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { formatMoney, formatShowTime } from "~/utils/show-display";

export const meta: MetaFunction = () => [
  { title: "Dashboard – Admin Panel – Marquee Cinemas" },
  { name: "description", content: "The number of users and the shows coming up at Marquee Cinemas." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return { ...(await getDashboard()), currency: config.currency, timeZone: config.timeZone };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request);

export default function Dashboard() {
  const { totalUsers, activeShows, upcomingShows, currency, timeZone } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <dl className="admin-cards">
        <div className="admin-card">
          <dt>Total Users</dt>
          <dd>{totalUsers}</dd>
        </div>
        <div className="admin-card">
          <dt>Active Shows</dt>
          <dd>{activeShows}</dd>
        </div>
      </dl>
      <h2>Active Shows</h2>
      {upcomingShows.length === 0 ? (
        <p className="empty-note">No active shows at the moment</p>
      ) : (
        <ul className="admin-shows">
          {upcomingShows.map((show) => (
            <li key={show.id} className="admin-show">
              <img src={show.posterPath} alt="" width={80} height={120} />
              <div>
                <h3>{show.title}</h3>
                <p>{formatShowTime(show.startsAt, timeZone)}</p>
                <p>{formatMoney(show.priceCents, currency)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
