import { sql } from "kysely";
import { config } from "~/config.server";
import { seatRuns, type HallLayout } from "~/domain/hall-layout";
import type { Show, ShowDay } from "~/domain/show";
import type { Projection } from "~/domain/show-format";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { holdsSeatsSql } from "./booking-rules.server";
import { cinemaDay } from "./cinema-day.server";
import { standardTicketSql, type StandardTicket } from "./ticket-types.server";

export const DATES_PER_PAGE = 7;

/** The cinema days (in the cinema's time zone) on which a movie has shows still to start (cancelled ones are gone). */
export async function listShowDays(movieId: string): Promise<ShowDay[]> {
  return typed(await getDb())
    .selectFrom("shows")
    .select([cinemaDay("starts_at", config.timeZone).as("day"), (eb) => eb.fn.countAll<number>().as("shows")])
    .where("movie_id", "=", movieId)
    .where("starts_at", ">", sql<Date>`now()`)
    .where("cancelled_at", "is", null)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
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

/** The shows `s` of a movie on a cinema day that are on sale (not started, not cancelled), with their halls `h`. */
const showsOnSaleOnDay = (db: Queryable, movieId: string, day: string) =>
  typed(db)
    .selectFrom("shows as s")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .where("s.movie_id", "=", movieId)
    .where("s.starts_at", ">", sql<Date>`now()`)
    .where("s.cancelled_at", "is", null)
    .where(cinemaDay("s.starts_at", config.timeZone), "=", day);

/** A movie's shows on a cinema day that have not started yet, earliest first; none on a day that does not exist. */
export async function listShowsOnDay(movieId: string, day: string): Promise<Show[]> {
  const rows = await showsOnSaleOnDay(await getDb(), movieId, day)
    .innerJoinLateral(sql<StandardTicket>`(${sql.raw(standardTicketSql("s"))})`.as("standard"), (join) => join.onTrue())
    .select([
      "s.id",
      "s.movie_id as movieId",
      "s.hall_id as hallId",
      "h.name as hallName",
      "s.starts_at as startsAt",
      "standard.priceCents",
      sql<Projection>`s.projection`.as("projection"),
      "s.subtitled",
      "s.audio_described as audioDescribed",
    ])
    .orderBy("s.starts_at")
    .orderBy("h.name")
    .execute();
  return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() }));
}
/** Of a show's seats anyone can book (standard and premium), how many there are and how many are free. */
export type ShowSeatCount = { seats: number; freeSeats: number };

/**
 * The seat counts of a movie's shows on a cinema day, by show id, in one query for the whole day. Read fresh each
 * time: a booking changes them without changing the catalogue. Wheelchair spaces and companion seats are kept for
 * the people who need them, so, as for the waitlist, they are not counted.
 */
export async function countSeatsOnDay(movieId: string, day: string): Promise<Map<string, ShowSeatCount>> {
  const rows = await showsOnSaleOnDay(await getDb(), movieId, day)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("booked_seats as bs")
          .innerJoin("bookings as b", "b.id", "bs.booking_id")
          .select(["bs.show_id", "bs.seat"])
          .where(sql.raw<boolean>(holdsSeatsSql("b")))
          .as("held"),
      (join) => join.onRef("held.show_id", "=", "s.id"),
    )
    .select([
      "s.id",
      sql<HallLayout>`h.layout`.as("layout"),
      sql<string[]>`coalesce(array_agg(held.seat) filter (where held.seat is not null), '{}')`.as("taken"),
    ])
    .groupBy(["s.id", "h.id"])
    .execute();
  return new Map(
    rows.map(({ id, layout, taken }) => {
      const seats = seatRuns(layout).flat();
      const takenSet = new Set(taken);
      return [id, { seats: seats.length, freeSeats: seats.filter((seat) => !takenSet.has(seat)).length }];
    }),
  );
}
