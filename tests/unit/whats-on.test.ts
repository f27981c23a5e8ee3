import { parseWithZod } from "@conform-to/zod";
import { beforeAll, describe, expect, it } from "vitest";
import { describeFormat, groupByFormat, STANDARD_FORMAT } from "~/domain/show-format";
import { AFTERNOON_STARTS_MINUTE, EVENING_STARTS_MINUTE, timeOfDayBounds, TIMES_OF_DAY } from "~/domain/time-of-day";
import { createShows } from "~/models/show-scheduling.server";
import { listWhatsOn } from "~/models/whats-on.server";
import { addShowSchema, PROJECTION_UNKNOWN } from "~/schemas/add-show";
import { parseQuery } from "~/schemas/list-query";
import { NO_FILTERS, whatsOnPath, whatsOnSchema, type WhatsOnFilters } from "~/schemas/whats-on";
import { getDb } from "~/services/db.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { addBooking, addHall, addMovie, addUser, showPrices } from "./fixtures";

// This file's cinema is in UTC (vitest.config.ts), so a show's wall-clock time is its UTC time.
const DAY = addDays(cinemaToday("UTC"), 3);

describe("a show's format and the times of day", () => {
  it("says a format as it is written beside a time", () => {
    expect(describeFormat(STANDARD_FORMAT)).toBe("2D");
    expect(describeFormat({ projection: "3D", subtitled: true, audioDescribed: true })).toBe(
      "3D · Subtitled · Audio described",
    );
    expect(describeFormat({ projection: "IMAX", subtitled: false, audioDescribed: true })).toBe(
      "IMAX · Audio described",
    );
  });

  it("groups a day's times by format as the movie page lists them: 2D, 3D, IMAX, each plain before subtitled before audio-described", () => {
    const show = (id: string, projection: "2D" | "3D" | "IMAX", subtitled = false, audioDescribed = false) => ({
      id,
      projection,
      subtitled,
      audioDescribed,
    });
    const groups = groupByFormat([
      show("a", "IMAX", true),
      show("b", "2D", false, true),
      show("c", "IMAX"),
      show("d", "2D"),
      show("e", "3D"),
      show("f", "2D"),
    ]);
    expect(groups.map(({ format, shows }) => [format, shows.map((one) => one.id)])).toEqual([
      ["2D", ["d", "f"]],
      ["2D · Audio described", ["b"]],
      ["3D", ["e"]],
      ["IMAX", ["c"]],
      ["IMAX · Subtitled", ["a"]],
    ]);
  });

  it("splits the day at noon and 5 PM, each bound belonging to the later part", () => {
    expect([AFTERNOON_STARTS_MINUTE, EVENING_STARTS_MINUTE]).toEqual([720, 1020]);
    expect(timeOfDayBounds("morning")).toMatchObject({ from: 0, until: 720 });
    expect(timeOfDayBounds("afternoon")).toMatchObject({ from: 720, until: 1020 });
    expect(timeOfDayBounds("evening")).toMatchObject({ from: 1020, until: 1440 });
    expect(timeOfDayBounds("")).toEqual({ from: 0, until: 1440 });
    expect(Object.values(TIMES_OF_DAY).map((time) => time.label)).toEqual([
      "Morning (before 12 PM)",
      "Afternoon (12 PM to 5 PM)",
      "Evening (from 5 PM)",
    ]);
  });
});

describe("What's On's address", () => {
  const parse = (query: string) => parseQuery(whatsOnSchema, new URLSearchParams(query));

  it("reads the day and the filters, and anything odd as no filter", () => {
    expect(parse("")).toEqual({ day: "", ...NO_FILTERS });
    expect(parse(`day=${DAY}&time=evening&format=IMAX&wheelchair=on&subtitled=on&described=on`)).toEqual({
      day: DAY,
      time: "evening",
      format: "IMAX",
      wheelchair: true,
      subtitled: true,
      described: true,
    });
    expect(parse("day=2026-02-30&time=night&format=4D&wheelchair=yes&subtitled=&described=on&x=1")).toEqual({
      day: "",
      ...NO_FILTERS,
      described: true,
    });
  });

  it("is written back with only the filters set, and read back the same", () => {
    expect(whatsOnPath("", NO_FILTERS)).toBe("/whats-on");
    const filters: WhatsOnFilters = { ...NO_FILTERS, format: "3D", subtitled: true };
    const path = whatsOnPath(DAY, filters);
    expect(path).toBe(`/whats-on?day=${DAY}&format=3D&subtitled=on`);
    expect(parse(path.split("?")[1])).toEqual({ day: DAY, ...filters });
  });
});

describe("Add Shows' format", () => {
  const base = { intent: "add-time", time: `${DAY}T10:00` };
  const parse = (fields: Record<string, string>) =>
    parseWithZod(formData({ ...base, ...fields }), {
      schema: addShowSchema("USD"),
    });
  function formData(fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  }

  it("is 2D and neither subtitled nor audio-described unless staff choose otherwise", () => {
    expect(parse({})).toMatchObject({ status: "success", value: { ...STANDARD_FORMAT } });
    expect(parse({ projection: "IMAX", subtitled: "on", audioDescribed: "on" })).toMatchObject({
      value: { projection: "IMAX", subtitled: true, audioDescribed: true },
    });
  });

  it("refuses a projection the cinema does not have", () => {
    expect(parse({ projection: "4DX" }).reply().error).toEqual({ projection: [PROJECTION_UNKNOWN] });
  });
});

describe("listWhatsOn", () => {
  let hall: string;
  const ids: Record<string, string> = {};

  async function insertShow(
    name: string,
    movieId: string,
    time: string,
    format = "2D",
    subtitled = false,
    described = false,
  ) {
    const db = await getDb();
    const [{ id }] = await db.query<{ id: string }>(
      `insert into shows (movie_id, hall_id, starts_at, projection, subtitled, audio_described)
       values ($1, $2, $3::timestamptz, $4, $5, $6) returning id`,
      [movieId, hall, `${DAY}T${time}:00Z`, format, subtitled, described],
    );
    ids[name] = id;
  }

  beforeAll(async () => {
    hall = await addHall("A W1 C2 3 4 5 6", { name: "What's On Hall" });
    await addMovie("wo-alpha", { title: "Alpha Whats On" });
    await addMovie("wo-beta", { title: "beta whats on" });
    await insertShow("morning", "wo-alpha", "10:00");
    await insertShow("noon", "wo-alpha", "12:00", "3D", true);
    await insertShow("late", "wo-alpha", "21:00", "IMAX", false, true);
    await insertShow("five", "wo-beta", "17:00", "3D");
    await insertShow("nextDay", "wo-beta", "23:59");
    const db = await getDb();
    await db.query("update shows set starts_at = starts_at + interval '1 day' where id = $1", [ids.nextDay]);
    await insertShow("cancelled", "wo-beta", "19:00", "3D");
    await db.query("update shows set cancelled_at = now() where id = $1", [ids.cancelled]);
    // The 5 PM show's wheelchair space is paid for; the 10 AM show's was held, but the hold has run out.
    const user = await addUser();
    for (const [show, options] of [
      [ids.five, {}],
      [ids.morning, { status: "pending", holdLeft: "-1 minute" }],
    ] as const) {
      const booking = await addBooking(user, show, ["A1"], options);
      await db.query("insert into booked_seats (show_id, seat, booking_id) values ($1, 'A1', $2)", [show, booking]);
    }
  });

  const shown = async (filters: Partial<WhatsOnFilters> = {}) =>
    (await listWhatsOn(DAY, { ...NO_FILTERS, ...filters })).map((movie) => [
      movie.title,
      movie.shows.map((show) => Object.keys(ids).find((name) => ids[name] === show.id)),
    ]);

  it("lists the day's shows still to come by movie title, whatever its case, then by time", async () => {
    const movies = await listWhatsOn(DAY, NO_FILTERS);
    expect(movies.map((movie) => movie.title)).toEqual(["Alpha Whats On", "beta whats on"]);
    expect(movies[0].shows[1]).toEqual({
      id: ids.noon,
      startsAt: `${DAY}T12:00:00.000Z`,
      hallName: "What's On Hall",
      projection: "3D",
      subtitled: true,
      audioDescribed: false,
      // Inserted without prices: it sells no type yet. Its hall's 4 standard seats and its wheelchair space are free.
      priceCents: null,
      seatsFree: 4,
      wheelchairFree: 1,
    });
    expect(await shown()).toEqual([
      ["Alpha Whats On", ["morning", "noon", "late"]],
      ["beta whats on", ["five"]],
    ]);
  });

  it("narrows to a time of day, a bound belonging to the later part", async () => {
    expect(await shown({ time: "morning" })).toEqual([["Alpha Whats On", ["morning"]]]);
    expect(await shown({ time: "afternoon" })).toEqual([["Alpha Whats On", ["noon"]]]);
    expect(await shown({ time: "evening" })).toEqual([
      ["Alpha Whats On", ["late"]],
      ["beta whats on", ["five"]],
    ]);
  });

  it("narrows to a format and to accessible screenings, each filter on top of the others", async () => {
    expect(await shown({ format: "3D" })).toEqual([
      ["Alpha Whats On", ["noon"]],
      ["beta whats on", ["five"]],
    ]);
    expect(await shown({ subtitled: true })).toEqual([["Alpha Whats On", ["noon"]]]);
    expect(await shown({ described: true })).toEqual([["Alpha Whats On", ["late"]]]);
    expect(await shown({ wheelchair: true })).toEqual([["Alpha Whats On", ["morning", "noon", "late"]]]);
    expect(await shown({ wheelchair: true, format: "3D", time: "evening" })).toEqual([]);
  });

  it("shows the format Add Shows stored", async () => {
    const created = await createShows("test-staff", {
      movieId: "wo-beta",
      hallId: await addHall("A W1 2"),
      prices: await showPrices(900),
      times: [`${DAY}T14:00`],
      format: { projection: "IMAX", subtitled: true, audioDescribed: true },
    });
    expect(created.ok).toBe(true);
    const [, beta] = await listWhatsOn(DAY, { ...NO_FILTERS, format: "IMAX", described: true });
    expect(beta.shows).toMatchObject([{ startsAt: `${DAY}T14:00:00.000Z`, subtitled: true, wheelchairFree: 1 }]);
  });
});
