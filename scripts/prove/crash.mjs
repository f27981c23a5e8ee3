// Crashes: kill -9 of every process of the site while booking posts and payments are in flight, then a restart on the
// same data. Whatever a client was told succeeded must be there with its seats; nothing may be half-written; a charge
// the crash left unrecorded must be recorded or refunded by the recovery pass, and never charged twice.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { postForm } from "../lib/site.mjs";
import {
  figure,
  freeScreenOneShow,
  insertSignedInCustomers,
  PAYMENT_RECOVERY_SECONDS,
  SCREEN_ONE_SEATS,
} from "./common.mjs";

// The recovery pass leaves attempts younger than PAYMENT_RECOVERY_SECONDS to their requests: the restart comes after
// that, so the pass a site runs as it starts settles everything the crash interrupted.
const RESTART_AFTER_MS = (PAYMENT_RECOVERY_SECONDS + 2) * 1000;
const SETTLE_WITHIN_MS = 20_000;

/** @param {string} location */
const bookingIdIn = (location) => /^\/my-bookings\/([0-9a-f-]{36})/.exec(location)?.[1] ?? null;

/**
 * @param {Awaited<ReturnType<typeof import("./common.mjs").startSites>>} setup
 * @param {{ bookingPosts: number, payments: number }} scale
 */
export async function crashes(setup, { bookingPosts, payments }) {
  const { customers, payShow, raceShow } = await setup.withDb(async (db) => {
    const payShow = await freeScreenOneShow(db);
    return {
      customers: await insertSignedInCustomers(db, payments + bookingPosts, "crash"),
      payShow,
      raceShow: await freeScreenOneShow(db, [payShow.id]),
    };
  });
  const { sites } = setup;
  const book = (site, customer, show, seats) =>
    postForm(
      site,
      show.path,
      new URLSearchParams([["time", show.id], ["requestToken", randomUUID()], ...seats.map((seat) => ["seats", seat])]),
      { Cookie: customer.cookie },
    );

  // The bookings to be paid while the crash comes: one seat each.
  const payers = customers.slice(0, payments);
  const toPay = [];
  for (const [i, customer] of payers.entries()) {
    const response = await book(sites[i % sites.length], customer, payShow, [SCREEN_ONE_SEATS[i]]);
    const id = bookingIdIn(response.headers.get("location") ?? "");
    if (!id) throw new Error(`setting up a booking to pay answered ${response.status}`);
    toPay.push({ customer, id, seat: SCREEN_ONE_SEATS[i] });
  }

  const acknowledged = { bookings: [], payments: [] };
  let answered = 0;
  let paymentsAnswered = 0;
  const inFlight = [
    ...customers.slice(payments).map(async (customer, i) => {
      const seats = [SCREEN_ONE_SEATS[Math.floor(Math.random() * 90)]];
      const response = await book(sites[i % sites.length], customer, raceShow, seats);
      answered++;
      const id = response.status === 302 ? bookingIdIn(response.headers.get("location") ?? "") : null;
      if (id) acknowledged.bookings.push({ id, seats });
    }),
    ...toPay.map(async ({ customer, id }, i) => {
      const response = await postForm(
        sites[i % sites.length],
        `/my-bookings/${id}/pay`,
        { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", attemptToken: randomUUID() },
        { Cookie: customer.cookie },
      );
      answered++;
      paymentsAnswered++;
      // Paid: to the booking's page with a toast; a refusal answers the checkout again (4xx).
      if (response.status === 302 && response.headers.get("location") === `/my-bookings/${id}`)
        acknowledged.payments.push(id);
    }),
  ].map((p) => p.catch(() => {})); // the answers cut off by the kill
  // The kill comes once some answers of each kind are back, so that some posts have been answered and many are
  // mid-way.
  const total = inFlight.length;
  const deadline = Date.now() + 30_000;
  while ((answered < total * 0.3 || paymentsAnswered < payments * 0.3) && Date.now() < deadline) await sleep(5);
  const answeredAtKill = answered;
  await Promise.all(sites.map((site) => site.killAll()));
  const killedAt = Date.now();
  await Promise.all(inFlight);

  await sleep(killedAt + RESTART_AFTER_MS - Date.now());
  const restartStart = Date.now();
  await setup.restart();
  const restartMs = Date.now() - restartStart;
  const repairs = sites.filter((site) => /repair|corrupt|PANIC/i.test(site.output())).length;
  // The sites after the restart (PGlite's are started anew for each look at the data): what their passes logged.
  const restarted = new Set(sites);
  const settledByRecovery = () =>
    [...restarted]
      .flatMap((site) => [...site.output().matchAll(/"recorded":(\d+),"refunded":(\d+)/g)])
      .reduce((sum, [, recorded, refunded]) => sum + Number(recorded) + Number(refunded), 0);

  let pending = -1;
  const settleDeadline = Date.now() + SETTLE_WITHIN_MS;
  for (;;) {
    await sleep(3_000);
    for (const site of sites) restarted.add(site);
    pending = await attemptsLeft(setup);
    if (pending === 0 || Date.now() > settleDeadline) break;
  }

  const stored = await setup.withDb(async (db) => {
    const ids = [...acknowledged.bookings.map((b) => b.id), ...toPay.map((p) => p.id)];
    const bookings = await db.query(
      `select b.id, b.seats, b.status, array(select seat from booked_seats bs where bs.booking_id = b.id) as "seatRows",
         (select reference from payments p where p.booking_id = b.id) as reference
       from bookings b where b.id = any($1::uuid[])`,
      [ids],
    );
    const [{ n: halfWritten }] = await db.query(
      `select count(*)::int as n from bookings b
       where (b.status in ('pending', 'paid')
              and cardinality(b.seats) <> (select count(*) from booked_seats bs where bs.booking_id = b.id))
          or (b.status = 'paid') <> exists (select 1 from payments p where p.booking_id = b.id and p.refunded_at is null)`,
    );
    const [{ n: orphanSeats }] = await db.query(
      `select count(*)::int as n from booked_seats bs join bookings b on b.id = bs.booking_id where b.status = 'cancelled'`,
    );
    // A charge the provider made that no payment records (after the recovery pass) would be money taken for
    // nothing; two charges of one booking would be a double charge.
    const [{ n: unrecordedCharges }] = await db.query(
      `select count(*)::int as n from test_provider_charges c
       where not exists (select 1 from payments p where p.reference = c.reference)`,
    );
    const [{ n: doubleCharged }] = await db.query(
      `select count(*)::int as n from (select split_part(idempotency_key, ':', 1) from test_provider_charges
       group by 1 having count(*) > 1) twice`,
    );
    return {
      bookings: new Map(bookings.map((b) => [b.id, b])),
      halfWritten,
      orphanSeats,
      unrecordedCharges,
      doubleCharged,
    };
  });

  const lostBookings = acknowledged.bookings.filter((b) => {
    const row = stored.bookings.get(b.id);
    return !row || row.seats.join() !== b.seats.join() || row.seatRows.join() !== b.seats.join();
  }).length;
  const lostPayments = acknowledged.payments.filter((id) => {
    const row = stored.bookings.get(id);
    return !row || row.status !== "paid" || !row.reference || row.seatRows.length !== 1;
  }).length;
  const label = `${total - payments} booking posts + ${payments} payments, ${sites.length} instance${sites.length > 1 ? "s" : ""}`;
  return {
    figures: [
      figure(`crash (${label}): answered before kill -9`, `${answeredAtKill} of ${total}`, "report", true),
      figure(
        "acknowledged bookings missing or without their seats",
        `${lostBookings} of ${acknowledged.bookings.length}`,
        "0",
        lostBookings === 0,
      ),
      figure(
        "acknowledged payments missing",
        `${lostPayments} of ${acknowledged.payments.length}`,
        "0",
        lostPayments === 0,
      ),
      figure(
        "half-written bookings or payments",
        stored.halfWritten + stored.orphanSeats,
        "0",
        stored.halfWritten + stored.orphanSeats === 0,
      ),
      figure(
        "restart on the same data (no repair step)",
        `${(restartMs / 1000).toFixed(1)} s, ${repairs} repairs`,
        "opens, 0 repairs",
        repairs === 0,
      ),
      figure(
        "interrupted payment attempts left after recovery",
        `${pending} (${settledByRecovery()} charges settled by it)`,
        "0",
        pending === 0,
      ),
      figure("charges without a recorded payment", stored.unrecordedCharges, "0", stored.unrecordedCharges === 0),
      figure("bookings charged twice", stored.doubleCharged, "0", stored.doubleCharged === 0),
    ],
  };
}

/**
 * Payment attempts not yet settled. On PGlite each look stops and starts the site.
 * @param {Awaited<ReturnType<typeof import("./common.mjs").startSites>>} setup
 */
function attemptsLeft(setup) {
  return setup.withDb(async (db) => (await db.query("select count(*)::int as n from payment_attempts"))[0].n);
}
