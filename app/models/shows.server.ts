import { sql, type Expression } from "kysely";
import { config } from "~/config.server";
import { seatRuns, type HallLayout } from "~/domain/hall-layout";
import type { Show, ShowDay } from "~/domain/show";
import { getDb } from "~/services/db.server";
import { holdsSeatsSql } from "./booking-rules.server";
import { standardTicketSql } from "./ticket-types.server";

export const DATES_PER_PAGE = 7;

// A show's cinema day (YYYY-MM-DD) in SQL, compared with the day a URL or form names as text: a day that is no date
// at all ("0000-01-01", "2024-02-30") then matches nothing, where casting it to a date would fail.
export const cinemaDaySql = (column: string, zoneParameter: string) =>
  `to_char(${column} at time zone ${zoneParameter}, 'YYYY-MM-DD')`;

/** The same day for a typed query (decision 64), of the column named `column` in the zone `zone`. */
export const cinemaDay = (column: string, zone: Expression<string> | string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone ${zone}, 'YYYY-MM-DD')`;

/** The cinema days (in the cinema's time zone) on which a movie has shows still to start (cancelled ones are gone). */
export async function listShowDays(movieId: string): Promise<ShowDay[]> {
  const db = await getDb();
  return db.query<ShowDay>(
    `select ${cinemaDaySql("starts_at", "$2")} as day, count(*)::int as shows
     from shows
     where movie_id = $1 and starts_at > now() and cancelled_at is null
     group by 1 order by 1`,
    [movieId, config.timeZone],
  );
}

/** One page of show days for the day strip; an out-of-range page falls back to the nearest one. */
export function pageOfShowDays(days: ShowDay[], requestedPage: number) {
  const pageCount = Math.max(1, Math.ceil(days.length / DATES_PER_PAGE));
  const page = Math.min(Math.max(1, Number.isInteger(requestedPage) ? requestedPage : 1), pageCount);
  return {
    days: days.slice((page - 1) * DATES_PER_PAGE, page * DATES_PER_PAGE),
    page,
    pageCount,
  };
}

/**
 * The movie page's day: the one asked for (on the page of the strip that holds it), else the first of the page
 * asked for; null when the movie has no shows to come.
 */
export function chooseShowDay(days: ShowDay[], asked: { day: string | null; page: number }) {
  const index = days.findIndex((other) => other.day === asked.day);
  const strip = pageOfShowDays(days, index >= 0 ? Math.floor(index / DATES_PER_PAGE) + 1 : asked.page);
  return { ...strip, day: index >= 0 ? days[index].day : (strip.days[0]?.day ?? null) };
}

/** One screening, as customers book it. */

type ShowRow = Omit<Show, "startsAt"> & { startsAt: Date };
const SHOW_COLUMNS = `s.id, s.movie_id as "movieId", s.hall_id as "hallId", h.name as "hallName", s.starts_at as "startsAt",
  standard."priceCents", s.projection, s.subtitled, s.audio_described as "audioDescribed"`;
const toShow = (row: ShowRow): Show => ({ ...row, startsAt: new Date(row.startsAt).toISOString() });

/** SQL: the shows `s` of a movie ($1) on a cinema day ($2, in the zone $3) that are on sale: not started, not cancelled. */
const ON_SALE_ON_DAY_SQL = `s.movie_id = $1 and s.starts_at > now() and s.cancelled_at is null
  and ${cinemaDaySql("s.starts_at", "$3")} = $2`;

/** A movie's shows on a cinema day that have not started yet, earliest first; none on a day that does not exist. */
export async function listShowsOnDay(movieId: string, day: string): Promise<Show[]> {
  const db = await getDb();
  const rows = await db.query<ShowRow>(
    `select ${SHOW_COLUMNS} from shows s join halls h on h.id = s.hall_id
       join lateral (${standardTicketSql("s")}) standard on true
     where ${ON_SALE_ON_DAY_SQL}
     order by s.starts_at, h.name`,
    [movieId, day, config.timeZone],
  );
  return rows.map(toShow);
}

/** Of a show's seats anyone can book (standard and premium), how many there are and how many are free. */
export type ShowSeatCount = { seats: number; freeSeats: number };

/**
 * The seat counts of a movie's shows on a cinema day, by show id, in one query for the whole day. Read fresh each
 * time: a booking changes them without changing the catalogue. Wheelchair spaces and companion seats are kept for
 * the people who need them, so, as for the waitlist, they are not counted.
 */
export async function countSeatsOnDay(movieId: string, day: string): Promise<Map<string, ShowSeatCount>> {
  const db = await getDb();
  const rows = await db.query<{ id: string; layout: HallLayout; taken: string[] }>(
    `select s.id, h.layout, coalesce(array_agg(bs.seat) filter (where bs.seat is not null), '{}') as taken
     from shows s join halls h on h.id = s.hall_id
       left join (booked_seats bs join bookings b on b.id = bs.booking_id and ${holdsSeatsSql("b")})
         on bs.show_id = s.id
     where ${ON_SALE_ON_DAY_SQL}
     group by s.id, h.id`,
    [movieId, day, config.timeZone],
  );
  return new Map(
    rows.map(({ id, layout, taken }) => {
      const seats = seatRuns(layout).flat();
      const takenSet = new Set(taken);
      return [id, { seats: seats.length, freeSeats: seats.filter((seat) => !takenSet.has(seat)).length }];
    }),
  );
}
