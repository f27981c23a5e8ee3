import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bookSeats } from "~/models/seat-booking.server";
import {
  checkSeatsBeforeBooking,
  knownSoldOut,
  knownTakenSeats,
  SEAT_HINT_MS,
  type SeatRequest,
} from "~/models/seat-memory.server";
import { cancelBooking } from "~/models/cancellations.server";
import { getDb } from "~/services/db.server";
import { addHall, addMovie, addShow, addUser } from "./fixtures";

const MOVIE = "t-precheck";
const DAY = "2031-06-11";
let show: string;

const request = (userUid: string, seats: string[], extra: Partial<SeatRequest> = {}): SeatRequest => ({
  userUid,
  movieId: MOVIE,
  day: DAY,
  showId: show,
  seats,
  requestToken: randomUUID(),
  ...extra,
});

async function book(userUid: string, seats: string[]) {
  const result = await bookSeats(request(userUid, seats));
  if (!result.ok) throw new Error(`booking failed: ${result.reason}`);
  return result.booking;
}

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Precheck Test" });
  show = await addShow(MOVIE, `${DAY}T19:30:00Z`, { hallId: await addHall("A 1 2 3") });
});

afterEach(() => vi.restoreAllMocks());

describe("checkSeatsBeforeBooking", () => {
  it("lets free seats through, refuses taken ones by name, then the sold-out show, and seats freed meanwhile once that read is a second old", async () => {
    const [owner, buyer] = [await addUser(), await addUser()];
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1"]))).toEqual({ showFound: true, failure: null });

    const first = await book(owner, ["A1"]);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1", "A2"]))).toEqual({
      showFound: true,
      failure: { reason: "seats-taken", seats: ["A1"] },
      heldSeats: ["A1"],
    });

    const rest = await book(owner, ["A2", "A3"]);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A2"]))).toEqual({
      showFound: true,
      failure: { reason: "sold-out" },
    });

    // For a second the read that said "sold out" is trusted; then the database is asked again.
    await cancelBooking(owner, rest.id);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A2"]))).toEqual({
      showFound: true,
      failure: { reason: "sold-out" },
    });
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + SEAT_HINT_MS);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A2"]))).toEqual({ showFound: true, failure: null });
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1"]))).toEqual({
      showFound: true,
      failure: { reason: "seats-taken", seats: ["A1"] },
      heldSeats: ["A1"],
    });

    // A taken seat is remembered for a second too: a hold that runs out is bookable once that read is a second old.
    const db = await getDb();
    await db.query("update bookings set hold_expires_at = now() - interval '1 second' where id = $1", [first.id]);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1"]))).toMatchObject({
      failure: { reason: "seats-taken", seats: ["A1"] },
    });
    vi.spyOn(Date, "now").mockReturnValue(now + 2 * SEAT_HINT_MS);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1"]))).toEqual({ showFound: true, failure: null });
  });

  it("lets a form posted again through to the transaction, which answers the booking it made, sold out or not", async () => {
    const owner = await addUser();
    const again = request(owner, ["A1"], {
      showId: await addShow(MOVIE, `${DAY}T22:00:00Z`, { hallId: await addHall("A 1") }),
    });
    expect((await bookSeats(again)).ok).toBe(true);
    const stranger = await addUser();
    expect(await checkSeatsBeforeBooking({ ...again, userUid: stranger, requestToken: randomUUID() })).toMatchObject({
      failure: { reason: "sold-out" },
    });
    expect(await checkSeatsBeforeBooking(again)).toEqual({ showFound: true, failure: null });
    expect(await bookSeats(again)).toMatchObject({ ok: true, repeated: true });
  });

  it("knows a sold-out show for a second without asking who posts, except a form that made one of its bookings", async () => {
    const owner = await addUser();
    const showId = await addShow(MOVIE, `${DAY}T16:00:00Z`, { hallId: await addHall("A 1 2") });
    const mine = request(owner, ["A1", "A2"], { showId });
    const { userUid: _owner, ...ask } = request("nobody-yet", ["A2"], { showId });
    expect(knownSoldOut(ask)).toBe(false);
    expect((await bookSeats(mine)).ok).toBe(true);
    // The read that finds it sold out is what teaches this instance.
    expect(await checkSeatsBeforeBooking({ ...ask, userUid: await addUser() })).toMatchObject({
      failure: { reason: "sold-out" },
    });
    expect(knownSoldOut(ask)).toBe(true);
    expect(knownSoldOut({ ...ask, seats: ["A1", "A2"] })).toBe(true);
    const { userUid: _me, ...postedAgain } = mine;
    expect(knownSoldOut(postedAgain)).toBe(false);
    expect(knownSoldOut({ ...ask, movieId: "t-other" })).toBe(false);
    expect(knownSoldOut({ ...ask, day: "2031-06-12" })).toBe(false);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + SEAT_HINT_MS);
    expect(knownSoldOut(ask)).toBe(false);
  });

  it("knows taken seats for a second without asking who posts, except a form that made one of its bookings", async () => {
    const owner = await addUser();
    const showId = await addShow(MOVIE, `${DAY}T14:00:00Z`, { hallId: await addHall("A 1 2 3") });
    const mine = request(owner, ["A1"], { showId });
    const { userUid: _owner, ...ask } = request("nobody-yet", ["A1", "A2"], { showId });
    expect((await bookSeats(mine)).ok).toBe(true);
    expect(knownTakenSeats(ask)).toBeNull();
    expect(await checkSeatsBeforeBooking({ ...ask, userUid: await addUser() })).toMatchObject({
      failure: { reason: "seats-taken", seats: ["A1"] },
    });
    expect(knownTakenSeats(ask)).toEqual(["A1"]);
    expect(knownTakenSeats({ ...ask, seats: ["A2", "A3"] })).toBeNull();
    // Seats the hall has not are the transaction's to name; a sold-out show is knownSoldOut's.
    expect(knownTakenSeats({ ...ask, seats: ["A1", "A4"] })).toBeNull();
    const { userUid: _me, ...postedAgain } = mine;
    expect(knownTakenSeats(postedAgain)).toBeNull();
    expect(knownTakenSeats({ ...ask, movieId: "t-other" })).toBeNull();
    expect(knownTakenSeats({ ...ask, day: "2031-06-12" })).toBeNull();
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + SEAT_HINT_MS);
    expect(knownTakenSeats(ask)).toBeNull();
  });

  it("refuses seats the hall has not by name, from the read and from what it found, and writes nothing", async () => {
    const buyer = await addUser();
    const showId = await addShow(MOVIE, `${DAY}T13:00:00Z`, { hallId: await addHall("A 1 2") });
    const db = await getDb();
    const bookingsBefore = await db.query("select id from bookings where show_id = $1", [showId]);
    const unknown = { showFound: true, failure: { reason: "seat-unknown", seats: ["A3", "Z9"] }, heldSeats: [] };
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1", "A3", "Z9"], { showId }))).toEqual(unknown);
    const read = vi.spyOn(db, "query");
    expect(await checkSeatsBeforeBooking(request(buyer, ["A3", "Z9"], { showId }))).toEqual(unknown);
    expect(read).not.toHaveBeenCalled();
    expect(await db.query("select id from bookings where show_id = $1", [showId])).toEqual(bookingsBefore);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1", "A2"], { showId }))).toEqual({
      showFound: true,
      failure: null,
    });
  });

  it("answers from what it read a second ago and what this process booked since, and forgets it when a booking finds it behind", async () => {
    const [first, second, third] = [await addUser(), await addUser(), await addUser()];
    const showId = await addShow(MOVIE, `${DAY}T10:00:00Z`, { hallId: await addHall("A 1 2 3") });
    const db = await getDb();
    expect(await checkSeatsBeforeBooking(request(first, ["A1"], { showId }))).toEqual({
      showFound: true,
      failure: null,
    });

    const read = vi.spyOn(db, "query");
    expect(await checkSeatsBeforeBooking(request(second, ["A1"], { showId }))).toEqual({
      showFound: true,
      failure: null,
    });
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();

    expect((await bookSeats(request(first, ["A1", "A2"], { showId }))).ok).toBe(true);
    const read2 = vi.spyOn(db, "query");
    expect(await checkSeatsBeforeBooking(request(second, ["A2", "A3"], { showId }))).toEqual({
      showFound: true,
      failure: { reason: "seats-taken", seats: ["A2"] },
      heldSeats: ["A1", "A2"],
    });
    expect(read2).not.toHaveBeenCalled();
    read2.mockRestore();

    // A3 sold by another instance: this one's memory still has it free, the transaction refuses it by its key
    // and the memory goes, so the next post reads again.
    await db.query(
      `with b as (insert into bookings (user_uid, show_id, seats, amount_cents, hold_expires_at, request_token)
         values ($1, $2, '{A3}', 900, now() + interval '10 minutes', gen_random_uuid()) returning id)
       insert into booked_seats (show_id, seat, booking_id) select $2, 'A3', id from b`,
      [third, showId],
    );
    expect(await checkSeatsBeforeBooking(request(second, ["A3"], { showId }))).toEqual({
      showFound: true,
      failure: null,
    });
    expect(await bookSeats(request(second, ["A3"], { showId }))).toMatchObject({ ok: false, reason: "seats-taken" });
    expect(await checkSeatsBeforeBooking(request(second, ["A3"], { showId }))).toEqual({
      showFound: true,
      failure: { reason: "sold-out" },
    });
  });

  it("finds no show of another movie, another day, or an id that is none", async () => {
    const buyer = await addUser();
    const none = { showFound: false, failure: null };
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1"], { movieId: "t-other" }))).toEqual(none);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1"], { day: "2031-06-12" }))).toEqual(none);
    expect(await checkSeatsBeforeBooking(request(buyer, ["A1"], { showId: "not-a-show" }))).toEqual(none);
  });
});
