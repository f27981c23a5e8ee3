import { beforeAll, describe, expect, it, vi } from "vitest";

// A cinema far from UTC, so a show late in its evening falls on another UTC day than the cinema's.
vi.hoisted(() => {
  process.env.CINEMA_TIMEZONE = "America/New_York";
});

import { formatSeatsAndTickets } from "~/domain/tickets";
import { exportBookingsCsv, listBookingsForStaff, settleShowFilter, showsOnDay } from "~/models/booking-admin.server";
import { BOOKING_LIST_DEFAULTS, bookingListSchema, type BookingListQuery } from "~/schemas/booking-list";
import { parseQuery } from "~/schemas/list-query";
import { addBooking, addMovies, addShow, addUser } from "./fixtures";

const query = (changes: Partial<BookingListQuery> = {}): BookingListQuery => ({ ...BOOKING_LIST_DEFAULTS, ...changes });
const ids = async (changes: Partial<BookingListQuery>) =>
  (await listBookingsForStaff(query(changes))).bookings.map((b) => b.id);

// Mon, Jun 3 2030 in New York (UTC-4): a matinee, the 7 pm show, and a late show at 11:30 PM, which is Jun 4 in UTC.
let matinee: string;
let sevenPm: string;
let late: string;
let nextDay: string;
let atMatinee: string;
let atSeven: string[];
let atLate: string;
let onNextDay: string;

beforeAll(async () => {
  await addMovies({ n: "Night Owls", d: "Day Trip" });
  matinee = await addShow("d", "2030-06-03T14:00:00-04:00");
  sevenPm = await addShow("n", "2030-06-03T19:00:00-04:00");
  late = await addShow("n", "2030-06-03T23:30:00-04:00");
  nextDay = await addShow("n", "2030-06-04T19:00:00-04:00");
  await addUser("ivy", { name: "Ivy Ives" });
  atMatinee = await addBooking("ivy", matinee, ["A1"]);
  atSeven = [await addBooking("ivy", sevenPm, ["F3", "F4"]), await addBooking("ivy", sevenPm, ["G1"])];
  atLate = await addBooking("ivy", late, ["B2"]);
  onNextDay = await addBooking("ivy", nextDay, ["C3"]);
});

describe("List Bookings by day and by show", () => {
  it("lists a day's bookings by the cinema's day, a late show on the evening it starts", async () => {
    expect(new Set(await ids({ day: "2030-06-03" }))).toEqual(new Set([atMatinee, ...atSeven, atLate]));
    expect(await ids({ day: "2030-06-04" })).toEqual([onNextDay]);
    expect(await ids({ day: "2030-06-05" })).toEqual([]);
  });

  it("lists one show's bookings: tonight's 7 pm list", async () => {
    expect(new Set(await ids({ day: "2030-06-03", show: sevenPm }))).toEqual(new Set(atSeven));
    const { total } = await listBookingsForStaff(query({ day: "2030-06-03", show: sevenPm }));
    expect(total).toBe(2);
    const csv = await exportBookingsCsv(query({ show: sevenPm }));
    expect(csv.trimEnd().split("\r\n")).toHaveLength(1 + 2);
  });

  it("offers a day's shows by time, in the cinema's zone, and none for a day that is not one", async () => {
    expect(await showsOnDay("2030-06-03")).toEqual([
      { id: matinee, startsAt: "2030-06-03T18:00:00.000Z", title: "Day Trip", hallName: expect.any(String) },
      { id: sevenPm, startsAt: "2030-06-03T23:00:00.000Z", title: "Night Owls", hallName: expect.any(String) },
      { id: late, startsAt: "2030-06-04T03:30:00.000Z", title: "Night Owls", hallName: expect.any(String) },
    ]);
    expect(await showsOnDay("2030-02-30")).toEqual([]);
  });
});

describe("settleShowFilter", () => {
  const settle = (day: string, show: string) =>
    settleShowFilter(parseQuery(bookingListSchema, new URLSearchParams({ day, show })));

  it("reads a show alone as its day and itself, and keeps a day and its show", async () => {
    expect(await settle("", sevenPm)).toMatchObject({ query: { day: "2030-06-03", show: sevenPm }, problem: null });
    expect(await settle("", late)).toMatchObject({ query: { day: "2030-06-03", show: late }, problem: null });
    expect(await settle("2030-06-03", sevenPm)).toMatchObject({ query: { day: "2030-06-03", show: sevenPm } });
    expect(await settle("", "")).toMatchObject({ query: { day: "", show: "" }, problem: null });
  });

  it("drops a day that is no date, an id that names no show, and a show of another day, saying which", async () => {
    for (const day of ["tonight", "2030-13-01", "2030-02-30", "1999-12-31", "2030-6-3"])
      expect(await settle(day, "")).toEqual({
        query: expect.objectContaining({ day: "", show: "" }),
        problem: "bad-day",
      });
    // Not a uuid, no show's id, and someone else's id: a booking's.
    for (const show of ["7pm", "00000000-0000-4000-8000-000000000000", atMatinee])
      expect(await settle("2030-06-03", show)).toEqual({
        query: expect.objectContaining({ day: "2030-06-03", show: "" }),
        problem: "unknown-show",
      });
    expect(await settle("2030-06-04", sevenPm)).toEqual({
      query: expect.objectContaining({ day: "2030-06-04", show: "" }),
      problem: "show-on-another-day",
    });
  });
});

describe("formatSeatsAndTickets", () => {
  it("keeps the seats apart from the tickets, counted by type in the order first sold", () => {
    const sold = (...typeNames: string[]) => typeNames.map((typeName) => ({ typeName }));
    expect(formatSeatsAndTickets(["F3", "F4"], sold("Adult", "Adult"))).toBe("F3, F4 · 2 × Adult");
    expect(formatSeatsAndTickets(["A1", "A2", "A3"], sold("Adult", "Child", "Adult"))).toBe(
      "A1, A2, A3 · 2 × Adult, 1 × Child",
    );
    expect(formatSeatsAndTickets(["B2"], [])).toBe("B2");
  });
});
