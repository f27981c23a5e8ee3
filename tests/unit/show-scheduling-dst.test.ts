import { beforeAll, describe, expect, it, vi } from "vitest";

// Show times are typed in the cinema's zone; this file runs the app in a zone with daylight saving.
vi.hoisted(() => {
  process.env.CINEMA_TIMEZONE = "America/New_York";
});

import { addShowTime, createShows } from "~/models/show-scheduling.server";
import { listShowsOnDay } from "~/models/shows.server";
import { getDb } from "~/services/db.server";
import { addHall, addMovie, nextSunday, showPrices } from "./fixtures";

// New York's clocks go forward on the second Sunday of March and back on the first Sunday of November, at 2:00 AM.
const springForward = nextSunday(3, 8, 14);
const fallBack = nextSunday(11, 1, 7);

let dstHall: string;

beforeAll(async () => {
  await addMovie("dst", { title: "Clock Change", runtime: 30 });
  dstHall = await addHall("A 1 2 3", { name: "Night Screen" });
});

const refused = (reason: string, time: string, choices?: string[]) =>
  choices ? { ok: false, reason, time, choices } : { ok: false, reason, time };

describe("a show time on a day the clocks change", () => {
  it("is refused when the clocks skip it, whatever the date", async () => {
    for (const day of ["2027-03-14", springForward])
      expect(await addShowTime({ movieId: "dst", hallId: dstHall }, [], `${day}T02:30`)).toEqual(
        refused("nonexistent", `${day}T02:30`),
      );
    const times = [`${springForward}T02:30`];
    expect(
      await createShows("test-staff", { movieId: "dst", hallId: dstHall, prices: await showPrices(900), times }),
    ).toEqual(refused("nonexistent", times[0]));
  });

  it("asks which one is meant when the clocks repeat it", async () => {
    for (const day of ["2027-11-07", fallBack]) {
      const choices = [`${day}T01:30-04:00`, `${day}T01:30-05:00`];
      expect(await addShowTime({ movieId: "dst", hallId: dstHall }, [], `${day}T01:30`)).toEqual(
        refused("ambiguous", `${day}T01:30`, choices),
      );
    }
    expect(
      await createShows("test-staff", {
        movieId: "dst",
        hallId: dstHall,
        prices: await showPrices(900),
        times: [`${fallBack}T01:30`],
      }),
    ).toMatchObject({
      ok: false,
      reason: "ambiguous",
    });
  });

  it("stores the occurrence chosen, and both when both are listed, in the order they happen", async () => {
    const first = `${fallBack}T01:30-04:00`;
    const second = `${fallBack}T01:30-05:00`;
    const listed = await addShowTime({ movieId: "dst", hallId: dstHall }, [second], first);
    expect(listed).toEqual({ ok: true, times: [first, second] });
    expect(await addShowTime({ movieId: "dst", hallId: dstHall }, [first], `${fallBack}T01:45-05:00`)).toEqual({
      ok: true,
      times: [first, `${fallBack}T01:45-05:00`],
    });
    expect(
      await createShows("test-staff", {
        movieId: "dst",
        hallId: dstHall,
        prices: await showPrices(900),
        times: [second, first],
      }),
    ).toMatchObject({ ok: true, count: 2 });
    const db = await getDb();
    const stored = await db.query<{ utc: string }>(
      `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as utc from shows
       where movie_id = 'dst' order by starts_at`,
    );
    expect(stored.map((s) => s.utc)).toEqual([`${fallBack}T05:30`, `${fallBack}T06:30`]);
    // The stored one is named with its offset when it clashes.
    expect(await addShowTime({ movieId: "dst", hallId: dstHall }, [], `${fallBack}T01:45-04:00`)).toMatchObject({
      ok: false,
      reason: "overlap",
      other: first,
    });
    expect((await listShowsOnDay("dst", fallBack)).map((s) => s.startsAt)).toEqual([
      `${fallBack}T05:30:00.000Z`,
      `${fallBack}T06:30:00.000Z`,
    ]);
  });

  it("is an ordinary time the hour after the change", async () => {
    expect(await addShowTime({ movieId: "dst", hallId: dstHall }, [], `${springForward}T03:30`)).toMatchObject({
      ok: true,
    });
    expect(await addShowTime({ movieId: "dst", hallId: dstHall }, [], `${fallBack}T02:30`)).toMatchObject({ ok: true });
  });
});

describe("a hall's shows across a clock change", () => {
  // A 90-minute film and 15 minutes of cleaning hold the hall for 1h 45m of real time, whatever the clocks do.
  it("are kept apart by real time, not by the clock on the wall", async () => {
    await addMovie("ninety", { title: "Ninety", runtime: 90 });
    for (const [day, later] of [
      // Clocks go back at 2:00: 00:45 EDT + 1h 45m is 1:30 EST, so 2:00 is free (the wall clock would say 2:30).
      [fallBack, { free: `${fallBack}T02:00`, taken: `${fallBack}T01:15-05:00` }],
      // Clocks go forward at 2:00: 00:45 EST + 1h 45m is 3:30 EDT, so 3:15 is taken (the wall clock would say 2:30).
      [springForward, { free: `${springForward}T03:30`, taken: `${springForward}T03:15` }],
    ] as const) {
      const hallId = await addHall("A 1 2");
      expect(
        await createShows("test-staff", {
          movieId: "ninety",
          hallId,
          prices: await showPrices(900),
          times: [`${day}T00:45`],
        }),
      ).toMatchObject({
        ok: true,
        count: 1,
      });
      expect(await addShowTime({ movieId: "ninety", hallId }, [], later.free)).toMatchObject({ ok: true });
      expect(await addShowTime({ movieId: "ninety", hallId }, [], later.taken)).toMatchObject({
        ok: false,
        reason: "overlap",
      });
    }
  });
});

describe("a day no show can be on", () => {
  it("lists no shows and books nothing, however odd", async () => {
    for (const day of ["0000-01-01", "2024-02-30", "10000-01-01", "99999999999-01-01", "'; drop table shows; --"]) {
      expect(await listShowsOnDay("dst", day)).toEqual([]);
    }
  });
});
