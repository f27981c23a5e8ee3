import { sql, type Selectable } from "kysely";
import { formatShowTime } from "~/utils/show-display";
import { recordStaffChange } from "./staff-changes.server";
import { config } from "~/config.server";
import { STANDARD_FORMAT, type ShowFormat } from "~/domain/show-format";
import type { MovieChoice } from "~/domain/staff";
import { MAX_SHOW_TIMES } from "~/schemas/add-show";
import { getDb, isUniqueViolation, type Queryable } from "~/services/db.server";
import type { HallsTable, MoviesTable, ShowsTable } from "~/services/db-schema";
import { typed } from "~/services/typed-db.server";
import { cinemaDay } from "./cinema-day.server";
import { setShowPrices } from "./ticket-types.server";
import { addDays } from "~/utils/dates";
import { isUuid } from "~/utils/uuid";
import { localShowTime, resolveShowTime } from "~/utils/wall-clock";

// Add Shows: the movies to choose from, the times checked against the hall's day, and the shows made.
//
// Show times staff type are `datetime-local` values meant in the cinema's zone ("2026-05-01T19:30"). They become
// moments here, through app/utils/wall-clock.ts, before SQL sees them: a time the clocks skip is refused, and one
// they repeat is asked about until it names its occurrence.

export const MOVIE_CHOICES = 100;

/** A movie on the Add Shows list. */

/** The movies staff can schedule whose title contains `search`, newest first, at most MOVIE_CHOICES of them. */
export async function listMovieChoices(search: string, limit = MOVIE_CHOICES) {
  const db = await getDb();
  const rows: (MovieChoice & { matching: number })[] = await typed(db)
    .selectFrom("movies")
    .select([
      "id",
      "title",
      "poster_path as posterPath",
      "runtime",
      sql<string>`to_char(release_date, 'YYYY')`.as("releaseYear"),
      sql<number>`count(*) over ()`.as("matching"),
    ])
    .where("retired_at", "is", null)
    .where(sql<boolean>`strpos(lower(title), lower(${search}::text)) > 0`)
    .orderBy("release_date", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return { movies: rows.map(({ matching: _, ...movie }) => movie), matching: rows[0]?.matching ?? 0 };
}

/**
 * Why a show time cannot be scheduled: the clocks skip it or repeat it that night (and it does not say which), it
 * has passed, it is more than a year ahead, the hall already has a show starting then, or it overlaps another show
 * of the hall or another time on the same list. A show holds its hall from its start until its movie's runtime and
 * the cleaning time (CLEANING_MINUTES) have passed.
 */
export type ScheduleProblem =
  | { reason: "nonexistent" | "invalid" | "past" | "too-far"; time: string }
  | { reason: "ambiguous"; time: string; choices: string[] }
  | { reason: "duplicate"; time: string; title: string; hallName: string }
  | {
      reason: "overlap" | "overlap-listed";
      time: string;
      other: string;
      title: string;
      runtime: number;
      hallName: string;
    };

type ProblemRow = {
  reason: "past" | "too-far" | "duplicate" | "overlap" | "overlap-listed";
  time: string;
  other: string | null;
  otherAt: Selectable<ShowsTable>["starts_at"] | null;
  title: Selectable<MoviesTable>["title"];
  runtime: Selectable<MoviesTable>["runtime"];
  hallName: Selectable<HallsTable>["name"];
};

function toProblem({ reason, time, other, otherAt, title, runtime, hallName }: ProblemRow): ScheduleProblem {
  if (reason === "past" || reason === "too-far") return { reason, time };
  if (reason === "duplicate") return { reason, time, title, hallName };
  // A stored show is named as the form writes a time, so one in a repeated hour says which it is.
  const named = other ?? localShowTime(new Date(otherAt!), config.timeZone);
  return { reason, time, other: named, title, runtime, hallName };
}

export type Candidate = { time: string; startsAt: Date };

/** Each time as the moment it names in the cinema's zone, and the problems of those that name none or two. */
export function resolveTimes(times: string[]) {
  const candidates: Candidate[] = [];
  const problems: ScheduleProblem[] = [];
  for (const time of times) {
    const resolved = resolveShowTime(time, config.timeZone);
    if (resolved.ok) candidates.push({ time, startsAt: resolved.startsAt });
    else if (resolved.reason === "ambiguous") problems.push({ reason: "ambiguous", time, choices: resolved.choices });
    else problems.push({ reason: resolved.reason, time });
  }
  return { candidates: candidates.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()), problems };
}

/**
 * Every problem of a list of new show times of a movie in a hall, the most basic first. Without a movie only the dates
 * count; without a hall, the listed times among themselves too (they will all play in one hall). Cancelled shows
 * hold no hall, and `movingShowId` (a show being moved) does not clash with itself.
 */
export async function scheduleProblems(
  db: Queryable,
  movieId: string | null,
  hallId: string | null,
  candidates: Candidate[],
  movingShowId: string | null = null,
) {
  const { rows } = await sql<ProblemRow>`with candidate as (
       select * from unnest(${candidates.map((c) => c.time)}::text[],
         ${candidates.map((c) => c.startsAt.toISOString())}::timestamptz[]) as c(local, starts_at)
     ), movie as (
       select title, runtime, make_interval(mins => runtime + ${config.cleaningMinutes}) as held
       from movies where id = ${movieId}
     ), hall as (
       select id, name from halls where id = ${hallId}
     )
     select 1 as rank, 'past' as reason, c.local as time, null as other, null::timestamptz as "otherAt",
            null as title, cast(null as integer) as runtime, null as "hallName"
       from candidate c where c.starts_at <= now()
     union all
     select 2, 'too-far', c.local, null, null, null, null, null
       from candidate c where c.starts_at > now() + interval '1 year'
     union all
     select case when s.starts_at = c.starts_at then 3 else 4 end,
            case when s.starts_at = c.starts_at then 'duplicate' else 'overlap' end,
            c.local, null, s.starts_at, other.title, other.runtime, h.name
       from candidate c cross join movie m cross join hall h
       join shows s on s.hall_id = h.id and s.cancelled_at is null and s.id is distinct from ${movingShowId}::uuid
       join movies other on other.id = s.movie_id
       where s.starts_at < c.starts_at + m.held
         and c.starts_at < s.starts_at + make_interval(mins => other.runtime + ${config.cleaningMinutes})
     union all
     select 5, 'overlap-listed', later.local, earlier.local, null, m.title, m.runtime, (select name from hall)
       from candidate earlier cross join movie m
       join candidate later on later.starts_at > earlier.starts_at and later.starts_at < earlier.starts_at + m.held
     order by rank, time`.execute(typed(db));
  return rows.map(toProblem);
}

/**
 * Adds a time to the list of a show being prepared, the list kept in the order the shows happen. The same time
 * twice is ignored; a time that cannot be scheduled is refused, naming what it clashes with (with a movie chosen,
 * its shows and the listed times count).
 */
export async function addShowTime(
  { movieId, hallId }: { movieId?: string; hallId?: string },
  times: string[],
  time: string,
) {
  if (times.includes(time)) return { ok: true as const, times };
  if (times.length + 1 > MAX_SHOW_TIMES) return { ok: false as const, reason: "too-many" as const };
  const { candidates, problems: unresolved } = resolveTimes([...times, time]);
  const db = await getDb();
  const problems = [...unresolved, ...(await scheduleProblems(db, movieId ?? null, hallId ?? null, candidates))];
  const problem = problems.find((p) => p.time === time || (p.reason === "overlap-listed" && p.other === time));
  // Listed times that name no moment can only come from a form not ours; Create Show refuses them.
  if (!problem) return { ok: true as const, times: [...candidates, ...unresolved].map((t) => t.time) };
  // Told from the new time's side: it is the one refused.
  const told =
    problem.reason === "overlap-listed" && problem.time !== time ? { ...problem, time, other: problem.time } : problem;
  return { ok: false as const, ...told };
}

export function removeShowTime(times: string[], time: string) {
  return times.filter((t) => t !== time);
}

/** `prices`: what the shows sell each ticket type for, by type id; `format`: every one's (plain 2D if none). */
export type NewShows = {
  movieId: string;
  hallId: string;
  prices: Record<string, number>;
  times: string[];
  format?: ShowFormat;
};

/**
 * Stores every time as a show of the movie in the hall, all or none. The hall's row is locked so two staff members
 * (or the sample schedule) adding shows to one hall check overlaps one after the other; the unique key on
 * (hall, start) is the last word.
 */
export async function createShows(
  staffUid: string,
  { movieId, hallId, prices, times, format = STANDARD_FORMAT }: NewShows,
) {
  const { candidates, problems } = resolveTimes([...new Set(times)]);
  if (problems.length > 0) return { ok: false as const, ...problems[0] };
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const db = typed(tx);
      const movie = await db
        .selectFrom("movies")
        .select("title")
        .where("id", "=", movieId)
        .where("retired_at", "is", null)
        .executeTakeFirst();
      if (!movie) return { ok: false as const, reason: "no-movie" as const };
      const [hall] = await lockHallInUse(tx, hallId);
      if (!hall) return { ok: false as const, reason: "no-hall" as const };
      const [problem] = await scheduleProblems(tx, movieId, hallId, candidates);
      if (problem) return { ok: false as const, ...problem };
      // The price list as it is now, under its rows' share lock: a type taken off sale since the page was opened is
      // not sold by these shows, nor one added since, as by the shows made before it. None left is refused.
      const onSale = await db
        .selectFrom("ticket_types")
        .select("id")
        .where("retired_at", "is", null)
        .forShare()
        .execute();
      const sold = Object.fromEntries(Object.entries(prices).filter(([id]) => onSale.some((type) => type.id === id)));
      if (Object.keys(sold).length === 0) return { ok: false as const, reason: "price-list-changed" as const };
      const { rows: created } = await sql<{
        id: Selectable<ShowsTable>["id"];
        startsAt: Selectable<ShowsTable>["starts_at"];
        day: string;
      }>`insert into shows (movie_id, hall_id, starts_at, projection, subtitled, audio_described)
         select ${movieId}, ${hallId}, t, ${format.projection}, ${format.subtitled}, ${format.audioDescribed}
         from unnest(${candidates.map((c) => c.startsAt.toISOString())}::timestamptz[]) as t
         returning id, starts_at as "startsAt", ${cinemaDay("starts_at", config.timeZone)} as day`.execute(db);
      await setShowPrices(
        tx,
        created.map((show) => show.id),
        sold,
      );
      const [first] = created.sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime());
      await recordStaffChange(tx, {
        staffUid,
        kind: "shows-added",
        subject: `${movie.title}, ${hall.name}`,
        after: {
          times: created.map((show) => formatShowTime(show.startsAt.toISOString(), config.timeZone)).join(", "),
        },
      });
      return { ok: true as const, count: candidates.length, first: { id: first.id, day: first.day } };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Only a show stored by something that took no hall lock can get here; say what it clashes with.
    const [problem] = await scheduleProblems(db, movieId, hallId, candidates);
    if (!problem) throw error;
    return { ok: false as const, ...problem };
  }
}

export function lockHallInUse(tx: Queryable, hallId: string) {
  if (!isUuid(hallId)) return Promise.resolve([]);
  return typed(tx)
    .selectFrom("halls")
    .select(["id", "name"])
    .where("id", "=", hallId)
    .where("in_use", "=", true)
    .forUpdate()
    .execute();
}

/** A show of a hall's day, holding the hall until `freeAt` (its runtime and the cleaning after it). */
export type HallDayShow = { title: string; startsAt: string; freeAt: string };

/**
 * The shows that hold a hall on a cinema day, for Add Shows to show when the hall is free: those starting that day,
 * and one from the evening before that runs (or is cleaned) past midnight.
 */
export async function listHallDay(hallId: string, day: string): Promise<HallDayShow[]> {
  const db = await getDb();
  if (!isUuid(hallId)) return [];
  const freeAt = sql<Date>`s.starts_at + make_interval(mins => m.runtime + ${config.cleaningMinutes})`;
  const rows = await typed(db)
    .selectFrom("shows as s")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .select(["m.title", "s.starts_at as startsAt", freeAt.as("freeAt")])
    .where("s.hall_id", "=", hallId)
    .where("s.cancelled_at", "is", null)
    .where((eb) => eb.between(cinemaDay("s.starts_at", config.timeZone), addDays(day, -1), day))
    .where(
      sql<string>`to_char((${freeAt}) at time zone ${config.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      ">",
      `${day} 00:00:00`,
    )
    .orderBy("s.starts_at")
    .execute();
  return rows.map((row) => ({
    title: row.title,
    startsAt: new Date(row.startsAt).toISOString(),
    freeAt: new Date(row.freeAt).toISOString(),
  }));
}
