import { sql, type Kysely, type Selectable } from "kysely";
import { recordStaffChange } from "./staff-changes.server";
import { config } from "~/config.server";
import { pageWindow } from "~/schemas/list-query";
import type { ShowListQuery, ShowPeriod, ShowSort } from "~/schemas/show-list";
import { getDb, isForeignKeyViolation } from "~/services/db.server";
import type { BookingsTable, DB } from "~/services/db-schema";
import { typed } from "~/services/typed-db.server";
import { holdsSeatsSql } from "./booking-rules.server";
import { cinemaDay } from "./cinema-day.server";
import { standardTicketSql, type StandardTicket } from "./ticket-types.server";

// List Shows: one page of shows with their seat figures, its filters' choices, and removing a show nobody booked.

// Seat figures of each show `s`: seats held by paid bookings and unexpired holds (booked), seats paid for (sold),
// what they were paid (earnings: each seat's price, its type's difference included), and how many bookings refer
// to it at all, expired and cancelled ones included.
const SEAT_FIGURES_SQL = `(
  select b.show_id,
    coalesce(sum(cardinality(b.seats)) filter (where b.status = 'paid'), 0) as sold,
    coalesce(sum(b.amount_cents) filter (where b.status = 'paid'), 0) as earnings,
    coalesce(sum(cardinality(b.seats)) filter (where ${holdsSeatsSql("b")}), 0) as booked,
    count(*) as bookings
  from bookings b group by b.show_id
)`;
/** The seat figures joined to the shows `s` of a query written as text (the dashboard's). */
export const SEAT_FIGURES_JOIN = `left join ${SEAT_FIGURES_SQL} seat_figures on seat_figures.show_id = s.id`;

/** The seat figures as a table to join a typed query's shows `s` to. */
const seatFigures = sql.raw<{
  show_id: Selectable<BookingsTable>["show_id"];
  sold: number;
  earnings: number;
  booked: number;
  bookings: number;
}>(SEAT_FIGURES_SQL);

/** A show as List Shows shows it. Earnings are what its paid bookings cost. */
export type StaffShow = {
  id: string;
  movieId: string;
  title: string;
  hallName: string;
  /** The seats of its hall. */
  capacity: number;
  posterPath: string;
  startsAt: string;
  /** Its standard ticket's price; null when it sells no type (every one it had was retired). */
  priceCents: number | null;
  seatsBooked: number;
  earningsCents: number;
  bookings: number;
  started: boolean;
  cancelled: boolean;
};

const SHOW_ORDER: Record<ShowSort, string> = {
  date: "s.starts_at",
  title: "lower(m.title)",
  bookings: `"seatsBooked"`,
  earnings: `"earningsCents"`,
};

const SHOW_PERIOD: Record<ShowPeriod, string> = {
  upcoming: "s.starts_at > now()",
  past: "s.starts_at <= now()",
  all: "true",
};

/** The shows `s` of a List Shows query: in its period, between two cinema days, of one movie, in one hall ("" for any). */
function filtered(db: Kysely<DB>, query: ShowListQuery) {
  const day = cinemaDay("s.starts_at", config.timeZone);
  let shows = db.selectFrom("shows as s").where(sql.raw<boolean>(SHOW_PERIOD[query.when]));
  // Days as text compare as days (YYYY-MM-DD).
  if (query.from) shows = shows.where(day, ">=", query.from);
  if (query.to) shows = shows.where(day, "<=", query.to);
  if (query.movie) shows = shows.where("s.movie_id", "=", query.movie);
  if (query.hall) shows = shows.where((eb) => eb(eb.cast<string>("s.hall_id", "text"), "=", query.hall));
  return shows;
}

/**
 * One page of shows: upcoming, past or all, between two cinema days, of one movie and in one hall when asked, in the
 * order asked for (ties by start, then id).
 */
export async function listShowsForStaff(query: ShowListQuery) {
  const db = typed(await getDb());
  const { total } = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const { page, pageCount, offset, limit } = pageWindow(total, query.page);
  const rows = await filtered(db, query)
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .leftJoin(seatFigures.as("seat_figures"), (join) => join.onRef("seat_figures.show_id", "=", "s.id"))
    .leftJoinLateral(sql.raw<StandardTicket>(`(${standardTicketSql("s")})`).as("standard"), (join) => join.onTrue())
    .select([
      "s.id",
      "s.movie_id as movieId",
      "m.title",
      "m.poster_path as posterPath",
      "s.starts_at as startsAt",
      "h.name as hallName",
      "h.seat_count as capacity",
      "standard.priceCents",
      sql<number>`coalesce(seat_figures.booked, 0)`.as("seatsBooked"),
      sql<number>`coalesce(seat_figures.earnings, 0)`.as("earningsCents"),
      sql<number>`coalesce(seat_figures.bookings, 0)`.as("bookings"),
      sql<boolean>`s.starts_at <= now()`.as("started"),
      sql<boolean>`s.cancelled_at is not null`.as("cancelled"),
    ])
    .orderBy(sql.raw(SHOW_ORDER[query.sort]), query.dir)
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .limit(limit)
    .offset(offset)
    .execute();
  const shows: StaffShow[] = rows.map((s) => ({ ...s, startsAt: new Date(s.startsAt).toISOString() }));
  return { shows, total, page, pageCount };
}

/** List Shows' filter choices: the movies that have shows, by title, and the halls that have shows, by name. */
export async function listShowFilterChoices() {
  const db = typed(await getDb());
  const [movies, halls] = [
    await db
      .selectFrom("movies as m")
      .select(["m.id", "m.title"])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("shows as s")
            .select(sql<number>`1`.as("one"))
            .whereRef("s.movie_id", "=", "m.id"),
        ),
      )
      .orderBy(sql`lower(m.title)`)
      .orderBy("m.id")
      .execute(),
    await db
      .selectFrom("halls as h")
      .select(["h.id", "h.name"])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("shows as s")
            .select(sql<number>`1`.as("one"))
            .whereRef("s.hall_id", "=", "h.id"),
        ),
      )
      .orderBy("h.name")
      .orderBy("h.id")
      .execute(),
  ];
  return { movies, halls };
}

/**
 * Deletes a show nobody has booked. A show with bookings (paid, pending, expired or cancelled: they are the
 * records of what was sold) stays: staff cancel it instead (show-changes.server.ts). A booking made meanwhile is
 * caught by its foreign key.
 */
export async function deleteShow(staffUid: string, showId: string) {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const db = typed(tx);
      const show = await db
        .selectFrom("shows as s")
        .select([
          sql<number>`(select count(*) from bookings b where b.show_id = s.id)`.as("bookings"),
          sql<string>`(select title from movies where id = s.movie_id) || ', ' ||
            to_char(s.starts_at at time zone ${config.timeZone}, 'YYYY-MM-DD HH24:MI')`.as("subject"),
        ])
        .where("s.id", "=", showId)
        .forUpdate()
        .executeTakeFirst();
      if (!show) return { ok: false as const, reason: "not-found" as const };
      if (show.bookings > 0) return { ok: false as const, reason: "has-bookings" as const };
      await db.deleteFrom("shows").where("id", "=", showId).execute();
      await recordStaffChange(tx, { staffUid, kind: "show-deleted", subject: show.subject });
      return { ok: true as const };
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    return { ok: false as const, reason: "has-bookings" as const };
  }
}
