import { config } from "~/config.server";
import type { FreeSlot, ScheduleDay, ScheduledShow, ScheduleWeek } from "~/domain/schedule";
import { getDb } from "~/services/db.server";
import { addDays } from "~/utils/dates";
import { listHallsInUse } from "./halls.server";
import { cinemaDaySql } from "./shows.server";

// The schedule: a week of each hall's shows, each holding the hall for its film and the cleaning after it, with the
// free time between them.

/** A gap shorter than this is no slot for a show. */
export const SHORTEST_FREE_SLOT_MINUTES = 30;
/** The day the timeline draws at least: 10:00 to midnight, widened to the week's earliest and latest shows. */
const DAY_OPENS = 10 * 60;
const DAY_CLOSES = 24 * 60;

type ShowRow = Omit<ScheduledShow, "kind" | "startsAt" | "filmEnds" | "to"> & {
  startsAt: Date;
  hallId: string;
  day: string;
  runtime: number;
};

/** The shows of a hall's day with the free slots between them, within the hours `[opens, closes)`. */
function withFreeSlots(shows: ScheduledShow[], opens: number, closes: number) {
  const slots: (ScheduledShow | FreeSlot)[] = [];
  let freeFrom = opens;
  for (const show of shows) {
    if (show.from - freeFrom >= SHORTEST_FREE_SLOT_MINUTES) slots.push({ kind: "free", from: freeFrom, to: show.from });
    slots.push(show);
    freeFrom = Math.max(freeFrom, show.to);
  }
  if (closes - freeFrom >= SHORTEST_FREE_SLOT_MINUTES) slots.push({ kind: "free", from: freeFrom, to: closes });
  return slots;
}

/**
 * The week from `monday`, day by day, each with every hall in use and its shows that start that day (cancelled ones
 * hold no hall) and the free slots between them; occupancy is the seats paid for of the hall's seats.
 */
export async function readScheduleWeek(monday: string): Promise<ScheduleWeek> {
  const db = await getDb();
  const halls = await listHallsInUse();
  const rows = await db.query<ShowRow>(
    `select s.id, s.movie_id as "movieId", s.hall_id as "hallId", m.title, s.starts_at as "startsAt",
       ${cinemaDaySql("s.starts_at", "$3")} as day,
       (extract(hour from s.starts_at at time zone $3) * 60 + extract(minute from s.starts_at at time zone $3))::int
         as "from",
       m.runtime, h.seat_count as capacity, coalesce(paid.sold, 0)::int as sold
     from shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id
       left join lateral (
         select sum(cardinality(b.seats)) as sold from bookings b where b.show_id = s.id and b.status = 'paid'
       ) paid on true
     where s.cancelled_at is null and h.in_use
       and ${cinemaDaySql("s.starts_at", "$3")} between $1 and $2
     order by s.starts_at`,
    [monday, addDays(monday, 6), config.timeZone],
  );
  const shows = rows.map(({ day, hallId, startsAt, runtime, ...show }): [string, ScheduledShow] => [
    `${day} ${hallId}`,
    {
      kind: "show",
      ...show,
      startsAt: new Date(startsAt).toISOString(),
      filmEnds: show.from + runtime,
      to: show.from + runtime + config.cleaningMinutes,
    },
  ]);
  const opens = Math.min(DAY_OPENS, ...shows.map(([, show]) => Math.floor(show.from / 60) * 60));
  const closes = Math.max(DAY_CLOSES, ...shows.map(([, show]) => Math.ceil(show.to / 60) * 60));
  const days: ScheduleDay[] = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(monday, index);
    return {
      day,
      halls: halls.map((hall) => ({
        hallId: hall.id,
        hallName: hall.name,
        slots: withFreeSlots(
          shows.filter(([key]) => key === `${day} ${hall.id}`).map(([, show]) => show),
          opens,
          closes,
        ),
      })),
    };
  });
  return { monday, opens, closes, days, halls: halls.map(({ id, name }) => ({ id, name })) };
}
