import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Queryable } from "~/services/db.server";
import { testPostgresUrl, usePostgresDatabase } from "./postgres-database";

// The provider's reset codes, one new one for each ask.
let resetCodesMade = 0;
vi.mock("~/services/firebase-admin.server", async (original) => ({
  ...(await original<object>()),
  passwordResetCode: async () => `pg-reset-code-${++resetCodesMade}`,
}));

// What only PostgreSQL can show: several transactions at once on many connections (PGlite runs one at a time), and
// a database clock apart from the app's (PGlite's is the app's own). Each race test holds one transaction still at
// a chosen statement, so the overlap happens every time.
const DAY = "2031-07-01";
const MOVIE = "t-pg-races";

const models = () =>
  Promise.all([
    import("~/services/db.server"),
    Promise.all([import("~/models/bookings.server"), import("~/models/seat-booking.server")]).then(
      ([reading, booking]) => ({ ...reading, ...booking }),
    ),
    Promise.all([import("~/models/payments.server"), import("~/models/checkouts.server")]).then(
      ([payments, checkouts]) => ({ ...payments, ...checkouts }),
    ),
    import("~/services/payments/test-gateway.server"),
    import("./fixtures"),
  ]);

/** A promise with its resolve function, to hold a transaction still until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!testPostgresUrl)("on PostgreSQL, races between transactions and the two clocks", () => {
  let show: string;

  usePostgresDatabase();

  beforeAll(async () => {
    const [, , , , fixtures] = await models();
    await fixtures.addMovie(MOVIE);
    show = await fixtures.addShow(MOVIE, `${DAY}T19:30:00Z`, { priceCents: 5000 });
  });

  afterEach(() => vi.restoreAllMocks());

  /**
   * Makes the app's transactions stop at the first statement matching `at` (before or after running it) until the
   * returned gate opens; `reached` resolves when one got there. Kysely writes names quoted (`set "status"`, decision 64).
   */
  async function holdTransactionAt(at: RegExp, when: "before" | "after") {
    const [{ getDb }] = await models();
    const db = await getDb();
    const reached = gate();
    const release = gate();
    const transaction = db.transaction.bind(db);
    vi.spyOn(db, "transaction").mockImplementation((work) =>
      transaction((tx) => {
        const held: Queryable = {
          ...tx,
          async query(sql, params) {
            const stop = at.test(sql);
            const holdHere = async (moment: "before" | "after") => {
              if (!stop || when !== moment) return;
              reached.open();
              await release.opened;
            };
            await holdHere("before");
            const rows = await tx.query(sql, params);
            await holdHere("after");
            return rows as never;
          },
        };
        return work(held);
      }),
    );
    return { reached: reached.opened, release: release.open };
  }

  async function bookFor(seat: string) {
    const [, { bookSeats }, , , { addUser }] = await models();
    const user = await addUser();
    const result = await bookSeats({
      userUid: user,
      movieId: MOVIE,
      day: DAY,
      showId: show,
      seats: [seat],
      requestToken: randomUUID(),
    });
    return { user, result };
  }

  /** A customer's unpaid booking of `seat` whose hold runs out in `ms` milliseconds. */
  async function holdEndingSoon(seat: string, ms: number) {
    const [{ getDb }] = await models();
    const { user, result } = await bookFor(seat);
    if (!result.ok) throw new Error(`booking failed: ${result.reason}`);
    const db = await getDb();
    const [{ expiresAt }] = await db.query<{ expiresAt: Date }>(
      `update bookings set hold_expires_at = clock_timestamp() + make_interval(secs => $2) where id = $1
       returning hold_expires_at as "expiresAt"`,
      [result.booking.id, ms / 1000],
    );
    return { user, bookingId: result.booking.id, expiresAt };
  }

  /** Waits until a hold's deadline has passed by the database's clock (this machine's), and no longer. */
  const untilPast = (deadline: Date) => sleep(Math.max(0, deadline.getTime() - Date.now()) + 50);

  /** Which bookings hold or paid for `seat`, and which booking its seat row belongs to. */
  async function whoHas(seat: string) {
    const [{ getDb }] = await models();
    const db = await getDb();
    const [row] = await db.query<{ owner: string | null; paid: string[] }>(
      `select (select booking_id::text from booked_seats where show_id = $1 and seat = $2) as owner,
         coalesce((select array_agg(id::text) from bookings where show_id = $1 and $2 = any(seats) and status = 'paid'),
           '{}') as paid`,
      [show, seat],
    );
    return row;
  }

  /** Waits until some connection waits for a row lock (or the time runs out). */
  async function someoneWaitsForALock() {
    const [{ getDb }] = await models();
    const db = await getDb();
    for (let tries = 0; tries < 40; tries++) {
      const [{ waiting }] = await db.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting > 0) return true;
      await sleep(50);
    }
    return false;
  }

  /** A held booking's checkout, paid at the gateway; the site has not settled it yet. */
  async function paidAtGateway(held: { user: string; bookingId: string }) {
    const [, , { startCheckout }, gateway, { checkoutIdOf }] = await models();
    const started = await startCheckout(held.user, held.bookingId, null);
    if (!started.ok) throw new Error(started.reason);
    const checkoutId = checkoutIdOf(started.url);
    await gateway.payWithCard(checkoutId, gateway.TEST_CARDS.pays);
    return gateway.testPaymentProvider.readCheckout(checkoutId);
  }

  it("a payment settled as its hold ran out, and a booking of its seat after: one seat, one owner", async () => {
    const [, , { settleCheckout }] = await models();
    const a = await holdEndingSoon("A1", 1500);
    const state = await paidAtGateway(a);
    const payment = await holdTransactionAt(/set "?status"? = 'paid'/, "after");
    const paying = settleCheckout("test", state);
    await payment.reached;
    await untilPast(a.expiresAt);
    // The hold has run out by the clock now; the payment's update is written but not committed.
    const booking = bookFor("A1").then(({ result }) => result);
    const waited = await someoneWaitsForALock();
    payment.release();
    const [paid, booked] = await Promise.all([paying, booking]);

    expect(waited).toBe(true);
    expect(paid).toBe("paid");
    expect(booked).toEqual({ ok: false, reason: "seats-taken", seats: ["A1"] });
    expect(await whoHas("A1")).toEqual({ owner: a.bookingId, paid: [a.bookingId] });
  });

  it("a booking that lets a run-out hold go first: the payment settled after is refused and refunded", async () => {
    const [{ getDb }, , { settleCheckout, findPayment }] = await models();
    const a = await holdEndingSoon("A2", 1500);
    const state = await paidAtGateway(a);
    const payment = await holdTransactionAt(/for update of "?b"?/, "before");
    const paying = settleCheckout("test", state);
    // The settling transaction has begun (its clock reads before the deadline) and waits to lock the booking.
    await payment.reached;
    await untilPast(a.expiresAt);
    const { result: booked } = await bookFor("A2");
    payment.release();
    const paid = await paying;

    expect(booked.ok).toBe(true);
    expect(paid).toBe("returned-hold-ended");
    expect(await findPayment(a.bookingId)).toBeNull();
    const refunds = await (
      await getDb()
    ).query("select payload from outbox where kind = 'gateway-refund' and payload->>'checkoutId' = $1", [state.id]);
    expect(refunds).toHaveLength(1);
    expect(await whoHas("A2")).toEqual({ owner: booked.ok ? booked.booking.id : null, paid: [] });
  });

  it("the gateway's webhook and the customer's return at once: the booking's row decides, one payment, one mail", async () => {
    const [{ getDb }, , { settleCheckout, handleGatewayEvent }] = await models();
    const { user, result: booked } = await bookFor("C1");
    if (!booked.ok) throw new Error(booked.reason);
    const state = await paidAtGateway({ user, bookingId: booked.booking.id });
    const first = await holdTransactionAt(/set "?status"? = 'paid'/, "after");
    const returning = settleCheckout("test", state);
    await first.reached;
    const webhook = handleGatewayEvent("test", {
      id: `evt_${randomUUID()}`,
      type: "checkout.session.completed",
      kind: "checkout-completed",
      checkout: state,
    });
    const waited = await someoneWaitsForALock();
    first.release();

    expect(waited).toBe(true);
    expect(await Promise.all([returning, webhook])).toEqual(["paid", true]);
    const db = await getDb();
    const count = async (sql: string) => (await db.query(sql, [booked.booking.id])).length;
    expect(await count("select 1 from payments where booking_id = $1")).toBe(1);
    expect(
      await count("select 1 from outbox where kind = 'booking-confirmation' and payload->'booking'->>'id' = $1"),
    ).toBe(1);
  });

  it("two reset codes of one account taken at once: the lock on the account's codes decides, the second is refused", async () => {
    const { claimPasswordResetCode, makePasswordResetCode } = await import("~/models/password-reset-codes.server");
    const first = (await makePasswordResetCode("race@example.com"))!;
    const second = (await makePasswordResetCode("race@example.com"))!;
    const claim = await holdTransactionAt(/set "?used_at"? = now\(\)/, "after");
    const takingFirst = claimPasswordResetCode(first);
    // The first has marked its code used and holds the account's rows, uncommitted.
    await claim.reached;
    const takingSecond = claimPasswordResetCode(second);
    const waited = await someoneWaitsForALock();
    claim.release();

    expect(waited).toBe(true);
    expect(await Promise.all([takingFirst, takingSecond])).toEqual([true, false]);
  });

  it("two customers racing for a code's last use: the code's row decides, the second is told it is used up", async () => {
    const { applyPromoCode, createPromoCode } = await import("~/models/promo-codes.server");
    const created = await createPromoCode("test-staff", {
      code: "LAST-ONE",
      percentOff: 10,
      amountOffCents: null,
      ticketTypeIds: [],
      movieId: null,
      firstDay: "2026-01-01",
      lastDay: "2099-12-31",
      maxUses: 1,
    });
    expect(created.ok).toBe(true);
    const [first, second] = [await bookFor("H1"), await bookFor("H9")];
    if (!first.result.ok || !second.result.ok) throw new Error("booking failed");
    const use = await holdTransactionAt(/set "?uses"? = "?uses"? \+/, "after");
    const applyingFirst = applyPromoCode({ uid: first.user, client: "first" }, first.result.booking.id, "last-one");
    // The first has taken the last use, uncommitted, and holds the code's row.
    await use.reached;
    const applyingSecond = applyPromoCode({ uid: second.user, client: "second" }, second.result.booking.id, "LAST-ONE");
    const waited = await someoneWaitsForALock();
    use.release();

    expect(waited).toBe(true);
    expect(await Promise.all([applyingFirst, applyingSecond])).toEqual([
      { ok: true, discountCents: 500 },
      { ok: false, reason: "used-up" },
    ]);
  });

  it("closes cancellations by the database's clock, whatever the app server's clock says", async () => {
    const [, { bookSeats, findBooking }, , , { addShow, addUser, payForBooking }] = await models();
    const { cancelBooking } = await import("~/models/cancellations.server");
    const { config } = await import("~/config.server");
    // By the database's clock the cut-off passed five minutes ago.
    const soon = await addShow(MOVIE, `${config.bookings.cancelCutoffMinutes - 5} minutes`);
    const user = await addUser();
    const day = new Date(Date.now() + (config.bookings.cancelCutoffMinutes - 5) * 60_000).toISOString().slice(0, 10);
    const booked = await bookSeats({
      userUid: user,
      movieId: MOVIE,
      day,
      showId: soon,
      seats: ["B1"],
      requestToken: randomUUID(),
    });
    if (!booked.ok) throw new Error(booked.reason);
    expect((await payForBooking(user, booked.booking.id)).ok).toBe(true);
    // The app server's clock is a day behind.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 24 * 60 * 60_000);
    try {
      expect(await findBooking(user, booked.booking.id)).toMatchObject({ pastCancelCutoff: true });
      expect(await cancelBooking(user, booked.booking.id)).toEqual({ ok: false, reason: "past-cutoff" });
    } finally {
      vi.useRealTimers();
    }
  });
});
