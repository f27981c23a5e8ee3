import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { isSoldOut, seatsForOffer } from "~/domain/waitlist";
import { bookSeats, findBooking, occupiedSeats } from "~/models/bookings.server";
import { cancelBooking } from "~/models/cancellations.server";
import { findWaitlistPlace, joinWaitlist, leaveWaitlist, offerSeatsOfExpiredHolds } from "~/models/waitlist.server";
import { getDb } from "~/services/db.server";
import { addHall, addMovie, addShow, addUser } from "./fixtures";

const MOVIE = "t-waitlist";
const DAY = "2031-07-14";
// Four seats side by side, a wheelchair space and its companion seat: a show sold out in one booking.
const LAYOUT = "A 1 2 3 4 | W5 C6";
let hallId: string;

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Waitlist Test" });
  hallId = await addHall(LAYOUT);
});

const book = async (userUid: string, showId: string, seats: string[]) => {
  const booked = await bookSeats({ userUid, movieId: MOVIE, day: DAY, showId, seats, requestToken: randomUUID() });
  if (!booked.ok) throw new Error(booked.reason);
  return booked.booking;
};

let nextHour = 8;
/** A new show in the little hall, its four ordinary seats held by one customer (or as `groups` say, one each). */
async function soldOutShow(groups = [["A1", "A2", "A3", "A4"]]) {
  const show = await addShow(MOVIE, `${DAY}T${String(nextHour++).padStart(2, "0")}:00:00Z`, { hallId });
  const holders = [];
  for (const seats of groups) {
    const owner = await addUser();
    holders.push({ owner, booking: await book(owner, show, seats) });
  }
  return { show, ...holders[0], holders };
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
      { subject: expect.stringMatching(/^Seats came free: Waitlist Test, Mon, Jul 14, \d+:00 AM$/) },
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
