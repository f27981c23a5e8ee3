// Crashes: kill -9 of every process of the site while booking posts and payments are in flight, then a restart on the
// same data. Whatever a client was told succeeded must be there with its seats; nothing may be half-written; a payment
// the gateway took must end recorded or refunded (its webhook, kept by the gateway until the site answers, and the
// reconciliation job settle what the crash cut off), and never kept twice.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { openGateway, payOnGateway, postForm } from "../lib/site.mjs";
import {
  bookingIdIn,
  figure,
  freeScreenOneShow,
  halfWrittenBookings,
  insertSignedInCustomers,
  SCREEN_ONE_SEATS,
} from "./common.mjs";

const RESTART_AFTER_MS = 2_000;
const SETTLE_WITHIN_MS = 30_000;

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

  // The bookings to be paid while the crash comes: one seat each, their Pay pressed (the gateway's page open).
  const payers = customers.slice(0, payments);
  const toPay = [];
  for (const [i, customer] of payers.entries()) {
    const site = sites[i % sites.length];
    const response = await book(site, customer, payShow, [SCREEN_ONE_SEATS[i]]);
    const id = bookingIdIn(response.headers.get("location") ?? "");
    if (!id) throw new Error(`setting up a booking to pay answered ${response.status}`);
    const gateway = await openGateway(site, id, customer.cookie);
    if (!gateway) throw new Error("Pay did not open the gateway's page");
    toPay.push({ customer, id, gateway, seat: SCREEN_ONE_SEATS[i] });
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
    ...toPay.map(async ({ customer, id, gateway }, i) => {
      const site = sites[i % sites.length];
      // The gateway took the money once it sends the customer back; the return page may then be cut off.
      const returnPath = await payOnGateway(site, gateway);
      answered++;
      paymentsAnswered++;
      if (!returnPath) return;
      acknowledged.payments.push(id);
      await fetch(site.url + returnPath, { redirect: "manual", headers: { Cookie: customer.cookie } });
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
  // PGlite's sites are stopped for each look at the data and started again after it: each look comes after a pause
  // long enough for a started site to send the gateway's webhooks and run its reconciliation.
  let pending = -1;
  const settleDeadline = Date.now() + SETTLE_WITHIN_MS;
  for (;;) {
    await sleep(4_000);
    pending = await unsettledPayments(setup);
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
    const { halfWritten, orphanSeats } = await halfWrittenBookings(db);
    // Two payments the gateway took for one booking and neither refunded would be a double charge.
    const [{ n: doubleCharged }] = await db.query(
      `select count(*)::int as n from (
         select g.booking_id from test_gateway_checkouts g
         where g.status = 'complete'
           and not exists (select 1 from checkouts c where c.payment_reference = g.payment_reference
                           and c.refund_status is not null)
         group by 1 having count(*) > 1) twice`,
    );
    return {
      bookings: new Map(bookings.map((b) => [b.id, b])),
      halfWritten,
      orphanSeats,
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
        `gateway payments neither recorded nor refunded ${SETTLE_WITHIN_MS / 1000} s after the restart`,
        pending,
        "0",
        pending === 0,
      ),
      figure("bookings charged twice", stored.doubleCharged, "0", stored.doubleCharged === 0),
    ],
  };
}

/**
 * Payments the gateway took that the site has not yet recorded or sent back. On PGlite each look stops and starts the
 * site.
 * @param {Awaited<ReturnType<typeof import("./common.mjs").startSites>>} setup
 */
function unsettledPayments(setup) {
  return setup.withDb(
    async (db) =>
      (
        await db.query(
          `select count(*)::int as n from test_gateway_checkouts g
           where g.status = 'complete' and not exists (select 1 from checkouts c where c.payment_reference = g.payment_reference)`,
        )
      )[0].n,
  );
}
