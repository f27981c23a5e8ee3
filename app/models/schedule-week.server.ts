import { sql } from "kysely";
import { config } from "~/config.server";
import type { FreeSlot, ScheduleDay, ScheduledShow, ScheduleWeek } from "~/domain/schedule";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { addDays } from "~/utils/dates";
import { listHallsInUse } from "./halls.server";
import { cinemaDay } from "./cinema-day.server";

// The schedule: a week of each hall's shows, each holding the hall for its film and the cleaning after it, with the
// free time between them.

/** A gap shorter than this is no slot for a show. */
export const SHORTEST_FREE_SLOT_MINUTES = 30;
/** The day the timeline draws at least: 10:00 to midnight, widened to the week's earliest and latest shows. */
const DAY_OPENS = 10 * 60;
const DAY_CLOSES = 24 * 60;

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
  const zone = config.timeZone;
  const day = cinemaDay("s.starts_at", zone);
  const rows = await typed(db)
    .selectFrom("shows as s")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("bookings as b")
          .select(sql<number | null>`sum(cardinality(b.seats))`.as("sold"))
          .whereRef("b.show_id", "=", "s.id")
          .where("b.status", "=", sql.lit("paid"))
          .as("paid"),
      (join) => join.onTrue(),
    )
    .select([
      "s.id",
      "s.movie_id as movieId",
      "s.hall_id as hallId",
      "m.title",
      "s.starts_at as startsAt",
      day.as("day"),
      sql<number>`extract(hour from s.starts_at at time zone ${zone}) * 60
        + extract(minute from s.starts_at at time zone ${zone})`.as("from"),
      "m.runtime",
      "h.seat_count as capacity",
      sql<number>`coalesce(paid.sold, 0)`.as("sold"),
    ])
    .where("s.cancelled_at", "is", null)
    .where("h.in_use", "=", true)
    .where((eb) => eb.between(day, monday, addDays(monday, 6)))
    .orderBy("s.starts_at")
    .execute();
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
