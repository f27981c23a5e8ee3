import { beforeAll, describe, expect, it, vi } from "vitest";

// Show times are typed in the cinema's zone; this file runs the app in a zone ahead of UTC.
vi.hoisted(() => {
  process.env.CINEMA_TIMEZONE = "Asia/Kolkata";
});

import {
  addShowTime,
  createShows,
  listHallDay,
  listMovieChoices,
  removeShowTime,
} from "~/models/show-scheduling.server";
import { listShowDays } from "~/models/shows.server";
import { MAX_SHOW_TIMES } from "~/schemas/add-show";
import { getDb } from "~/services/db.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { addHall, addMovie, addShow, showPrices } from "./fixtures";

const ZONE = "Asia/Kolkata";
/** A `datetime-local` value `days` from the cinema's today. */
const at = (days: number, time: string) => `${addDays(cinemaToday(ZONE), days)}T${time}`;

async function storedStarts(movieId: string) {
  const db = await getDb();
  const rows = await db.query<{ local: string; utc: string; price_cents: number }>(
    `select to_char(starts_at at time zone $2, 'YYYY-MM-DD"T"HH24:MI') as local,
       to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as utc,
       (select sp.price_cents from show_prices sp join ticket_types t on t.id = sp.ticket_type_id
        where sp.show_id = shows.id order by t.position limit 1) as price_cents
     from shows where movie_id = $1 order by starts_at`,
    [movieId, ZONE],
  );
  return rows;
}

let hall: string;
let otherHall: string;

beforeAll(async () => {
  hall = await addHall("A 1 2 3 | 4 5 6", { name: "Hall One" });
  otherHall = await addHall("A 1 2 3", { name: "Hall Two" });
  await addMovie("long", { title: "Long Film", runtime: 150 });
  await addMovie("short", { title: "Short Film", runtime: 90, released: "2025-06-01" });
});

describe("addShowTime", () => {
  it("adds a time and keeps the list in order", async () => {
    expect(await addShowTime({ movieId: "long", hallId: hall }, [at(2, "18:00")], at(2, "10:00"))).toEqual({
      ok: true,
      times: [at(2, "10:00"), at(2, "18:00")],
    });
  });

  it("ignores the same time twice", async () => {
    const times = [at(2, "10:00"), at(2, "18:00")];
    expect(await addShowTime({ movieId: "long", hallId: hall }, times, at(2, "18:00"))).toEqual({ ok: true, times });
  });

  it("refuses a time that has passed, or is more than a year ahead", async () => {
    expect(await addShowTime({ movieId: "long", hallId: hall }, [], at(-1, "10:00"))).toEqual({
      ok: false,
      reason: "past",
      time: at(-1, "10:00"),
    });
    expect(await addShowTime({ movieId: "long", hallId: hall }, [], at(400, "10:00"))).toMatchObject({
      ok: false,
      reason: "too-far",
    });
  });

  it("refuses a time that overlaps a listed one, told from the new time's side", async () => {
    const listed = [at(3, "18:00")];
    // The film runs 2h 30m and the hall needs 15 minutes to clean: from 18:00 the hall is taken until 20:45.
    for (const time of [at(3, "16:00"), at(3, "20:00"), at(3, "20:40")]) {
      expect(await addShowTime({ movieId: "long", hallId: hall }, listed, time)).toEqual({
        ok: false,
        reason: "overlap-listed",
        time,
        other: at(3, "18:00"),
        title: "Long Film",
        runtime: 150,
        hallName: "Hall One",
      });
    }
    expect(await addShowTime({ movieId: "long", hallId: hall }, listed, at(3, "20:45"))).toMatchObject({ ok: true });
    expect(await addShowTime({ movieId: "long", hallId: hall }, listed, at(3, "15:15"))).toMatchObject({ ok: true });
  });

  it("refuses a time that overlaps, or repeats, a stored show of the hall, whatever its movie", async () => {
    await createShows("test-staff", {
      movieId: "long",
      hallId: hall,
      prices: await showPrices(5000),
      times: [at(4, "18:00")],
    });
    const short = { movieId: "short", hallId: hall };
    expect(await addShowTime(short, [], at(4, "19:00"))).toEqual({
      ok: false,
      reason: "overlap",
      time: at(4, "19:00"),
      other: at(4, "18:00"),
      title: "Long Film",
      runtime: 150,
      hallName: "Hall One",
    });
    expect(await addShowTime(short, [], at(4, "18:00"))).toEqual({
      ok: false,
      reason: "duplicate",
      time: at(4, "18:00"),
      title: "Long Film",
      hallName: "Hall One",
    });
    // The hall is taken until 20:45 (runtime and cleaning); the short film needs it for 1h 45m.
    expect(await addShowTime(short, [], at(4, "20:40"))).toMatchObject({ ok: false, reason: "overlap" });
    expect(await addShowTime(short, [], at(4, "20:45"))).toMatchObject({ ok: true });
    expect(await addShowTime(short, [], at(4, "16:20"))).toMatchObject({ ok: false, reason: "overlap" });
    expect(await addShowTime(short, [], at(4, "16:15"))).toMatchObject({ ok: true });
  });

  it("lets two movies, or one movie twice, start at the same time in two halls", async () => {
    expect(await addShowTime({ movieId: "short", hallId: otherHall }, [], at(4, "18:00"))).toMatchObject({ ok: true });
    expect(
      await createShows("test-staff", {
        movieId: "long",
        hallId: otherHall,
        prices: await showPrices(5000),
        times: [at(4, "18:00")],
      }),
    ).toMatchObject({ ok: true, count: 1 });
  });

  it("checks only the date while no movie is chosen", async () => {
    expect(await addShowTime({}, [at(3, "18:00")], at(3, "18:30"))).toMatchObject({ ok: true });
    expect(await addShowTime({}, [], at(-2, "18:30"))).toMatchObject({ ok: false, reason: "past" });
  });

  it(`refuses a time past ${MAX_SHOW_TIMES}`, async () => {
    const times = Array.from({ length: MAX_SHOW_TIMES }, (_, i) => at(10 + i, "10:00"));
    expect(await addShowTime({ movieId: "short", hallId: hall }, times, at(9, "10:00"))).toEqual({
      ok: false,
      reason: "too-many",
    });
  });
});

describe("removeShowTime", () => {
  it("removes the time, and a day goes with its last time", () => {
    expect(removeShowTime([at(2, "10:00"), at(3, "10:00")], at(3, "10:00"))).toEqual([at(2, "10:00")]);
    expect(removeShowTime([at(2, "10:00")], at(5, "10:00"))).toEqual([at(2, "10:00")]);
  });
});

describe("createShows", () => {
  it("stores every time at its wall-clock time in the cinema's zone, at the price", async () => {
    await addMovie("zone", { runtime: 100 });
    const times = [at(6, "21:45"), at(5, "10:00"), at(5, "10:00")];
    expect(
      await createShows("test-staff", { movieId: "zone", hallId: hall, prices: await showPrices(1250), times }),
    ).toMatchObject({
      ok: true,
      count: 2,
    });
    const stored = await storedStarts("zone");
    expect(stored.map((s) => s.local)).toEqual([at(5, "10:00"), at(6, "21:45")]);
    // India is 5h 30m ahead of UTC.
    expect(stored[0].utc).toBe(at(5, "04:30"));
    expect(stored.every((s) => s.price_cents === 1250)).toBe(true);
  });

  it("shows the new shows to customers on the movie's page", async () => {
    const days = await listShowDays("zone");
    expect(days.map((d) => d.day)).toEqual([at(5, "").slice(0, 10), at(6, "").slice(0, 10)]);
  });

  it("stores all or none", async () => {
    await addMovie("all-or-none");
    const result = await createShows("test-staff", {
      movieId: "all-or-none",
      hallId: hall,
      prices: await showPrices(900),
      times: [at(7, "10:00"), at(-1, "10:00")],
    });
    expect(result).toMatchObject({ ok: false, reason: "past", time: at(-1, "10:00") });
    expect(await storedStarts("all-or-none")).toEqual([]);
  });

  it("refuses a second show starting when the hall already has one, naming it", async () => {
    await createShows("test-staff", {
      movieId: "short",
      hallId: hall,
      prices: await showPrices(900),
      times: [at(8, "12:00")],
    });
    expect(
      await createShows("test-staff", {
        movieId: "short",
        hallId: hall,
        prices: await showPrices(900),
        times: [at(8, "20:00"), at(8, "12:00")],
      }),
    ).toEqual({ ok: false, reason: "duplicate", time: at(8, "12:00"), title: "Short Film", hallName: "Hall One" });
    expect((await storedStarts("short")).map((s) => s.local)).not.toContain(at(8, "20:00"));
  });

  it("refuses a hall that does not exist or is out of use", async () => {
    const times = [at(11, "12:00")];
    for (const hallId of ["not-a-hall", "00000000-0000-4000-8000-00000000ffff"])
      expect(
        await createShows("test-staff", { movieId: "short", hallId, prices: await showPrices(900), times }),
      ).toEqual({
        ok: false,
        reason: "no-hall",
      });
    const db = await getDb();
    await db.query("update halls set in_use = false where id = $1", [otherHall]);
    expect(
      await createShows("test-staff", { movieId: "short", hallId: otherHall, prices: await showPrices(900), times }),
    ).toEqual({
      ok: false,
      reason: "no-hall",
    });
    await db.query("update halls set in_use = true where id = $1", [otherHall]);
  });

  it("refuses times that overlap each other or a stored show", async () => {
    expect(
      await createShows("test-staff", {
        movieId: "short",
        hallId: hall,
        prices: await showPrices(900),
        times: [at(9, "12:00"), at(9, "13:00")],
      }),
    ).toMatchObject({ ok: false, reason: "overlap-listed", time: at(9, "13:00"), other: at(9, "12:00") });
    expect(
      await createShows("test-staff", {
        movieId: "short",
        hallId: hall,
        prices: await showPrices(900),
        times: [at(8, "13:00")],
      }),
    ).toMatchObject({
      ok: false,
      reason: "overlap",
      other: at(8, "12:00"),
    });
  });

  it("refuses a movie that is not in the catalogue", async () => {
    expect(
      await createShows("test-staff", {
        movieId: "gone",
        hallId: hall,
        prices: await showPrices(900),
        times: [at(9, "12:00")],
      }),
    ).toEqual({
      ok: false,
      reason: "no-movie",
    });
  });
});

describe("listHallDay", () => {
  it("lists the shows that hold the hall that day, one from the evening before that runs past midnight included", async () => {
    const hallOfDay = await addHall("A 1 2 3", { name: "Hall of the day" });
    const day = addDays(cinemaToday(ZONE), 30);
    const local = (days: number, time: string) => `${addDays(day, days)}T${time}+05:30`;
    for (const [movie, startsAt] of [
      ["short", local(-1, "20:00")],
      ["long", local(-1, "23:00")],
      ["short", local(0, "18:00")],
      ["short", local(1, "00:30")],
    ])
      await addShow(movie, startsAt, { hallId: hallOfDay });
    const shows = await listHallDay(hallOfDay, day);
    expect(shows.map(({ title, startsAt }) => [title, startsAt])).toEqual([
      ["Long Film", new Date(local(-1, "23:00")).toISOString()],
      ["Short Film", new Date(local(0, "18:00")).toISOString()],
    ]);
  });
});

describe("listMovieChoices", () => {
  it("finds movies by a part of their title, newest first", async () => {
    expect((await listMovieChoices("FILM")).movies.map((m) => m.id)).toEqual(["short", "long"]);
    expect(await listMovieChoices("nothing like it")).toEqual({ movies: [], matching: 0 });
  });

  it("says how many matched when it shows only some", async () => {
    const { movies, matching } = await listMovieChoices("", 2);
    expect(movies).toHaveLength(2);
    expect(matching).toBeGreaterThan(2);
  });
});
