import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ScheduleTimeline } from "~/components/ScheduleTimeline";
import { config } from "~/config.server";
import { refuseAdminPost, requireStaff } from "~/http/viewer.server";
import { readScheduleWeek, SHORTEST_FREE_SLOT_MINUTES } from "~/models/schedule-week.server";
import { parseQuery } from "~/schemas/list-query";
import { mondayOf, scheduleQuerySchema, schedulePath } from "~/schemas/schedule-week";
import scheduleStyles from "~/styles/schedule.css";
import { addDays, cinemaToday } from "~/utils/dates";
import { describeMinutes } from "~/utils/format";
import { pageLinks } from "~/utils/page-links";
import { pageMeta } from "~/utils/page-meta";
import { formatLocalDay } from "~/utils/show-display";

export const { links, handle } = pageLinks([{ rel: "stylesheet", href: scheduleStyles }]);
export const meta = pageMeta(
  "Schedule – Admin Panel",
  "A week of every hall's shows on a timeline, with their occupancy and the free slots between them.",
);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "manage-programme");
  const query = parseQuery(scheduleQuerySchema, new URL(request.url).searchParams);
  const week = await readScheduleWeek(mondayOf(query.week ?? cinemaToday(config.timeZone)));
  const selectedHallId = week.halls.find((hall) => hall.id === query.hall)?.id ?? week.halls[0]?.id ?? "";
  return {
    week,
    selectedHallId,
    thisWeek: mondayOf(cinemaToday(config.timeZone)),
    cleaning: describeMinutes(config.cleaningMinutes),
    shortestSlot: describeMinutes(SHORTEST_FREE_SLOT_MINUTES),
  };
}

export const action = ({ request }: ActionFunctionArgs) => refuseAdminPost(request, "manage-programme");

export default function Schedule() {
  const { week, selectedHallId, thisWeek, cleaning, shortestSlot } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="schedule-title" className="schedule">
      <h1 id="schedule-title">Schedule</h1>
      <p className="schedule-week">
        Week of {formatLocalDay(week.monday)} to {formatLocalDay(addDays(week.monday, 6))}
      </p>
      <nav aria-label="Weeks" className="schedule-weeks">
        <Link to={schedulePath(addDays(week.monday, -7), selectedHallId)}>Previous week</Link>
        {week.monday === thisWeek ? null : <Link to={schedulePath(thisWeek, selectedHallId)}>This week</Link>}
        <Link to={schedulePath(addDays(week.monday, 7), selectedHallId)}>Next week</Link>
        <Link to="/admin/add-shows">Add Shows</Link>
      </nav>
      <nav aria-label="Halls" className="schedule-halls">
        {week.halls.map((hall) => (
          <Link
            key={hall.id}
            to={schedulePath(week.monday, hall.id)}
            aria-current={hall.id === selectedHallId ? "page" : undefined}
          >
            {hall.name}
          </Link>
        ))}
      </nav>
      <p className="admin-note">
        Each show holds its hall for its film, then {cleaning} of cleaning (shaded); a gap of {shortestSlot} or more is
        marked free. Open a show to move it, change its prices or cancel it.
      </p>
      {week.halls.length === 0 ? (
        <p className="empty-note">No hall is in use.</p>
      ) : (
        <ScheduleTimeline week={week} selectedHallId={selectedHallId} />
      )}
    </section>
  );
}

export { ErrorBoundary } from "~/components/ErrorPage";
