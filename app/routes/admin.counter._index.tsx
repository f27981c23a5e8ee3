import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { config } from "~/config.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { listCounterShows } from "~/models/counter-sales.server";
import counterStyles from "~/styles/counter.css";
import { cinemaToday } from "~/utils/dates";
import { plural } from "~/utils/format";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import { formatClockTime, showDayLabel } from "~/utils/show-display";

// The box office counter (decision 71): the shows still to start, today's next first; each opens its seats.

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: counterStyles }]);
export const meta = pageMeta("Counter – Admin Panel", "Sell tickets at the box office counter.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "sell-at-counter");
  const { timeZone } = config;
  const today = cinemaToday(timeZone);
  const shows = await listCounterShows();
  return {
    shows: shows.map((show) => ({
      ...show,
      when: `${showDayLabel(show.day, today)}, ${formatClockTime(show.startsAt, timeZone)}`,
      free: plural(show.freeSeats, "seat") + " free",
    })),
  };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "sell-at-counter");

export default function Counter() {
  const { shows } = useLoaderData<typeof loader>();
  return (
    <section className="counter" aria-labelledby="counter-title">
      <h1 id="counter-title">Counter</h1>
      <p>Choose a show to sell its seats. Shows still to start, the next first.</p>
      {shows.length === 0 ? (
        <p>No shows are still to start.</p>
      ) : (
        <ul className="counter-shows">
          {shows.map((show) => (
            <li key={show.id}>
              <Link to={`/admin/counter/shows/${show.id}`} className="counter-show">
                <strong>{show.when}</strong>
                <span>{show.title}</span>
                <span>
                  {show.hallName} · {show.free}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/admin/takings" className="text-link">
          Today&apos;s takings
        </Link>
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
