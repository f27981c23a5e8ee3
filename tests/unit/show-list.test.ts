import { beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { deleteShow, listShowFilterChoices, listShowsForStaff } from "~/models/show-list.server";
import { STAFF_LIST_PAGE_SIZE } from "~/schemas/list-query";
import { SHOW_LIST_DEFAULTS, type ShowListQuery } from "~/schemas/show-list";
import { getDb } from "~/services/db.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { addBooking, addMovies, addShow, addUser, clearAll } from "./fixtures";

const query = (changes: Partial<ShowListQuery> = {}): ShowListQuery => ({ ...SHOW_LIST_DEFAULTS, ...changes });
const ids = async (changes: Partial<ShowListQuery>) => (await listShowsForStaff(query(changes))).shows.map((s) => s.id);

let soon: string; // Gamma, in 1 day: 2 paid seats, 1 held, 3 expired, 2 cancelled
let later: string; // alpha, in 2 days: 4 paid seats at a lower price
let latest: string; // Beta, in 3 days: nothing booked
let yesterday: string;
let lastWeek: string;

beforeAll(async () => {
  await clearAll();
  await addMovies({ a: "alpha", b: "Beta", g: "Gamma" });
  await addUser("u");
  soon = await addShow("g", "1 day", { priceCents: 6000 });
  later = await addShow("a", "2 days", { priceCents: 2000 });
  latest = await addShow("b", "3 days", { priceCents: 9000 });
  yesterday = await addShow("a", "-1 day");
  lastWeek = await addShow("b", "-7 days");
  await addBooking("u", soon, ["A1", "A2"], { amountCents: 12000 });
  await addBooking("u", soon, ["B1"], { status: "pending" });
  await addBooking("u", soon, ["C1", "C2", "C3"], { status: "pending", holdLeft: "-1 minute" });
  await addBooking("u", soon, ["D1", "D2"], { status: "cancelled" });
  await addBooking("u", later, ["A1", "A2", "A3", "A4"], { amountCents: 8000 });
});

describe("listShowsForStaff", () => {
  it("counts booked seats (paid and held) and earnings (paid seats times the price)", async () => {
    const { shows } = await listShowsForStaff(query());
    expect(
      shows.map(({ id, seatsBooked, earningsCents, bookings }) => ({ id, seatsBooked, earningsCents, bookings })),
    ).toEqual([
      { id: soon, seatsBooked: 3, earningsCents: 12000, bookings: 4 },
      { id: later, seatsBooked: 4, earningsCents: 8000, bookings: 1 },
      { id: latest, seatsBooked: 0, earningsCents: 0, bookings: 0 },
    ]);
    expect(shows[0]).toMatchObject({ title: "Gamma", movieId: "g", priceCents: 6000 });
  });

  it("lists upcoming, past or all shows", async () => {
    expect(await ids({})).toEqual([soon, later, latest]);
    expect(await ids({ when: "past" })).toEqual([lastWeek, yesterday]);
    expect(await ids({ when: "all" })).toEqual([lastWeek, yesterday, soon, later, latest]);
  });

  it("filters by cinema days (both ends included) and by movie", async () => {
    const day = (offset: number) => addDays(cinemaToday(config.timeZone), offset);
    expect(await ids({ when: "all", from: day(1), to: day(2) })).toEqual([soon, later]);
    expect(await ids({ when: "all", from: day(2) })).toEqual([later, latest]);
    expect(await ids({ when: "all", to: day(-1) })).toEqual([lastWeek, yesterday]);
    expect(await ids({ when: "all", movie: "a" })).toEqual([yesterday, later]);
    expect(await ids({ when: "all", movie: "a", from: day(0) })).toEqual([later]);
    expect(await ids({ when: "all", movie: "nobody" })).toEqual([]);
  });

  it("filters by hall", async () => {
    const db = await getDb();
    const [{ hallId }] = await db.query<{ hallId: string }>(`select hall_id as "hallId" from shows where id = $1`, [
      later,
    ]);
    await addShow("b", "5 days", { hallId });
    const [shared] = await ids({ when: "all", hall: hallId });
    expect(shared).toBe(later);
    expect(await ids({ when: "all", hall: hallId, movie: "a" })).toEqual([later]);
    expect(await ids({ when: "all", hall: hallId })).toHaveLength(2);
    await db.query("delete from shows where hall_id = $1 and movie_id = 'b'", [hallId]);
  });

  it("offers the movies and the halls that have shows, by title and by name", async () => {
    const { movies, halls } = await listShowFilterChoices();
    expect(movies).toEqual([
      { id: "a", title: "alpha" },
      { id: "b", title: "Beta" },
      { id: "g", title: "Gamma" },
    ]);
    expect(halls).toHaveLength(5);
    expect(halls.map((hall) => hall.name)).toEqual(halls.map((hall) => hall.name).sort());
  });

  it("sorts by date, title, bookings and earnings, both ways", async () => {
    expect(await ids({ sort: "date", dir: "desc" })).toEqual([latest, later, soon]);
    expect(await ids({ sort: "title", dir: "asc" })).toEqual([later, latest, soon]); // case does not count
    expect(await ids({ sort: "title", dir: "desc" })).toEqual([soon, latest, later]);
    expect(await ids({ sort: "bookings", dir: "asc" })).toEqual([latest, soon, later]);
    expect(await ids({ sort: "bookings", dir: "desc" })).toEqual([later, soon, latest]);
    expect(await ids({ sort: "earnings", dir: "asc" })).toEqual([latest, later, soon]);
    expect(await ids({ sort: "earnings", dir: "desc" })).toEqual([soon, later, latest]);
  });

  it("breaks ties by start time", async () => {
    // alpha has two shows: yesterday's before the upcoming one, whichever way titles are sorted.
    expect(await ids({ when: "all", sort: "title", dir: "desc" })).toEqual([soon, lastWeek, latest, yesterday, later]);
  });

  it(`pages ${STAFF_LIST_PAGE_SIZE} shows at a time, and a page past the end is the last`, async () => {
    for (let day = 10; day < 32; day++) await addShow("b", `${day} days`);
    const first = await listShowsForStaff(query());
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2 });
    expect(first.shows).toHaveLength(STAFF_LIST_PAGE_SIZE);
    const second = await listShowsForStaff(query({ page: 2 }));
    expect(second.shows).toHaveLength(5);
    expect(new Set([...first.shows, ...second.shows].map((s) => s.id)).size).toBe(25);
    expect(await listShowsForStaff(query({ page: 99 }))).toMatchObject({ page: 2, shows: second.shows });
  });

  it("has one empty page when nothing matches", async () => {
    await clearAll();
    expect(await listShowsForStaff(query({ when: "past" }))).toEqual({ shows: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe("deleteShow", () => {
  // The list's last test cleared everything: these bring a movie of their own.
  beforeAll(() => addMovies({ d: "Delta" }));

  it("deletes a show nobody has booked", async () => {
    const show = await addShow("d", "20 days");
    expect(await deleteShow("test-staff", show)).toEqual({ ok: true });
    expect(await deleteShow("test-staff", show)).toEqual({ ok: false, reason: "not-found" });
  });

  it("keeps a show with bookings, even cancelled or expired ones", async () => {
    await addUser("booker");
    const cases = [
      { startsIn: "21 days", booking: { status: "cancelled" as const } },
      { startsIn: "22 days", booking: { status: "pending" as const, holdLeft: "-5 minutes" } },
    ];
    for (const { startsIn, booking } of cases) {
      const show = await addShow("d", startsIn);
      await addBooking("booker", show, ["A1"], booking);
      expect(await deleteShow("test-staff", show)).toEqual({ ok: false, reason: "has-bookings" });
      const db = await getDb();
      expect(await db.query("select id from shows where id = $1", [show])).toHaveLength(1);
    }
  });
});
