import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb, migrate, openDatabase, type Queryable } from "~/services/db.server";
import {
  loadSampleData,
  SAMPLE_SCHEDULE_DAYS,
  sampleShowsFor,
  scheduleSampleShows,
  seedCatalogue,
} from "~/models/sample-data.server";
import { addDays, cinemaToday } from "~/utils/dates";

const movieCount = JSON.parse(readFileSync("data/movies.json", "utf8")).length;
const trailerCount = JSON.parse(readFileSync("data/trailers.json", "utf8")).length;
const SHOWS_PER_DAY = 3;
const SLOTS = ["10:30", "13:15", "16:00", "18:45", "21:30"];

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
    } finally {
      await db.close();
    }
  });

  it("seeds every movie and trailer, and two weeks of shows", async () => {
    await loadSampleData();
    expect(await counts(await getDb())).toEqual({
      movies: movieCount,
      trailers: trailerCount,
      shows: movieCount * SAMPLE_SCHEDULE_DAYS * SHOWS_PER_DAY,
    });
  });

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

  it(`gives each movie ${SHOWS_PER_DAY} shows on each of ${SAMPLE_SCHEDULE_DAYS} days, priced 49 to 81 in cents`, async () => {
    const db = await getDb();
    const today = cinemaToday("UTC");
    await scheduleSampleShows(db, "UTC"); // no-op, but pins "today" for the check below
    const perDay = await db.query<{ movie_id: string; day: string; shows: number }>(
      `select movie_id, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as shows
       from shows where movie_id = '1029437' group by 1, 2 order by 2`,
    );
    expect(perDay.map((r) => r.day)).toEqual(Array.from({ length: SAMPLE_SCHEDULE_DAYS }, (_, i) => addDays(today, i)));
    expect(perDay.every((r) => r.shows === SHOWS_PER_DAY)).toBe(true);
    const [prices] = await db.query<{ min: number; max: number; odd: number }>(
      "select min(price_cents) as min, max(price_cents) as max, count(*) filter (where price_cents % 100 <> 0)::int as odd from shows",
    );
    expect(prices.min).toBeGreaterThanOrEqual(4900);
    expect(prices.max).toBeLessThanOrEqual(8100);
    expect(prices.odd).toBe(0);
  });

  it("makes the same sample schedule for the same movie and day", () => {
    expect(sampleShowsFor("1029437", "2026-11-24")).toEqual(sampleShowsFor("1029437", "2026-11-24"));
    expect(sampleShowsFor("1029437", "2026-11-24").map((s) => s.time)).toEqual(
      [...sampleShowsFor("1029437", "2026-11-24").map((s) => s.time)].sort(),
    );
  });

  it.each([
    ["Asia/Kolkata", "2026-03-10"],
    ["America/New_York", "2026-03-03"], // the clocks go forward on 8 March
  ])("schedules shows at the slot times of the cinema's zone (%s)", async (zone, today) => {
    const db = await freshDatabase();
    try {
      await scheduleSampleShows(db, zone, today);
      const rows = await db.query<{ day: string; time: string; shows: number }>(
        `select to_char(starts_at at time zone $1, 'YYYY-MM-DD') as day, to_char(starts_at at time zone $1, 'HH24:MI') as time,
                count(*)::int as shows
         from shows group by 1, 2 order by 1, 2`,
        [zone],
      );
      expect(rows.every((r) => SLOTS.includes(r.time))).toBe(true);
      expect([...new Set(rows.map((r) => r.day))]).toEqual(
        Array.from({ length: SAMPLE_SCHEDULE_DAYS }, (_, i) => addDays(today, i)),
      );
      expect(rows.reduce((sum, r) => sum + r.shows, 0)).toBe(movieCount * SAMPLE_SCHEDULE_DAYS * SHOWS_PER_DAY);
    } finally {
      await db.close();
    }
  });
});
