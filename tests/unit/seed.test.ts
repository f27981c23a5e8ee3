import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { sampleDaySchedule } from "~/domain/sample-schedule";
import {
  keepSampleScheduleFilled,
  loadSampleData,
  SAMPLE_SCHEDULE_DAYS,
  scheduleSampleShows,
  seedCatalogue,
} from "~/models/sample-data.server";
import { getDb, migrate, openDatabase, type Queryable } from "~/services/db.server";
import { addDays, cinemaToday } from "~/utils/dates";

const sampleMovies: { id: string; runtime: number }[] = JSON.parse(
  readFileSync("app/models/sample-films.json", "utf8"),
);
const movieCount = sampleMovies.length;
const trailerCount = JSON.parse(readFileSync("data/trailers.json", "utf8")).length;
const hallNames = JSON.parse(readFileSync("data/halls.json", "utf8")).map((hall: { name: string }) => hall.name);
const CLEANING = 15;

async function counts(db: Queryable) {
  const [row] = await db.query<{ movies: number; trailers: number; shows: number }>(
    `select (select count(*)::int from movies) as movies, (select count(*)::int from trailers) as trailers,
            (select count(*)::int from shows) as shows`,
  );
  return row;
}

async function freshDatabase() {
  const db = openDatabase("memory://");
  await migrate(db);
  await seedCatalogue(db);
  return db;
}

describe("seeding the sample data", () => {
  it("is not done by opening the database", async () => {
    const db = openDatabase("memory://");
    try {
      await migrate(db);
      expect(await counts(db)).toEqual({ movies: 0, trailers: 0, shows: 0 });
      // The migration's hall, which every show had before halls came: no sample halls.
      expect(await db.query("select name, seat_count from halls")).toEqual([{ name: "Screen 1", seat_count: 90 }]);
    } finally {
      await db.close();
    }
  });

  // The whole catalogue and two weeks of shows, on a machine that may be busy with other tests: a minute.
  it("seeds every movie, trailer and hall, and two weeks of shows", async () => {
    await loadSampleData();
    const db = await getDb();
    const { shows, ...catalogue } = await counts(db);
    expect(catalogue).toEqual({ movies: movieCount, trailers: trailerCount });
    expect(shows).toBeGreaterThanOrEqual(movieCount * SAMPLE_SCHEDULE_DAYS);
    const halls = await db.query<{ name: string; seats: number }>(
      "select name, seat_count as seats from halls order by name",
    );
    expect(halls).toEqual([
      { name: "Screen 1", seats: 90 },
      { name: "Screen 2", seats: 146 },
      { name: "Screen 3 Premium", seats: 40 },
      { name: "Screen 4", seats: 134 },
    ]);
    expect(halls.map((hall) => hall.name)).toEqual([...hallNames].sort());
  }, 60_000);

  it("changes nothing when run again", async () => {
    const db = await getDb();
    const before = await counts(db);
    await seedCatalogue(db);
    await scheduleSampleShows(db, "UTC");
    await seedCatalogue(db);
    expect(await counts(db)).toEqual(before);
  });

  it("keeps a show that staff deleted deleted", async () => {
    const db = await getDb();
    const [show] = await db.query<{ id: string }>("select id from shows order by starts_at desc limit 1");
    await db.query("delete from shows where id = $1", [show.id]);
    const before = await counts(db);
    await scheduleSampleShows(db, "UTC");
    expect(await counts(db)).toEqual(before);
    expect(await db.query("select 1 from shows where id = $1", [show.id])).toEqual([]);
  });

  it(`plays every movie on each of ${SAMPLE_SCHEDULE_DAYS} days in the four halls, none overlapping in a hall, priced 49 to 81`, async () => {
    const db = await getDb();
    const today = cinemaToday("UTC");
    await scheduleSampleShows(db, "UTC"); // no-op, but pins "today" for the check below
    const days = Array.from({ length: SAMPLE_SCHEDULE_DAYS }, (_, i) => addDays(today, i));
    const perDay = await db.query<{ day: string; movies: number; halls: number }>(
      `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(distinct movie_id)::int as movies,
         count(distinct hall_id)::int as halls
       from shows group by 1 order by 1`,
    );
    expect(perDay).toEqual(days.map((day) => ({ day, movies: movieCount, halls: 4 })));
    const [{ overlaps }] = await db.query<{ overlaps: number }>(
      `select count(*)::int as overlaps from shows a join movies am on am.id = a.movie_id
       join shows b on b.hall_id = a.hall_id and b.id <> a.id
       where b.starts_at >= a.starts_at and b.starts_at < a.starts_at + make_interval(mins => am.runtime + $1)`,
      [CLEANING],
    );
    expect(overlaps).toBe(0);
    const [prices] = await db.query<{ min: number; max: number; odd: number }>(
      `select min(sp.price_cents) as min, max(sp.price_cents) as max,
         count(*) filter (where sp.price_cents % 100 <> 0)::int as odd
       from show_prices sp join ticket_types t on t.id = sp.ticket_type_id where t.position = 1`,
    );
    expect(prices.min).toBeGreaterThanOrEqual(4900);
    expect(prices.max).toBeLessThanOrEqual(8100);
    expect(prices.odd).toBe(0);
  });

  it("makes the same day's schedule on every machine, each hall's shows one after the other", () => {
    const halls = [{ id: "h1" }, { id: "h2" }];
    const schedule = sampleDaySchedule("2026-11-24", sampleMovies, halls, CLEANING);
    expect(sampleDaySchedule("2026-11-24", sampleMovies, halls, CLEANING)).toEqual(schedule);
    for (const hall of halls) {
      const times = schedule.filter((show) => show.hallId === hall.id).map((show) => show.time);
      expect(times[0]).toBe("10:00");
      expect(times).toEqual([...times].sort());
      expect(times.every((time) => /^(1\d|2[0-3]):(00|15|30|45)$/.test(time) && time <= "23:00")).toBe(true);
    }
    expect(sampleDaySchedule("2026-11-24", sampleMovies, [], CLEANING)).toEqual([]);
    // Every format and aid plays, so What's On's filters find shows.
    const formats = schedule.map((show) => show.format);
    expect(new Set(formats.map((format) => format.projection))).toEqual(new Set(["2D", "3D", "IMAX"]));
    expect(formats.some((format) => format.subtitled) && formats.some((format) => format.audioDescribed)).toBe(true);
  });

  it.each([
    ["Asia/Kolkata", "2026-03-10"],
    ["America/New_York", "2026-03-03"], // the clocks go forward on 8 March
  ])("schedules shows from 10:00 to 23:00 of the cinema's zone (%s)", async (zone, today) => {
    const db = await freshDatabase();
    try {
      await scheduleSampleShows(db, zone, today);
      const rows = await db.query<{ day: string; time: string; shows: number }>(
        `select to_char(starts_at at time zone $1, 'YYYY-MM-DD') as day, to_char(starts_at at time zone $1, 'HH24:MI') as time,
                count(*)::int as shows
         from shows group by 1, 2 order by 1, 2`,
        [zone],
      );
      expect(rows.every((r) => r.time >= "10:00" && r.time <= "23:00" && /:(00|15|30|45)$/.test(r.time))).toBe(true);
      expect(rows.filter((r) => r.time === "10:00").every((r) => r.shows === 4)).toBe(true);
      expect([...new Set(rows.map((r) => r.day))]).toEqual(
        Array.from({ length: SAMPLE_SCHEDULE_DAYS }, (_, i) => addDays(today, i)),
      );
    } finally {
      await db.close();
    }
  });

  it("schedules the new last day within seconds of the cinema's midnight", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: new Date("2031-03-04T23:59:55Z") });
    const stop = await keepSampleScheduleFilled();
    try {
      const db = await getDb();
      const newLastDay = addDays("2031-03-05", SAMPLE_SCHEDULE_DAYS - 1);
      const showsOn = async (day: string) =>
        (
          await db.query<{ shows: number }>(
            "select count(*)::int as shows from shows where (starts_at at time zone 'UTC')::date = $1::date",
            [day],
          )
        )[0].shows;
      expect(await showsOn(addDays(newLastDay, -1))).toBeGreaterThan(0);
      expect(await showsOn(newLastDay)).toBe(0);
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(async () => expect(await showsOn(newLastDay)).toBeGreaterThan(0));
    } finally {
      stop();
      vi.useRealTimers();
    }
  });
});
