import { beforeAll, describe, expect, it, vi } from "vitest";

// Shows are grouped in the cinema's zone; this file runs the whole app in a zone ahead of UTC.
vi.hoisted(() => {
  process.env.CINEMA_TIMEZONE = "Asia/Kolkata";
});

import { loadSampleData } from "~/models/sample-data.server";
import { DATES_PER_PAGE, listShowDays, pageOfShowDays } from "~/models/shows.server";
import { getDb } from "~/services/db.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { addHall } from "./fixtures";

const ZONE = "Asia/Kolkata";
const MOVIE = "t-shows";

describe("listShowDays", () => {
  beforeAll(async () => {
    await loadSampleData();
    await addHall("A 1 2 3", { name: "Show Days Hall" });
    const db = await getDb();
    await db.query(
      `insert into movies (id, title, poster_path, backdrop_path, release_date, runtime)
       values ($1, 'Only For Show Days', '/p.svg', '/b.svg', '2020-01-01', 90)`,
      [MOVIE],
    );
  });

  async function addShow(local: string) {
    const db = await getDb();
    await db.query(
      `insert into shows (movie_id, hall_id, starts_at)
       select $1, id, ($2::timestamp at time zone $3) from halls where name = 'Show Days Hall'`,
      [MOVIE, local, ZONE],
    );
  }

  it("groups shows by the cinema's calendar day, not UTC's", async () => {
    const day = addDays(cinemaToday(ZONE), 2);
    await addShow(`${day} 00:15`); // still the previous day in UTC
    await addShow(`${day} 23:50`);
    await addShow(`${addDays(day, 1)} 10:00`);
    expect(await listShowDays(MOVIE)).toEqual([
      { day, shows: 2 },
      { day: addDays(day, 1), shows: 1 },
    ]);
  });

  it("leaves out shows that have already started", async () => {
    const db = await getDb();
    await db.query(
      `insert into shows (movie_id, hall_id, starts_at)
       select $1, id, now() - started from halls, unnest(array[interval '1 minute', interval '3 days']) started
       where name = 'Show Days Hall'`,
      [MOVIE],
    );
    const days = await listShowDays(MOVIE);
    expect(days.map((d) => d.shows).reduce((a, b) => a + b)).toBe(3);
    expect(days.every((d) => d.day >= cinemaToday(ZONE))).toBe(true);
  });

  it("lists the sample schedule's upcoming days in order", async () => {
    const days = await listShowDays("1029437");
    const today = cinemaToday(ZONE);
    expect(days.at(-1)?.day).toBe(addDays(today, 13));
    expect(days.length).toBeGreaterThanOrEqual(13); // today drops out once its last show has started
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
    // Every movie plays every day; a few twice, when the halls have room.
    expect(days.slice(1).every((d) => d.shows >= 1 && d.shows <= 2)).toBe(true);
  });

  it("has nothing for a movie without shows", async () => {
    expect(await listShowDays("no-such-movie")).toEqual([]);
  });
});

describe("pageOfShowDays", () => {
  const days = Array.from({ length: 16 }, (_, i) => ({ day: addDays("2026-11-20", i), shows: 3 }));

  it(`shows ${DATES_PER_PAGE} days a page`, () => {
    expect(pageOfShowDays(days, 1)).toEqual({ days: days.slice(0, 7), page: 1, pageCount: 3 });
    expect(pageOfShowDays(days, 2).days).toEqual(days.slice(7, 14));
    expect(pageOfShowDays(days, 3).days).toEqual(days.slice(14));
  });

  it.each([
    [0, 1],
    [-1, 1],
    [4, 3],
    [1e9, 3],
    [Number.NaN, 1],
    [1.5, 1],
  ])("clamps page %d to %d", (requested, page) => {
    expect(pageOfShowDays(days, requested).page).toBe(page);
  });

  it("has one empty page when there are no days", () => {
    expect(pageOfShowDays([], 2)).toEqual({ days: [], page: 1, pageCount: 1 });
  });
});
