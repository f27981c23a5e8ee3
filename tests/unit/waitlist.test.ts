import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { isSoldOut, seatsForOffer } from "~/domain/waitlist";
import { findBooking, occupiedSeats } from "~/models/bookings.server";
import { bookSeats } from "~/models/seat-booking.server";
import { cancelBooking } from "~/models/cancellations.server";
import { waitlistOffer } from "~/models/mail-messages.server";
import { findWaitlistPlace, joinWaitlist, leaveWaitlist, offerSeatsOfExpiredHolds } from "~/models/waitlist.server";
import { getDb } from "~/services/db.server";
import { formatClockTime } from "~/utils/show-display";
import { addHall, addMovie, addShow, addUser } from "./fixtures";

const MOVIE = "t-waitlist";
const DAY = "2031-07-14";
// Four seats side by side, a wheelchair space and its companion seat: a show sold out in one booking.
const LAYOUT = "A 1 2 3 4 | W5 C6";
let hallId: string;
// Eight seats side by side: room for a customer holding as many seats of a show as they may, and others.
let largerHallId: string;

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Waitlist Test" });
  hallId = await addHall(LAYOUT);
  largerHallId = await addHall("A 1 2 3 4 5 6 7 8");
});

const book = async (userUid: string, showId: string, seats: string[]) => {
  const booked = await bookSeats({ userUid, movieId: MOVIE, day: DAY, showId, seats, requestToken: randomUUID() });
  if (!booked.ok) throw new Error(booked.reason);
  return booked.booking;
};

let nextMinute = 8 * 60;
/** A new show of the day, in the little hall unless another is named. */
const newShow = (hall = hallId) => {
  const minute = nextMinute++;
  const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
  return addShow(MOVIE, `${DAY}T${time}:00Z`, { hallId: hall });
};

/**
 * A new show in the little hall (or `hall`), its four ordinary seats held by one customer (or as `groups` say, one
 * each; a group's `owner` books it when given).
 */
async function soldOutShow(
  groups: (string[] | { owner: string; seats: string[] })[] = [["A1", "A2", "A3", "A4"]],
  hall = hallId,
) {
  const show = await newShow(hall);
  const holders = [];
  for (const group of groups) {
    const { owner, seats } = Array.isArray(group) ? { owner: await addUser(), seats: group } : group;
    holders.push({ owner, booking: await book(owner, show, seats) });
  }
  return { show, ...holders[0], holders };
}

/** A customer with `count` unpaid bookings, one seat each in shows of their own. */
async function customerWithUnpaidBookings(count: number) {
  const customer = await addUser();
  for (let made = 0; made < count; made++) await book(customer, await newShow(), ["A1"]);
  return customer;
}

async function offersTo(userUid: string, showId: string) {
  const db = await getDb();
  return db.query<{ id: string; seats: string[]; status: string }>(
    `select b.id, b.seats, b.status from waitlist_entries w join bookings b on b.id = w.offered_booking_id
     where w.user_uid = $1 and w.show_id = $2`,
    [userUid, showId],
  );
}

async function offerMails(userUid: string) {
  const db = await getDb();
  return db.query<{ subject: string }>(
    `select subject from outbox where kind = 'waitlist-offer' and recipient = (select email from users where uid = $1)`,
    [userUid],
  );
}

describe("the seats offered to someone waiting", () => {
  const runs = [
    ["A1", "A2", "A3"],
    ["B1", "B2", "B3"],
  ];
  it("are side by side when the hall has that many free together", () => {
    expect(seatsForOffer(runs, ["A2", "B1"], 2)).toEqual(["B2", "B3"]);
  });
  it("are the first free ones in hall order otherwise", () => {
    expect(seatsForOffer(runs, ["A2", "B2"], 3)).toEqual(["A1", "A3", "B1"]);
  });
  it("leave no single seat stranded where another choice would not, as a booking may not", () => {
    const row = [["A1", "A2", "A3", "A4", "A5", "A6"]];
    expect(seatsForOffer(row, ["A4"], 2)).toEqual(["A1", "A2"]);
    expect(seatsForOffer(row, ["A4"], 2, { strandedSeatRule: true })).toEqual(["A5", "A6"]);
    // Where every choice strands one, as a booking may then.
    expect(seatsForOffer(row, ["A4", "A5", "A6"], 2, { strandedSeatRule: true })).toEqual(["A1", "A2"]);
  });
  it("are none when fewer are free than asked for", () => {
    expect(seatsForOffer(runs, ["A1", "A2", "A3", "B1"], 3)).toBeNull();
    expect(isSoldOut(runs, runs.flat())).toBe(true);
    expect(isSoldOut(runs, ["A1"])).toBe(false);
  });
});

describe("the waitlist of a show", () => {
  it("is open only when every seat that could be offered is taken", async () => {
    const show = await addShow(MOVIE, `${DAY}T07:00:00Z`, { hallId });
    expect(await joinWaitlist(await addUser(), show, 2)).toEqual({ ok: false, reason: "seats-free" });
    const { show: soldOut } = await soldOutShow();
    // The wheelchair space and its companion seat are free, and not offered to people waiting.
    expect(await occupiedSeats(soldOut)).toHaveLength(4);
    expect(await joinWaitlist(await addUser(), soldOut, 2)).toEqual({ ok: true, position: 1, seatCount: 2 });
  });

  it("takes each person once, in the order they joined, and lets them leave", async () => {
    const { show } = await soldOutShow();
    const [ann, ben, cat] = [await addUser(), await addUser(), await addUser()];
    expect(await joinWaitlist(ann, show, 1)).toMatchObject({ ok: true, position: 1 });
    expect(await joinWaitlist(ben, show, 3)).toMatchObject({ ok: true, position: 2 });
    expect(await joinWaitlist(ann, show, 2)).toEqual({ ok: false, reason: "already-waiting" });
    expect(await leaveWaitlist(ann, show)).toBe(true);
    expect(await leaveWaitlist(ann, show)).toBe(false);
    expect(await findWaitlistPlace(ben, show)).toEqual({ position: 1, seatCount: 3 });
    expect(await joinWaitlist(cat, show, 1)).toMatchObject({ ok: true, position: 2 });
    expect(await joinWaitlist(ann, randomUUID(), 1)).toEqual({ ok: false, reason: "show-unavailable" });
  });

  it("offers seats a cancellation frees to the first waiting, with a hold and a mail, and not again", async () => {
    const { show, owner, booking } = await soldOutShow();
    const [first, second] = [await addUser(), await addUser()];
    await joinWaitlist(first, show, 2);
    await joinWaitlist(second, show, 2);
    expect((await cancelBooking(owner, booking.id)).ok).toBe(true);

    const [offer] = await offersTo(first, show);
    expect(offer).toMatchObject({ seats: ["A1", "A2"], status: "pending" });
    expect(await offerMails(first)).toEqual([
      { subject: expect.stringMatching(/^Seats came free: Waitlist Test, Mon, Jul 14, \d+:\d\d AM$/) },
    ]);
    // Four seats came free: the second person gets the other two, and nobody gets the same seats.
    const [secondOffer] = await offersTo(second, show);
    expect(secondOffer.seats).toEqual(["A3", "A4"]);
    expect(await findWaitlistPlace(first, show)).toBeNull();
    expect((await findBooking(first, offer.id))?.holdExpiresAt).toBeTruthy();
  });

  it("passes seats on when an offer's hold runs out, and offers nobody twice", async () => {
    const { show, owner, booking } = await soldOutShow();
    const [first, second] = [await addUser(), await addUser()];
    await joinWaitlist(first, show, 4);
    await joinWaitlist(second, show, 4);
    await cancelBooking(owner, booking.id);
    const [offer] = await offersTo(first, show);
    expect(await offersTo(second, show)).toEqual([]);

    const db = await getDb();
    await db.query("update bookings set hold_expires_at = now() - interval '1 second' where id = $1", [offer.id]);
    expect(await offerSeatsOfExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(await offersTo(first, show)).toEqual([{ ...offer, status: "expired" }]);
    expect(await offersTo(second, show)).toMatchObject([{ seats: ["A1", "A2", "A3", "A4"], status: "pending" }]);
    expect(await offerMails(first)).toHaveLength(1);
    expect(await offerMails(second)).toHaveLength(1);
  });

  it("keeps seats of a hold that ran out from a buyer while people wait for them", async () => {
    const { show, owner } = await soldOutShow();
    const waiting = await addUser();
    await joinWaitlist(waiting, show, 2);
    const db = await getDb();
    await db.query("update bookings set hold_expires_at = now() - interval '1 second' where user_uid = $1", [owner]);
    await expect(book(await addUser(), show, ["A1", "A2"])).rejects.toThrow("seats-taken");
    await offerSeatsOfExpiredHolds();
    expect(await offersTo(waiting, show)).toMatchObject([{ seats: ["A1", "A2"], status: "pending" }]);
  });

  it("lets a smaller ask further down take seats too few for the one before", async () => {
    const { show, holders } = await soldOutShow([["A1", "A2", "A3"], ["A4"]]);
    const [wantsTwo, wantsOne] = [await addUser(), await addUser()];
    await joinWaitlist(wantsTwo, show, 2);
    await joinWaitlist(wantsOne, show, 1);
    await cancelBooking(holders[1].owner, holders[1].booking.id);
    expect(await offersTo(wantsTwo, show)).toEqual([]);
    expect(await offersTo(wantsOne, show)).toMatchObject([{ seats: ["A4"] }]);
    expect(await findWaitlistPlace(wantsTwo, show)).toEqual({ position: 1, seatCount: 2 });
  });
});

describe("the hold of an offer", () => {
  // PGlite's now() is the JavaScript clock: the offer is made at a moment the test chooses.
  const OFFERED_AT = new Date(`${DAY}T12:36:00Z`);
  afterEach(() => vi.useRealTimers());

  /** A show starting at `startsAt`, sold out by one hold that is let go with someone waiting: the offer made. */
  async function offerAt(startsAt: string) {
    vi.useFakeTimers({ toFake: ["Date"], now: OFFERED_AT });
    const show = await addShow(MOVIE, startsAt, { hallId });
    const owner = await addUser();
    const held = await book(owner, show, ["A1", "A2", "A3", "A4"]);
    const waiting = await addUser();
    await joinWaitlist(waiting, show, 2);
    await cancelBooking(owner, held.id);
    const [offer] = await offersTo(waiting, show);
    return (await findBooking(waiting, offer.id))!;
  }

  it(`lasts ${config.bookings.waitlistOfferMinutes} minutes (WAITLIST_OFFER_MINUTES), and the mail says until when`, async () => {
    const offer = await offerAt(`${DAY}T20:00:00Z`);
    const heldUntil = new Date(OFFERED_AT.getTime() + config.bookings.waitlistOfferMinutes * 60_000);
    expect(new Date(offer.holdExpiresAt)).toEqual(heldUntil);
    expect(config.bookings.waitlistOfferMinutes).toBeGreaterThan(config.bookings.holdMinutes);
    const { text } = waitlistOffer(offer, "Wes Tan");
    expect(text).toContain(`They are held for you until ${formatClockTime(heldUntil.toISOString(), config.timeZone)};`);
    expect(text).toMatch(/held for you until \d{1,2}:\d\d [AP]M;/);
  });

  it("ends when the show starts, if that is sooner", async () => {
    const startsAt = new Date(OFFERED_AT.getTime() + 20 * 60_000);
    const offer = await offerAt(startsAt.toISOString());
    expect(new Date(offer.holdExpiresAt)).toEqual(startsAt);
  });
});

describe("the waitlist and the booking limits", () => {
  it("refuses to take on someone an offer could never be made to, naming the limit", async () => {
    const holder = await addUser();
    const { show } = await soldOutShow(
      [{ owner: holder, seats: ["A1", "A2", "A3", "A4"] }, ["A5", "A6", "A7", "A8"]],
      largerHallId,
    );
    expect(await joinWaitlist(holder, show, 2)).toEqual({ ok: false, reason: "too-many-held-seats", held: 4 });
    expect(await joinWaitlist(holder, show, 1)).toMatchObject({ ok: true, position: 1 });
    const owing = await customerWithUnpaidBookings(3);
    expect(await joinWaitlist(owing, show, 1)).toEqual({ ok: false, reason: "too-many-unpaid", unpaid: 3 });
    expect(await findWaitlistPlace(owing, show)).toBeNull();
  });

  it("passes over, keeping their place, someone with the most unpaid bookings, and offers the next", async () => {
    const { show, owner, booking } = await soldOutShow();
    const owing = await addUser();
    await joinWaitlist(owing, show, 2);
    for (let made = 0; made < 3; made++) await book(owing, await newShow(), ["A1"]);
    const next = await addUser();
    await joinWaitlist(next, show, 2);
    await cancelBooking(owner, booking.id);

    expect(await offersTo(owing, show)).toEqual([]);
    expect(await offerMails(owing)).toEqual([]);
    expect(await findWaitlistPlace(owing, show)).toEqual({ position: 1, seatCount: 2 });
    expect(await offersTo(next, show)).toMatchObject([{ seats: ["A1", "A2"], status: "pending" }]);
  });

  it("passes over someone the offer would give more seats of the show than a customer may hold", async () => {
    const holder = await addUser();
    const { show, holders } = await soldOutShow(
      [{ owner: holder, seats: ["A1", "A2", "A3", "A4"] }, ["A5", "A6", "A7", "A8"]],
      largerHallId,
    );
    // Waiting for two more since before they held four (as if the limit had been higher then).
    const db = await getDb();
    await db.query("insert into waitlist_entries (show_id, user_uid, seat_count) values ($1, $2, 2)", [show, holder]);
    const next = await addUser();
    await joinWaitlist(next, show, 2);
    await cancelBooking(holders[1].owner, holders[1].booking.id);

    expect(await offersTo(holder, show)).toEqual([]);
    expect(await occupiedSeats(show)).toEqual(["A1", "A2", "A3", "A4", "A5", "A6"]);
    expect(await offersTo(next, show)).toMatchObject([{ seats: ["A5", "A6"] }]);
    expect(await findWaitlistPlace(holder, show)).toEqual({ position: 1, seatCount: 2 });
  });

  it("offers seats that leave no single seat stranded, as the seat page would", async () => {
    const { show, holders } = await soldOutShow([["A4"], ["A1", "A2", "A3", "A5", "A6"], ["A7", "A8"]], largerHallId);
    const waiting = await addUser();
    await joinWaitlist(waiting, show, 2);
    await cancelBooking(holders[1].owner, holders[1].booking.id);
    // A1 and A2 would leave A3 alone between them and A4.
    expect(await offersTo(waiting, show)).toMatchObject([{ seats: ["A5", "A6"] }]);
  });
});
