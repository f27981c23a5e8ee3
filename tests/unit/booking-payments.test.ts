import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { findBooking, occupiedSeats } from "~/models/bookings.server";
import { bookSeats } from "~/models/seat-booking.server";
import { cancelBooking } from "~/models/cancellations.server";
import { findPayment, payBooking, settleInterruptedPayments } from "~/models/payments.server";
import { getDb } from "~/services/db.server";
import { testPaymentProvider } from "~/services/payments/test-provider.server";
import { addMovie, addShow, addUser } from "./fixtures";

const MOVIE = "t-payments";
const PRICE_CENTS = 6100;
const DAY = "2031-06-10";
const GOOD_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000000000000002" };
let show: string;

let nextRow = 0;
/** A fresh pending booking of two seats (a row of its own) for a new customer. */
async function pendingBooking(showId = show, day = DAY) {
  const user = await addUser();
  const row = "ABCDEFGHIJ"[nextRow++ % 10];
  const result = await bookSeats({
    userUid: user,
    movieId: MOVIE,
    day,
    showId,
    seats: [`${row}1`, `${row}2`],
    requestToken: randomUUID(),
  });
  if (!result.ok) throw new Error(`booking failed: ${result.reason}`);
  return { user, booking: (await findBooking(user, result.booking.id))! };
}

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Payment Test" });
  show = await addShow(MOVIE, `${DAY}T19:30:00Z`, { priceCents: PRICE_CENTS });
});

afterEach(() => vi.restoreAllMocks());

describe("payBooking", () => {
  it("marks the booking paid and records the payment with the card's last four digits only", async () => {
    const { user, booking } = await pendingBooking();
    const paid = await payBooking(user, booking.id, GOOD_CARD, randomUUID());
    expect(paid).toMatchObject({ ok: true, booking: { status: "paid", id: booking.id } });
    const payment = await findPayment(booking.id);
    expect(payment).toMatchObject({ provider: "test", amountCents: 12200, cardLast4: "4242", refundedAt: null });
    expect(payment?.reference).toMatch(/^test_ch_/);
    const db = await getDb();
    const [stored] = await db.query("select * from payments where booking_id = $1", [booking.id]);
    expect(JSON.stringify(stored)).not.toContain("4242424242424242");
    expect(await occupiedSeats(show)).toEqual(expect.arrayContaining(booking.seats));
  });

  it("says a declined card was declined and changes nothing", async () => {
    const { user, booking } = await pendingBooking();
    expect(await payBooking(user, booking.id, DECLINED_CARD, randomUUID())).toEqual({
      ok: false,
      reason: "declined",
      message: "Your card was declined.",
    });
    expect((await findBooking(user, booking.id))?.status).toBe("pending");
    expect(await findPayment(booking.id)).toBeNull();
  });

  it("charges once for the same form posted twice", async () => {
    const { user, booking } = await pendingBooking();
    const charge = vi.spyOn(testPaymentProvider, "charge");
    const refund = vi.spyOn(testPaymentProvider, "refund");
    const attempt = randomUUID();
    const results = await Promise.all([
      payBooking(user, booking.id, GOOD_CARD, attempt),
      payBooking(user, booking.id, GOOD_CARD, attempt),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "already-paid" });
    const references = new Set(await Promise.all(charge.mock.results.map(async (r) => (await r.value).reference)));
    expect(references.size).toBe(1);
    expect(refund).not.toHaveBeenCalled();
  });

  it("makes one payment when two tabs pay at once, refunding the other tab's charge", async () => {
    const { user, booking } = await pendingBooking();
    const refund = vi.spyOn(testPaymentProvider, "refund");
    const results = await Promise.all([
      payBooking(user, booking.id, GOOD_CARD, randomUUID()),
      payBooking(user, booking.id, GOOD_CARD, randomUUID()),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "already-paid" });
    const db = await getDb();
    const [{ payments }] = await db.query<{ payments: number }>(
      "select count(*)::int as payments from payments where booking_id = $1",
      [booking.id],
    );
    expect(payments).toBe(1);
    expect(refund).toHaveBeenCalledTimes(1);
  });

  it("refuses an expired, a cancelled, or someone else's booking, changing nothing", async () => {
    const expired = await pendingBooking();
    const db = await getDb();
    await db.query("update bookings set hold_expires_at = now() - interval '1 second' where id = $1", [
      expired.booking.id,
    ]);
    expect(await payBooking(expired.user, expired.booking.id, GOOD_CARD, randomUUID())).toEqual({
      ok: false,
      reason: "expired",
    });
    const cancelled = await pendingBooking();
    await cancelBooking(cancelled.user, cancelled.booking.id);
    expect(await payBooking(cancelled.user, cancelled.booking.id, GOOD_CARD, randomUUID())).toEqual({
      ok: false,
      reason: "cancelled",
    });
    const stranger = await addUser();
    const owned = await pendingBooking();
    expect(await payBooking(stranger, owned.booking.id, GOOD_CARD, randomUUID())).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await findBooking(owned.user, owned.booking.id))?.status).toBe("pending");
  });

  it("refunds the charge when the hold ran out while the card was being charged", async () => {
    const { user, booking } = await pendingBooking();
    const charge = testPaymentProvider.charge;
    vi.spyOn(testPaymentProvider, "charge").mockImplementation(async (request) => {
      const db = await getDb();
      await db.query("update bookings set hold_expires_at = now() where id = $1", [booking.id]);
      return charge(request);
    });
    const refund = vi.spyOn(testPaymentProvider, "refund");
    expect(await payBooking(user, booking.id, GOOD_CARD, randomUUID())).toEqual({ ok: false, reason: "expired" });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await findPayment(booking.id)).toBeNull();
  });
});

describe("cancelling a paid booking", () => {
  it("refunds it in full before the cutoff, says Cancelled and frees the seats", async () => {
    const { user, booking } = await pendingBooking();
    await payBooking(user, booking.id, GOOD_CARD, randomUUID());
    const result = await cancelBooking(user, booking.id);
    expect(result).toMatchObject({ ok: true, refundedCents: 12200, booking: { status: "cancelled" } });
    expect(await findPayment(booking.id)).toMatchObject({
      refundedCents: 12200,
      refundReference: expect.stringMatching(/^test_re_/),
    });
    expect(await occupiedSeats(show)).not.toContain(booking.seats[0]);
  });

  it(`is refused from ${config.bookings.cancelCutoffMinutes} minutes before the show`, async () => {
    const soon = new Date(Date.now() + (config.bookings.cancelCutoffMinutes - 5) * 60_000);
    const day = soon.toISOString().slice(0, 10);
    const soonShow = await addShow(MOVIE, soon.toISOString(), { priceCents: PRICE_CENTS });
    const { user, booking } = await pendingBooking(soonShow, day);
    await payBooking(user, booking.id, GOOD_CARD, randomUUID());
    expect(await cancelBooking(user, booking.id)).toEqual({ ok: false, reason: "past-cutoff" });
    expect((await findBooking(user, booking.id))?.status).toBe("paid");
    expect(await findPayment(booking.id)).toMatchObject({ refundedAt: null });
  });
});

describe("a show that has started", () => {
  it("ends an unpaid hold at the start: a booking made minutes before is held until then only", async () => {
    const soon = await addShow(MOVIE, "3 minutes", { priceCents: PRICE_CENTS });
    const day = (await findShowStart(soon)).slice(0, 10);
    const { booking } = await pendingBooking(soon, day);
    expect(booking.holdExpiresAt).toBe(booking.startsAt);
  });

  it("refuses a payment without charging, and releases the seats", async () => {
    const { user, booking } = await pendingBooking(await addShow(MOVIE, `${DAY}T21:00:00Z`));
    await moveShowStart(booking.showId, "-1 minute");
    const charge = vi.spyOn(testPaymentProvider, "charge");
    expect(await payBooking(user, booking.id, GOOD_CARD, randomUUID())).toEqual({
      ok: false,
      reason: "show-started",
    });
    expect(charge).not.toHaveBeenCalled();
    expect(await occupiedSeats(booking.showId)).not.toContain(booking.seats[0]);
    const db = await getDb();
    const [{ status, seatRows }] = await db.query<{ status: string; seatRows: number }>(
      `select status, (select count(*)::int from booked_seats where booking_id = $1) as "seatRows"
       from bookings where id = $1`,
      [booking.id],
    );
    expect({ status, seatRows }).toEqual({ status: "expired", seatRows: 0 });
  });
});

describe("a ticket let in at the door", () => {
  it("can no longer be cancelled: no refund, the seats stay taken", async () => {
    const { user, booking } = await pendingBooking(await addShow(MOVIE, `${DAY}T22:00:00Z`));
    await payBooking(user, booking.id, GOOD_CARD, randomUUID());
    const db = await getDb();
    const staff = await addUser();
    await db.query("insert into check_ins (booking_id, staff_uid) values ($1, $2)", [booking.id, staff]);
    const refund = vi.spyOn(testPaymentProvider, "refund");
    expect(await cancelBooking(user, booking.id)).toEqual({ ok: false, reason: "checked-in" });
    expect(refund).not.toHaveBeenCalled();
    expect(await findBooking(user, booking.id)).toMatchObject({ status: "paid", checkedIn: true });
    expect(await occupiedSeats(booking.showId)).toEqual(expect.arrayContaining(booking.seats));
    expect(await findPayment(booking.id)).toMatchObject({ refundedAt: null });
  });
});

describe("a seat form posted again", () => {
  it("answers the booking it made in the state it is in now", async () => {
    const user = await addUser();
    const seatForm = {
      userUid: user,
      movieId: MOVIE,
      day: DAY,
      showId: show,
      seats: ["H1"],
      requestToken: randomUUID(),
    };
    const first = await bookSeats(seatForm);
    if (!first.ok) throw new Error(first.reason);
    expect(first.repeated).toBe(false);
    await cancelBooking(user, first.booking.id);
    expect(await bookSeats(seatForm)).toMatchObject({
      ok: true,
      repeated: true,
      booking: { id: first.booking.id, status: "cancelled" },
    });
    expect(await occupiedSeats(show)).not.toContain("H1");
  });
});

async function findShowStart(showId: string) {
  const db = await getDb();
  const [{ startsAt }] = await db.query<{ startsAt: Date }>('select starts_at as "startsAt" from shows where id = $1', [
    showId,
  ]);
  return new Date(startsAt).toISOString();
}

/** Moves a show's start to `fromNow` (an interval). */
async function moveShowStart(showId: string, fromNow: string) {
  const db = await getDb();
  await db.query("update shows set starts_at = now() + $2::interval where id = $1", [showId, fromNow]);
}

describe("a payment a crash interrupted", () => {
  const DAY2 = "2031-06-11";
  let crashShow: string;
  beforeAll(async () => {
    crashShow = await addShow(MOVIE, `${DAY2}T19:30:00Z`, { priceCents: PRICE_CENTS });
  });
  // A second old: PGlite's clock counts in milliseconds, and "older than 0 seconds" leaves out an attempt made within
  // the same millisecond as the pass that looks for it.
  const ATTEMPT_BEFORE_THE_CRASH = "now() - interval '1 second'";
  /** A charge the provider made whose process died before recording it: the attempt row and the charge only. */
  async function chargedButNotRecorded() {
    const { user, booking } = await pendingBooking(crashShow, DAY2);
    const idempotencyKey = `${booking.id}:${randomUUID()}`;
    const db = await getDb();
    await db.query(
      `insert into payment_attempts (idempotency_key, booking_id, user_uid, provider, created_at)
       values ($1, $2, $3, 'test', ${ATTEMPT_BEFORE_THE_CRASH})`,
      [idempotencyKey, booking.id, user],
    );
    const charge = await testPaymentProvider.charge({
      amountCents: booking.amountCents,
      currency: "USD",
      card: GOOD_CARD,
      description: "interrupted",
      idempotencyKey,
    });
    if (!charge.ok) throw new Error("the test card should pay");
    return { user, booking, idempotencyKey, reference: charge.reference };
  }
  const attemptsOf = async (bookingId: string) =>
    (await (await getDb()).query("select 1 from payment_attempts where booking_id = $1", [bookingId])).length;

  it("is recorded on the next pass when the booking still holds its seats, without charging again", async () => {
    const { user, booking, reference } = await chargedButNotRecorded();
    const charge = vi.spyOn(testPaymentProvider, "charge");
    const settled = await settleInterruptedPayments(0);
    expect(settled.recorded).toBeGreaterThanOrEqual(1);
    expect(charge).not.toHaveBeenCalled();
    expect(await findPayment(booking.id)).toMatchObject({ reference, cardLast4: "4242", refundedAt: null });
    expect(await findBooking(user, booking.id)).toMatchObject({ status: "paid" });
    expect(await attemptsOf(booking.id)).toBe(0);
    await settleInterruptedPayments(0);
    expect(await findPayment(booking.id)).toMatchObject({ reference });
  });

  it("is refunded when the hold ended meanwhile, once", async () => {
    const { user, booking } = await chargedButNotRecorded();
    await (await getDb()).query("update bookings set hold_expires_at = now() where id = $1", [booking.id]);
    const refund = vi.spyOn(testPaymentProvider, "refund");
    expect(await settleInterruptedPayments(0)).toMatchObject({ refunded: expect.any(Number) });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await findPayment(booking.id)).toBeNull();
    expect(await findBooking(user, booking.id)).not.toMatchObject({ status: "paid" });
    expect(await attemptsOf(booking.id)).toBe(0);
    await settleInterruptedPayments(0);
    expect(refund).toHaveBeenCalledTimes(1);
  });

  it("is dropped when the provider never charged it, and a recent attempt is left to its request", async () => {
    const { user, booking } = await pendingBooking(crashShow, DAY2);
    const db = await getDb();
    await db.query(
      `insert into payment_attempts (idempotency_key, booking_id, user_uid, provider, created_at)
       values ($1, $2, $3, 'test', ${ATTEMPT_BEFORE_THE_CRASH})`,
      [`${booking.id}:${randomUUID()}`, booking.id, user],
    );
    await settleInterruptedPayments();
    expect(await attemptsOf(booking.id)).toBe(1);
    await settleInterruptedPayments(0);
    expect(await attemptsOf(booking.id)).toBe(0);
    expect(await findPayment(booking.id)).toBeNull();
  });

  it("leaves no attempt behind after a payment that answered", async () => {
    const { user, booking } = await pendingBooking(crashShow, DAY2);
    await payBooking(user, booking.id, GOOD_CARD, randomUUID());
    const declined = await pendingBooking(crashShow, DAY2);
    await payBooking(declined.user, declined.booking.id, DECLINED_CARD, randomUUID());
    expect(await attemptsOf(booking.id)).toBe(0);
    expect(await attemptsOf(declined.booking.id)).toBe(0);
  });
});
