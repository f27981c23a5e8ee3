import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { findBooking, listBookings, occupiedSeats, summarizeBookings } from "~/models/bookings.server";
import { bookSeats } from "~/models/seat-booking.server";
import type { SeatRequest } from "~/models/seat-memory.server";
import { parseLayout } from "~/domain/hall-layout-text";
import { cancelBooking } from "~/models/cancellations.server";
import { saveHall } from "~/models/halls.server";
import { getDb } from "~/services/db.server";
import { addHall, addMovie, addShow, addUser } from "./fixtures";

const MOVIE = "t-bookings";
const DAY = "2031-05-20";
let show: string;
let otherShow: string;

const request = (userUid: string, seats: string[], extra: Partial<SeatRequest> = {}): SeatRequest => ({
  userUid,
  movieId: MOVIE,
  day: DAY,
  showId: show,
  seats,
  requestToken: randomUUID(),
  ...extra,
});

async function expireHolds(userUid: string) {
  const db = await getDb();
  await db.query("update bookings set hold_expires_at = now() - interval '1 second' where user_uid = $1", [userUid]);
}

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Booking Test" });
  show = await addShow(MOVIE, `${DAY}T19:30:00Z`, { priceCents: 4900 });
  otherShow = await addShow(MOVIE, `${DAY}T14:00:00Z`);
});

describe("bookSeats", () => {
  it("books seats for the show's price times the seats, held for the configured time", async () => {
    const user = await addUser();
    const result = await bookSeats(request(user, ["C5", "C4"]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.booking).toMatchObject({ seats: ["C4", "C5"], status: "pending" });
    const stored = (await findBooking(user, result.booking.id))!;
    expect(stored).toMatchObject({ seats: ["C4", "C5"], amountCents: 9800, status: "pending", showId: show });
    expect(result.booking.holdExpiresAt).toBe(stored.holdExpiresAt);
    const heldFor = Date.parse(stored.holdExpiresAt) - Date.parse(stored.createdAt);
    expect(heldFor / 60_000).toBeCloseTo(config.bookings.holdMinutes, 1);
    expect(await occupiedSeats(show)).toEqual(expect.arrayContaining(["C4", "C5"]));
  });

  it("makes one booking of a form posted twice", async () => {
    const user = await addUser();
    const first = request(user, ["E1", "E2"]);
    const [a, b] = await Promise.all([bookSeats(first), bookSeats(first)]);
    expect(a.ok && b.ok && a.booking.id === b.booking.id).toBe(true);
    expect(await listBookings(user)).toHaveLength(1);
  });

  it("refuses seats someone holds, naming them, and stores nothing", async () => {
    const [owner, latecomer] = [await addUser(), await addUser()];
    expect((await bookSeats(request(owner, ["F3", "F4"]))).ok).toBe(true);
    expect(await bookSeats(request(latecomer, ["F4", "F5"]))).toEqual({
      ok: false,
      reason: "seats-taken",
      seats: ["F4"],
    });
    expect(await listBookings(latecomer)).toEqual([]);
  });

  it("lets exactly one of many buyers racing for a seat have it", async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => addUser()));
    const results = await Promise.all(buyers.map((buyer) => bookSeats(request(buyer, ["G5", "G6"]))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const lost of results.filter((r) => !r.ok)) expect(lost).toMatchObject({ reason: "seats-taken" });
    const db = await getDb();
    const [{ count }] = await db.query<{ count: number }>(
      "select count(*)::int as count from booked_seats where show_id = $1 and seat in ('G5', 'G6')",
      [show],
    );
    expect(count).toBe(2);
  });

  it("refuses a choice that strands a single seat, unless the row leaves no better one", async () => {
    const [neighbour, customer] = [await addUser(), await addUser()];
    expect((await bookSeats(request(neighbour, ["H3"]))).ok).toBe(true);
    expect(await bookSeats(request(customer, ["H1"]))).toEqual({ ok: false, reason: "stranded-seat", seats: ["H2"] });
    expect((await bookSeats(request(customer, ["H1", "H2"]))).ok).toBe(true);
  });

  it("holds at most 5 seats of a show per customer across unpaid bookings", async () => {
    const user = await addUser();
    expect((await bookSeats(request(user, ["J1", "J2", "J3"]))).ok).toBe(true);
    expect(await bookSeats(request(user, ["J4", "J5", "J6"]))).toEqual({
      ok: false,
      reason: "too-many-held-seats",
      held: 3,
    });
    expect((await bookSeats(request(user, ["J4", "J5"]))).ok).toBe(true);
  });

  it(`allows ${config.bookings.maxUnpaidBookings} unpaid bookings at once`, async () => {
    const user = await addUser();
    const seats = [["A1"], ["C1"], ["C2"], ["C3"]];
    for (const [index, seat] of seats.slice(0, 3).entries()) {
      const showId = index === 0 ? show : otherShow;
      expect((await bookSeats(request(user, seat, { showId }))).ok).toBe(true);
    }
    expect(await bookSeats(request(user, seats[3], { showId: otherShow }))).toEqual({
      ok: false,
      reason: "too-many-unpaid",
      unpaid: 3,
    });
  });

  it("refuses a show of another movie or day, or one that has started", async () => {
    const user = await addUser();
    expect(await bookSeats(request(user, ["B1"], { movieId: "1029437" }))).toEqual({
      ok: false,
      reason: "show-unavailable",
    });
    for (const day of ["2031-05-21", "0000-01-01", "2031-02-30", "99999999999-01-01"]) {
      expect(await bookSeats(request(user, ["B1"], { day }))).toEqual({ ok: false, reason: "show-unavailable" });
    }
    const started = await addShow(MOVIE, new Date(Date.now() - 60_000).toISOString());
    const today = new Date(Date.now() - 60_000).toISOString().slice(0, 10);
    expect(await bookSeats(request(user, ["B1"], { showId: started, day: today }))).toEqual({
      ok: false,
      reason: "show-started",
    });
  });
});

describe("holds", () => {
  it("expire at their deadline: the seats are free for everyone at once, and the booking says Expired", async () => {
    const [first, second] = [await addUser(), await addUser()];
    const held = await bookSeats(request(first, ["I4", "I5"], { showId: otherShow }));
    expect(held.ok).toBe(true);
    await expireHolds(first);
    expect(await occupiedSeats(otherShow)).not.toContain("I4");
    const [expired] = await listBookings(first);
    expect(expired.status).toBe("expired");
    const taken = await bookSeats(request(second, ["I4", "I5"], { showId: otherShow }));
    expect(taken.ok).toBe(true);
    expect(await occupiedSeats(otherShow)).toEqual(expect.arrayContaining(["I4", "I5"]));
    expect((await listBookings(first))[0].status).toBe("expired");
  });

  it("no longer count against the customer's limits once expired", async () => {
    const user = await addUser();
    for (const seats of [["D1"], ["D2"], ["D3"]]) expect((await bookSeats(request(user, seats))).ok).toBe(true);
    await expireHolds(user);
    expect((await bookSeats(request(user, ["B5"]))).ok).toBe(true);
  });
});

describe("cancelling", () => {
  it("releases the seats at once and says Cancelled", async () => {
    const user = await addUser();
    const result = await bookSeats(request(user, ["E8", "E9"], { showId: otherShow }));
    if (!result.ok) throw new Error("booking failed");
    const cancelled = await cancelBooking(user, result.booking.id);
    expect(cancelled).toMatchObject({ ok: true, booking: { status: "cancelled", seats: ["E8", "E9"] } });
    expect(await occupiedSeats(otherShow)).not.toContain("E8");
    expect(await cancelBooking(user, result.booking.id)).toEqual({ ok: false, reason: "cancelled" });
  });

  it("is for the owner only: another customer's booking id is not found", async () => {
    const [owner, stranger] = [await addUser(), await addUser()];
    const result = await bookSeats(request(owner, ["B9"], { showId: otherShow }));
    if (!result.ok) throw new Error("booking failed");
    expect(await findBooking(stranger, result.booking.id)).toBeNull();
    expect(await cancelBooking(stranger, result.booking.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await findBooking(owner, "not-a-uuid")).toBeNull();
    expect((await findBooking(owner, result.booking.id))?.status).toBe("pending");
  });
});

describe("the stranded-seat rule and cancellations", () => {
  it("lets a cancellation leave a single seat, which is then free for anyone to book on its own", async () => {
    const gapShow = await addShow(MOVIE, `${DAY}T22:30:00Z`);
    const [left, middle, right, next] = [await addUser(), await addUser(), await addUser(), await addUser()];
    const bookings = [];
    for (const [user, seat] of [
      [left, "G4"],
      [middle, "G5"],
      [right, "G6"],
    ] as const) {
      const result = await bookSeats(request(user, [seat], { showId: gapShow }));
      if (!result.ok) throw new Error(`${seat}: ${result.reason}`);
      bookings.push(result.booking);
    }
    expect(await cancelBooking(middle, bookings[1].id)).toMatchObject({ ok: true });
    expect(await occupiedSeats(gapShow)).toEqual(["G4", "G6"]);
    // Choosing beside a gap the choice did not make is no fault of the buyer's.
    expect(await bookSeats(request(next, ["G7", "G8", "G9"], { showId: gapShow }))).toMatchObject({ ok: true });
    expect(await bookSeats(request(next, ["G5"], { showId: gapShow }))).toMatchObject({ ok: true });
  });

  it("still refuses a choice that itself leaves a single seat", async () => {
    const gapShow = await addShow(MOVIE, `${DAY}T23:00:00Z`);
    const user = await addUser();
    expect(await bookSeats(request(user, ["F2", "F3"], { showId: gapShow }))).toEqual({
      ok: false,
      reason: "stranded-seat",
      seats: ["F1"],
    });
  });
});

describe("in a hall with an aisle, premium seats and wheelchair spaces", () => {
  const LAYOUT = `
    A 1 2 3 | 4 5 6
    B P1 P2 P3 | P4 P5 P6
    --
    C W1 C2 3 4 C5 W6`;
  let hallShow: string;

  beforeAll(async () => {
    const hallId = await addHall(LAYOUT, { typeExtras: { premium: 250 } });
    hallShow = await addShow(MOVIE, `${DAY}T12:00:00Z`, { hallId, priceCents: 4000 });
  });
  const inHall = (user: string, seats: string[], extra: Partial<SeatRequest> = {}) =>
    request(user, seats, { showId: hallShow, ...extra });

  it("prices each seat by its type: the show's price and the type's difference", async () => {
    const user = await addUser();
    const result = await bookSeats(inHall(user, ["B1", "B2", "B3"]));
    if (!result.ok) throw new Error(result.reason);
    expect(await findBooking(user, result.booking.id)).toMatchObject({
      amountCents: 3 * 4250,
      seats: ["B1", "B2", "B3"],
    });
  });

  it("refuses a seat the hall does not have, naming it", async () => {
    expect(await bookSeats(inHall(await addUser(), ["A1", "A9", "D1"]))).toEqual({
      ok: false,
      reason: "seat-unknown",
      seats: ["A9", "D1"],
    });
  });

  it("books by the hall as staff last saved it: a row they add and a price they change count at once", async () => {
    const hallId = await addHall("A 1 2 3 4", { typeExtras: { premium: 100 } });
    const changing = await addShow(MOVIE, `${DAY}T09:00:00Z`, { hallId, priceCents: 4000 });
    const user = await addUser();
    expect(await bookSeats(request(user, ["A1", "A2"], { showId: changing }))).toMatchObject({ ok: true });
    const layout = parseLayout("A 1 2 3 4\nB P1 P2");
    if (!layout.ok) throw new Error(layout.problems.join());
    const saved = await saveHall("test-staff", hallId, {
      name: `Changed ${hallId}`,
      layout: layout.layout,
      typeExtras: { premium: 700 },
      inUse: true,
    });
    expect(saved.ok).toBe(true);
    const result = await bookSeats(request(user, ["B1", "B2"], { showId: changing }));
    if (!result.ok) throw new Error(result.reason);
    expect(await findBooking(user, result.booking.id)).toMatchObject({ amountCents: 2 * 4700 });
  });

  it("lets the aisle end a run: a single seat against it is no gap", async () => {
    const user = await addUser();
    expect(await bookSeats(inHall(user, ["A2"]))).toEqual({ ok: false, reason: "stranded-seat", seats: ["A1", "A3"] });
    expect(await bookSeats(inHall(user, ["A3"]))).toMatchObject({ ok: true });
  });

  it("keeps a companion seat for whoever books the wheelchair space beside it", async () => {
    const [alone, wheelchairUser] = [await addUser(), await addUser()];
    expect(await bookSeats(inHall(alone, ["C2"]))).toEqual({
      ok: false,
      reason: "companion-seat",
      seats: ["C2"],
      releaseMinutes: config.bookings.companionReleaseMinutes,
    });
    expect(await bookSeats(inHall(wheelchairUser, ["C1", "C2"]))).toMatchObject({ ok: true });
    // The holder of a wheelchair space may add its companion seat later.
    const later = await addUser();
    expect((await bookSeats(inHall(later, ["C6"]))).ok).toBe(true);
    expect(await bookSeats(inHall(later, ["C5"]))).toMatchObject({ ok: true });
  });

  it(`opens companion seats to everyone ${config.bookings.companionReleaseMinutes} minutes before the show`, async () => {
    const hallId = await addHall(LAYOUT);
    const startsIn = config.bookings.companionReleaseMinutes - 10;
    const soon = await addShow(MOVIE, `${startsIn} minutes`, { hallId });
    const day = new Date(Date.now() + startsIn * 60_000).toISOString().slice(0, 10);
    expect(await bookSeats(request(await addUser(), ["C2"], { showId: soon, day }))).toMatchObject({ ok: true });
  });
});

describe("summarizeBookings", () => {
  it("counts paid as confirmed and spent, running holds as pending, and only those two in the total", async () => {
    const user = await addUser();
    const book = async (seat: string) =>
      expect((await bookSeats(request(user, [seat], { showId: otherShow }))).ok).toBe(true);
    await book("A9");
    await book("A8");
    const db = await getDb();
    await db.query(
      `update bookings set status = 'paid', paid_at = now()
       where id = (select id from bookings where user_uid = $1 order by created_at limit 1)`,
      [user],
    );
    await book("A7");
    await book("A6");
    // A7's hold ran out; A6 was let go.
    await db.query(
      "update bookings set hold_expires_at = now() - interval '1 second' where user_uid = $1 and seats = '{A7}'",
      [user],
    );
    await db.query(
      "update bookings set status = 'cancelled', cancelled_at = now() where user_uid = $1 and seats = '{A6}'",
      [user],
    );
    expect(summarizeBookings(await listBookings(user))).toEqual({
      total: 2,
      confirmed: 1,
      pending: 1,
      spentCents: 5000,
    });
  });
});
