import { recordStaffChange } from "./staff-changes.server";
import { config } from "~/config.server";
import { pageWindow } from "~/schemas/list-query";
import type { ShowListQuery, ShowPeriod, ShowSort } from "~/schemas/show-list";
import { getDb, isForeignKeyViolation } from "~/services/db.server";
import { holdsSeatsSql } from "./booking-rules.server";
import { cinemaDaySql } from "./shows.server";
import { standardTicketSql } from "./ticket-types.server";

// List Shows: one page of shows with their seat figures, its filters' choices, and removing a show nobody booked.

// Seat figures of each show `s`: seats held by paid bookings and unexpired holds (booked), seats paid for (sold),
// what they were paid (earnings: each seat's price, its type's difference included), and how many bookings refer
// to it at all, expired and cancelled ones included.
export const SEAT_FIGURES_JOIN = `left join (
  select b.show_id,
    coalesce(sum(cardinality(b.seats)) filter (where b.status = 'paid'), 0)::int as sold,
    coalesce(sum(b.amount_cents) filter (where b.status = 'paid'), 0)::int as earnings,
    coalesce(sum(cardinality(b.seats)) filter (where ${holdsSeatsSql("b")}), 0)::int as booked,
    count(*)::int as bookings
  from bookings b group by b.show_id
) seat_figures on seat_figures.show_id = s.id`;

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

// The filters of List Shows, on $1 (from), $2 (to), $3 (movie), $4 (the cinema's zone) and $5 (hall); "" is no
// filter. Days as text compare as days (YYYY-MM-DD).
const SHOW_FILTERS = `($1 = '' or ${cinemaDaySql("s.starts_at", "$4")} >= $1)
  and ($2 = '' or ${cinemaDaySql("s.starts_at", "$4")} <= $2)
  and ($3 = '' or s.movie_id = $3)
  and ($5 = '' or s.hall_id::text = $5)`;

/**
 * One page of shows: upcoming, past or all, between two cinema days, of one movie and in one hall when asked, in the
 * order asked for (ties by start, then id).
 */
export async function listShowsForStaff(query: ShowListQuery) {
  const db = await getDb();
  const where = `${SHOW_PERIOD[query.when]} and ${SHOW_FILTERS}`;
  const filters = [query.from, query.to, query.movie, config.timeZone, query.hall];
  const [{ total }] = await db.query<{ total: number }>(
    `select count(*)::int as total from shows s where ${where}`,
    filters,
  );
  const { page, pageCount, offset, limit } = pageWindow(total, query.page);
  const rows = await db.query<StaffShow & { startsAt: Date }>(
    `select s.id, s.movie_id as "movieId", m.title, m.poster_path as "posterPath", s.starts_at as "startsAt",
       h.name as "hallName", h.seat_count as capacity,
       standard."priceCents", coalesce(seat_figures.booked, 0) as "seatsBooked",
       coalesce(seat_figures.earnings, 0) as "earningsCents", coalesce(seat_figures.bookings, 0) as bookings,
       s.starts_at <= now() as started, s.cancelled_at is not null as cancelled
     from shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id ${SEAT_FIGURES_JOIN}
       left join lateral (${standardTicketSql("s")}) standard on true
     where ${where}
     order by ${SHOW_ORDER[query.sort]} ${query.dir}, s.starts_at, s.id
     limit $6 offset $7`,
    [...filters, limit, offset],
  );
  return { shows: rows.map((s) => ({ ...s, startsAt: new Date(s.startsAt).toISOString() })), total, page, pageCount };
}

/** List Shows' filter choices: the movies that have shows, by title, and the halls that have shows, by name. */
export async function listShowFilterChoices() {
  const db = await getDb();
  const [movies, halls] = [
    await db.query<{ id: string; title: string }>(
      `select m.id, m.title from movies m where exists (select 1 from shows s where s.movie_id = m.id)
       order by lower(m.title), m.id`,
    ),
    await db.query<{ id: string; name: string }>(
      `select h.id, h.name from halls h where exists (select 1 from shows s where s.hall_id = h.id) order by h.name, h.id`,
    ),
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
      const [show] = await tx.query<{ bookings: number; subject: string }>(
        `select (select count(*)::int from bookings b where b.show_id = s.id) as bookings,
           (select title from movies where id = s.movie_id) || ', ' ||
             to_char(s.starts_at at time zone $2, 'YYYY-MM-DD HH24:MI') as subject
         from shows s where s.id = $1 for update`,
        [showId, config.timeZone],
      );
      if (!show) return { ok: false as const, reason: "not-found" as const };
      if (show.bookings > 0) return { ok: false as const, reason: "has-bookings" as const };
      await tx.query("delete from shows where id = $1", [showId]);
      await recordStaffChange(tx, { staffUid, kind: "show-deleted", subject: show.subject });
      return { ok: true as const };
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    return { ok: false as const, reason: "has-bookings" as const };
  }
}
