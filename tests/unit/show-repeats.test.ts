import { beforeAll, describe, expect, it, vi } from "vitest";

// A repeat keeps the wall-clock time in the cinema's zone; this file runs the app in a zone with daylight saving.
vi.hoisted(() => {
  process.env.CINEMA_TIMEZONE = "America/New_York";
});

import { addRepeatedTimes, repeatedShowTimes } from "~/models/show-repeats.server";
import { createShows } from "~/models/show-scheduling.server";
import { getDb } from "~/services/db.server";
import { addDays } from "~/utils/dates";
import { addHall, addMovie, nextSunday, showPrices } from "./fixtures";

// New York's clocks go back on the first Sunday of November and forward on the second Sunday of March, at 2:00 AM.
const fallBack = nextSunday(11, 1, 7);
const springForward = nextSunday(3, 8, 14);

beforeAll(async () => {
  await addMovie("repeat", { title: "Every Night", runtime: 100 });
  await addMovie("other", { title: "In The Way", runtime: 60 });
});

describe("the times a repeat names", () => {
  it("are the time of day on every day from the first to the last, both included, when no weekday is ticked", () => {
    expect(repeatedShowTimes({ clock: "19:30", from: "2026-10-30", until: "2026-11-02", weekdays: [] })).toEqual([
      "2026-10-30T19:30",
      "2026-10-31T19:30",
      "2026-11-01T19:30",
      "2026-11-02T19:30",
    ]);
  });

  it("are only on the weekdays ticked", () => {
    // 2026-12-07 is a Monday: Mondays (1) and Fridays (5) of two weeks.
    expect(repeatedShowTimes({ clock: "14:00", from: "2026-12-07", until: "2026-12-20", weekdays: [1, 5] })).toEqual([
      "2026-12-07T14:00",
      "2026-12-11T14:00",
      "2026-12-14T14:00",
      "2026-12-18T14:00",
    ]);
    expect(repeatedShowTimes({ clock: "14:00", from: "2026-12-08", until: "2026-12-10", weekdays: [0] })).toEqual([]);
  });

  it("stop one past the most a list holds, however long the range", () => {
    expect(repeatedShowTimes({ clock: "10:00", from: "2000-01-01", until: "2099-12-31", weekdays: [] })).toHaveLength(
      51,
    );
  });
});

describe("a repeat added to Add Shows' list across a clock change", () => {
  it("keeps 19:30 on the wall every night, so the shows start an hour later in UTC after the clocks go back", async () => {
    const hallId = await addHall("A 1 2 3", { name: "Repeat Screen" });
    const rule = { clock: "19:30", from: addDays(fallBack, -2), until: addDays(fallBack, 1), weekdays: [] };
    const added = await addRepeatedTimes({ movieId: "repeat", hallId }, [], rule);
    expect(added).toEqual({ ok: true, added: 4, times: repeatedShowTimes(rule) });
    const times = added.ok ? added.times : [];
    expect(
      await createShows("test-staff", { movieId: "repeat", hallId, prices: await showPrices(900), times }),
    ).toMatchObject({
      ok: true,
      count: 4,
    });
    const db = await getDb();
    const stored = await db.query<{ utc: string }>(
      `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as utc from shows
       where hall_id = $1 order by starts_at`,
      [hallId],
    );
    // 19:30 EDT is 23:30 UTC; 19:30 EST, from the Sunday the clocks go back, is 00:30 UTC the next day.
    expect(stored.map((show) => show.utc)).toEqual([
      `${addDays(fallBack, -2)}T23:30`,
      `${addDays(fallBack, -1)}T23:30`,
      `${addDays(fallBack, 1)}T00:30`,
      `${addDays(fallBack, 2)}T00:30`,
    ]);
  });

  it("refuses the whole run and names every time the clocks skip or repeat", async () => {
    const hallId = await addHall("A 1 2 3");
    const backRule = { clock: "01:30", from: addDays(fallBack, -1), until: addDays(fallBack, 1), weekdays: [] };
    expect(await addRepeatedTimes({ movieId: "repeat", hallId }, [], backRule)).toEqual({
      ok: false,
      reason: "clashes",
      count: 3,
      problems: [
        {
          reason: "ambiguous",
          time: `${fallBack}T01:30`,
          choices: [`${fallBack}T01:30-04:00`, `${fallBack}T01:30-05:00`],
        },
      ],
    });
    const forwardRule = { clock: "02:30", from: springForward, until: addDays(springForward, 1), weekdays: [] };
    expect(await addRepeatedTimes({ movieId: "repeat", hallId }, [], forwardRule)).toEqual({
      ok: false,
      reason: "clashes",
      count: 2,
      problems: [{ reason: "nonexistent", time: `${springForward}T02:30` }],
    });
  });
});

describe("a repeat that clashes", () => {
  it("adds nothing and names each clash with the hall's shows and with the listed times", async () => {
    const hallId = await addHall("A 1 2 3", { name: "Busy Screen" });
    const days = [addDays(fallBack, 10), addDays(fallBack, 11), addDays(fallBack, 12)];
    // In the way: a show at 20:00 on the second day, and a listed time at 19:00 on the third.
    await createShows("test-staff", {
      movieId: "other",
      hallId,
      prices: await showPrices(900),
      times: [`${days[1]}T20:00`],
    });
    const listed = [`${days[2]}T19:00`];
    const rule = { clock: "18:30", from: days[0], until: days[2], weekdays: [] };
    const refused = await addRepeatedTimes({ movieId: "repeat", hallId }, listed, rule);
    expect(refused).toMatchObject({
      ok: false,
      reason: "clashes",
      count: 3,
      problems: [
        { reason: "overlap", time: `${days[1]}T18:30`, other: `${days[1]}T20:00`, title: "In The Way" },
        { reason: "overlap-listed", time: `${days[2]}T19:00`, other: `${days[2]}T18:30`, title: "Every Night" },
      ],
    });
    const db = await getDb();
    const [{ count }] = await db.query<{ count: number }>(
      "select count(*)::int as count from shows where hall_id = $1",
      [hallId],
    );
    expect(count).toBe(1);
  });

  it("refuses a run past the most a list holds, and one on no day at all", async () => {
    const hallId = await addHall("A 1 2 3");
    const day = addDays(fallBack, 20);
    const long = { clock: "10:00", from: day, until: addDays(day, 50), weekdays: [] };
    expect(await addRepeatedTimes({ movieId: "repeat", hallId }, [], long)).toEqual({ ok: false, reason: "too-many" });
    const none = { clock: "10:00", from: "2027-12-07", until: "2027-12-08", weekdays: [0] };
    expect(await addRepeatedTimes({ movieId: "repeat", hallId }, [], none)).toEqual({ ok: false, reason: "no-days" });
  });
});
