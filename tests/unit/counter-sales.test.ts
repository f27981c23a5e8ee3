import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { cashShortMessage, changeDueCents } from "~/domain/counter";
import { bookSeats } from "~/models/seat-booking.server";
import {
  findCounterSale,
  findCounterShow,
  holdCounterSeats,
  listCounterShows,
  refundCounterSale,
  takeCounterPayment,
} from "~/models/counter-sales.server";
import { closeTakingsDay, takingsReport } from "~/models/takings.server";
import { counterSaleSchema, counterSeatsSchema } from "~/schemas/counter";
import { getDb } from "~/services/db.server";
import { cinemaToday } from "~/utils/dates";
import { addBooking, addMovie, addPayment, addShow, addUser } from "./fixtures";

const MOVIE = "t-counter";
let showId: string;
let ask: (seats: string[]) => { movieId: string; day: string; showId: string; seats: string[]; requestToken: string };
let seller: string;
let otherSeller: string;
const today = () => cinemaToday(config.timeZone);

async function sellSeats(seats: string[], staffUid = seller, email: string | null = null) {
  const held = await holdCounterSeats(ask(seats), staffUid, email);
  if (!held.ok) throw new Error(`refused: ${held.reason}`);
  return held.booking.id;
}

async function stored(bookingId: string) {
  const db = await getDb();
  const [booking] = await db.query<{ status: string; channel: string; soldBy: string | null }>(
    `select status, channel, sold_by_staff_uid as "soldBy" from bookings where id = $1`,
    [bookingId],
  );
  const payments = await db.query<{ method: string; tenderedCents: number | null; refunded: boolean }>(
    `select method, tendered_cents as "tenderedCents", refunded_at is not null as refunded
     from counter_payments where booking_id = $1`,
    [bookingId],
  );
  return { ...booking, payments };
}

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Counter Test", runtime: 100 });
  showId = await addShow(MOVIE, "2 days", { priceCents: 1200 });
  const { show } = (await findCounterShow(showId))!;
  ask = (seats) => ({ movieId: MOVIE, day: show.day, showId, seats, requestToken: randomUUID() });
  seller = await addUser(undefined, { name: "Sam Seller" });
  otherSeller = await addUser(undefined, { name: "Olu Other" });
});

describe("the cash rule", () => {
  it("gives the change due from the cash tendered, none when it is exact", () => {
    expect(changeDueCents(2400, 3000)).toBe(600);
    expect(changeDueCents(2400, 2400)).toBe(0);
  });
  it("refuses cash below the total, saying how much more to take", () => {
    expect(changeDueCents(2400, 2399)).toBeNull();
    expect(cashShortMessage(2400, 2000, "USD")).toBe(
      "$20.00 does not cover the total of $24.00: take $4.00 more, or take the payment by card.",
    );
  });
});

describe("the counter's forms", () => {
  const schema = counterSaleSchema("USD");
  it("asks for the cash tendered when the payment is cash, in the currency's decimals", () => {
    const missing = schema.safeParse({ intent: "pay", method: "cash" });
    expect(missing.error?.flatten().fieldErrors.tendered).toEqual(["Please enter the cash tendered"]);
    const odd = schema.safeParse({ intent: "pay", method: "cash", tendered: "20.005" });
    expect(odd.error?.flatten().fieldErrors.tendered).toEqual(["Cash tendered can have at most 2 decimals"]);
    expect(schema.parse({ intent: "pay", method: "cash", tendered: "20.5" }).tendered).toBe(2050);
  });
  it("takes a card on the counter's terminal with no amount, and refuses any other method", () => {
    expect(schema.parse({ intent: "pay", method: "counter-card" })).toMatchObject({ method: "counter-card" });
    const other = schema.safeParse({ intent: "pay", method: "cheque" });
    expect(other.error?.flatten().fieldErrors.method).toEqual(["Please choose cash or card"]);
    const none = schema.safeParse({ intent: "pay" });
    expect(none.error?.flatten().fieldErrors.method).toEqual(["Please choose cash or card"]);
    expect(schema.parse({ intent: "refund" })).toEqual({ intent: "refund" });
  });
  it("takes the customer's address in lower case, or none", () => {
    const form = { time: randomUUID(), seats: ["A1"], requestToken: randomUUID() };
    expect(counterSeatsSchema.parse({ ...form, email: " Walk@In.Example " }).email).toBe("walk@in.example");
    expect(counterSeatsSchema.parse(form).email).toBeUndefined();
    expect(counterSeatsSchema.safeParse({ ...form, email: "a@b, c@d" }).success).toBe(false);
  });
});

describe("a counter sale", () => {
  it("lists the shows still to start, soonest first", async () => {
    const soon = await addShow(MOVIE, "3 hours");
    const shows = await listCounterShows();
    const starts = shows.map((show) => show.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(shows.findIndex((show) => show.id === soon)).toBeLessThan(shows.findIndex((show) => show.id === showId));
  });

  it("holds seats through the online booking path, marked as sold at the counter by its staff member", async () => {
    const id = await sellSeats(["C1", "C2"]);
    expect(await stored(id)).toMatchObject({ status: "pending", channel: "counter", soldBy: seller });
    const sale = (await findCounterSale(id))!;
    expect(sale.booking.seats).toEqual(["C1", "C2"]);
    expect(sale.customerEmail).toBeNull();
  });

  it("marks a guest's booking online as a guest's, and a customer's as online, with no seller", async () => {
    const guest = await bookSeats({
      ...ask(["B9"]),
      guest: { name: "Gail", email: "gail@example.com" },
      passBookingIds: [],
    });
    const online = await bookSeats({ ...ask(["B1"]), userUid: await addUser() });
    expect(guest.ok && online.ok).toBe(true);
    if (!guest.ok || !online.ok) return;
    expect(await stored(guest.booking.id)).toMatchObject({ channel: "guest", soldBy: null });
    expect(await stored(online.booking.id)).toMatchObject({ channel: "online", soldBy: null });
  });

  it("answers the same form posted twice with the booking it made", async () => {
    const form = ask(["C5"]);
    const first = await holdCounterSeats(form, seller, null);
    const again = await holdCounterSeats(form, seller, null);
    expect(first.ok && again.ok && again.repeated && again.booking.id === first.booking.id).toBe(true);
  });

  it("refuses a seat sold online a second earlier, naming it, and holds nothing", async () => {
    const customer = await addUser();
    const online = await bookSeats({ ...ask(["D4"]), userUid: customer });
    expect(online.ok).toBe(true);
    const counter = await holdCounterSeats(ask(["D3", "D4"]), seller, null);
    expect(counter).toMatchObject({ ok: false, reason: "seats-taken", seats: ["D4"] });
    const db = await getDb();
    const d3 = await db.query("select 1 from booked_seats where show_id = $1 and seat = 'D3'", [showId]);
    expect(d3).toHaveLength(0);
  });

  it("refuses cash below the total and changes nothing", async () => {
    const id = await sellSeats(["E1", "E2"]);
    const short = await takeCounterPayment(seller, id, { method: "cash", tenderedCents: 2399 });
    expect(short).toEqual({ ok: false, reason: "cash-short", amountCents: 2400, tenderedCents: 2399 });
    expect(await stored(id)).toMatchObject({ status: "pending", payments: [] });
  });

  it("takes cash, giving the change due, and counts it for the staff member who took it", async () => {
    const id = await sellSeats(["E5", "E6"]);
    expect(await takeCounterPayment(seller, id, { method: "cash", tenderedCents: 3000 })).toEqual({
      ok: true,
      amountCents: 2400,
      changeCents: 600,
    });
    expect(await stored(id)).toMatchObject({
      status: "paid",
      payments: [{ method: "cash", tenderedCents: 3000, refunded: false }],
    });
    const sale = (await findCounterSale(id))!;
    expect(sale.payment).toMatchObject({ method: "cash", amountCents: 2400, changeCents: 600, soldBy: "Sam Seller" });
    expect(await takeCounterPayment(seller, id, { method: "counter-card" })).toEqual({
      ok: false,
      reason: "already-paid",
    });
  });

  it("takes a card on the counter's terminal and mails the tickets to the address the customer gave", async () => {
    const id = await sellSeats(["F1"], otherSeller, "walk-in@example.com");
    expect(await takeCounterPayment(otherSeller, id, { method: "counter-card" })).toEqual({
      ok: true,
      amountCents: 1200,
      changeCents: null,
    });
    expect(await stored(id)).toMatchObject({
      status: "paid",
      payments: [{ method: "counter-card", tenderedCents: null }],
    });
    const db = await getDb();
    const mails = await db.query<{ kind: string }>("select kind from outbox where recipient = $1 order by kind", [
      "walk-in@example.com",
    ]);
    expect(mails.map((mail) => mail.kind)).toEqual(["booking-confirmation", "show-reminder"]);
  });

  it("refunds a counter sale at the counter once: the booking is cancelled and its seats are free again", async () => {
    const id = await sellSeats(["G1", "G2"]);
    await takeCounterPayment(seller, id, { method: "cash", tenderedCents: 2400 });
    expect(await refundCounterSale(otherSeller, id)).toEqual({ ok: true, refundedCents: 2400 });
    expect(await stored(id)).toMatchObject({ status: "cancelled", payments: [{ method: "cash", refunded: true }] });
    const { occupied } = (await findCounterShow(showId))!;
    expect(occupied).not.toContain("G1");
    expect(await refundCounterSale(otherSeller, id)).toEqual({ ok: false, reason: "already-refunded" });
  });

  it("refunds only a paid counter sale", async () => {
    const held = await sellSeats(["H1"]);
    expect(await refundCounterSale(seller, held)).toEqual({ ok: false, reason: "not-paid" });
    const online = await addBooking(await addUser(), showId, ["H5"], { madeAgo: "0 seconds" });
    expect(await refundCounterSale(seller, online)).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("the day's takings", () => {
  it("add up each staff member's takings by method, online apart, refunds, and the cash in the drawer", async () => {
    await addPayment((await addBooking(await addUser(), showId, ["J1"], { status: "pending" }))!, 1500, {
      paidAgo: "0 seconds",
    });
    const report = await takingsReport(today());
    expect(report.closed).toBeNull();
    expect(report.rows).toEqual([
      // Sam: E5 E6 in cash (3000 tendered, 2400 taken), G1 G2 in cash (refunded by Olu).
      { staff: "Olu Other", method: "cash", sales: 0, salesCents: 0, refunds: 1, refundsCents: 2400, netCents: -2400 },
      {
        staff: "Olu Other",
        method: "counter-card",
        sales: 1,
        salesCents: 1200,
        refunds: 0,
        refundsCents: 0,
        netCents: 1200,
      },
      { staff: "Sam Seller", method: "cash", sales: 2, salesCents: 4800, refunds: 0, refundsCents: 0, netCents: 4800 },
      // H5 paid online (5000), J1 paid online (1500).
      { staff: null, method: "online", sales: 2, salesCents: 6500, refunds: 0, refundsCents: 0, netCents: 6500 },
    ]);
    expect(report.drawerCents).toBe(2400);
    expect(report.netCents).toBe(10100);
  });

  it("closes a day once, keeps its figures, and refuses the counter's sales and refunds that day", async () => {
    const held = await sellSeats(["I1"]);
    const paid = await sellSeats(["I5"]);
    await takeCounterPayment(seller, paid, { method: "cash", tenderedCents: 1200 });
    const before = await takingsReport(today());

    expect(await closeTakingsDay(seller, today())).toEqual({ ok: true });
    const closed = await takingsReport(today());
    expect(closed.closed?.by).toBe("Sam Seller");
    expect(closed.rows).toEqual(before.rows);

    expect(await takeCounterPayment(seller, held, { method: "cash", tenderedCents: 5000 })).toEqual({
      ok: false,
      reason: "day-closed",
    });
    expect(await refundCounterSale(seller, paid)).toEqual({ ok: false, reason: "day-closed" });
    expect(await stored(held)).toMatchObject({ status: "pending", payments: [] });
    expect(await stored(paid)).toMatchObject({ status: "paid", payments: [{ refunded: false }] });

    // Money that still arrives online that day is not in the closed figures.
    await addPayment((await addBooking(await addUser(), showId, ["J5"], { status: "pending" }))!, 900, {
      paidAgo: "0 seconds",
    });
    expect((await takingsReport(today())).rows).toEqual(before.rows);
    expect(await closeTakingsDay(seller, today())).toEqual({ ok: false, reason: "already-closed" });
  });

  it("cannot close a day still to come", async () => {
    expect(await closeTakingsDay(seller, "2099-12-31")).toEqual({ ok: false, reason: "not-over" });
  });
});
