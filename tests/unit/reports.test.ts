import { beforeAll, describe, expect, it, vi } from "vitest";

// The reports group by the cinema's days; this file runs the app in New York, whose clocks went back at 2:00 AM on
// Sunday, November 1, 2026: the week of October 29 to November 4 has a day of 25 hours.
vi.hoisted(() => {
  process.env.CINEMA_TIMEZONE = "America/New_York";
});

import { readSalesReport } from "~/models/reports.server";
import { getDb } from "~/services/db.server";
import { addBooking, addHall, addMovie, addShow, addUser, clearAll, refund } from "./fixtures";

// The fixed data set. Halls: Four (4 seats) and Two (2 seats). Shows of A in Four, of B in Two. Every figure below is
// worked out by hand from it.
const paidAt = async (bookingId: string, at: string) => {
  const db = await getDb();
  await db.query("update bookings set paid_at = $2, created_at = $2 where id = $1", [bookingId, at]);
  await db.query("update payments set created_at = $2 where booking_id = $1", [bookingId, at]);
};
const checkIn = async (bookingId: string, staffUid: string) => {
  const db = await getDb();
  await db.query("insert into check_ins (booking_id, staff_uid) values ($1, $2)", [bookingId, staffUid]);
};

const addPromoCode = async (code: string, rule: { percentOff?: number; amountOffCents?: number }) => {
  const db = await getDb();
  const [{ id }] = await db.query<{ id: string }>(
    `insert into promo_codes (code, percent_off, amount_off_cents, valid_from, valid_until)
     values ($1, $2, $3, '2026-10-01T00:00:00Z', '2026-12-31T00:00:00Z') returning id`,
    [code, rule.percentOff ?? null, rule.amountOffCents ?? null],
  );
  return id;
};
const usePromoCode = async (bookingId: string, codeId: string, userUid: string, discountCents: number) => {
  const db = await getDb();
  await db.query(
    "insert into promo_code_uses (booking_id, promo_code_id, user_uid, discount_cents) values ($1, $2, $3, $4)",
    [bookingId, codeId, userUid, discountCents],
  );
};

const shows: Record<string, string> = {};

beforeAll(async () => {
  await clearAll();
  await addMovie("a", { title: "A" });
  await addMovie("b", { title: "B" });
  const four = await addHall("A 1 2 3 4", { name: "Four" });
  const two = await addHall("A 1 2", { name: "Two" });
  // 19:30 EDT on Sat Oct 31; 19:30 EST on Sun Nov 1 (00:30 UTC on Nov 2); 10:00 EST on Tue Nov 3; and one of the
  // week before (19:30 EDT on Sun Oct 25), and one cancelled on Nov 3.
  shows.saturday = await addShow("a", "2026-10-31T23:30:00Z", { hallId: four });
  shows.sunday = await addShow("a", "2026-11-02T00:30:00Z", { hallId: four });
  shows.tuesday = await addShow("b", "2026-11-03T15:00:00Z", { hallId: two });
  shows.weekBefore = await addShow("a", "2026-10-25T23:30:00Z", { hallId: four });
  const cancelled = await addShow("b", "2026-11-03T20:00:00Z", { hallId: two });
  const db = await getDb();
  await db.query("update shows set cancelled_at = '2026-10-30T12:00:00Z' where id = $1", [cancelled]);

  const online = await addUser("online");
  const guest = await addUser("guest:g@example.com", { email: "g@example.com" });
  await db.query("update users set is_guest = true where uid = $1", [guest]);

  // Online, 2 seats, $20.00, paid 23:30 EDT Thu Oct 29 (03:30 UTC on Oct 30); let in.
  const b1 = await addBooking(online, shows.saturday, ["A1", "A2"], { amountCents: 2000 });
  await paidAt(b1, "2026-10-30T03:30:00Z");
  await checkIn(b1, online);
  // ...as two Adult tickets of $11.00 with SAVE2's $2.00 off.
  await db.query("update booking_tickets set price_cents = 1100 where booking_id = $1", [b1]);
  const save2 = await addPromoCode("SAVE2", { amountOffCents: 200 });
  await usePromoCode(b1, save2, online, 200);
  // Guest, 1 seat, $12.00, paid 01:30 EDT Sun Nov 1 (the first of the two 01:30s); never let in.
  const b2 = await addBooking(guest, shows.sunday, ["A1"], { amountCents: 1200 });
  await paidAt(b2, "2026-11-01T05:30:00Z");
  // Online, 3 seats, $30.00, paid 23:30 EST Sun Nov 1 (04:30 UTC on Nov 2); let in.
  const b3 = await addBooking(online, shows.sunday, ["A2", "A3", "A4"], { amountCents: 3000 });
  await paidAt(b3, "2026-11-02T04:30:00Z");
  await checkIn(b3, online);
  // Online, 2 seats, $16.00, paid Mon Nov 2, cancelled and refunded in full at 07:00 EST Tue Nov 3: no sale.
  const b4 = await addBooking(online, shows.tuesday, ["A1", "A2"], { amountCents: 1600 });
  await paidAt(b4, "2026-11-02T15:00:00Z");
  const half = await addPromoCode("HALF", { percentOff: 50 });
  await usePromoCode(b4, half, online, 800);
  await refund(b4, 1600);
  // The cancellation gave its use back: HALF gave nothing.
  await db.query("update promo_code_uses set returned_at = '2026-11-03T12:00:00Z' where booking_id = $1", [b4]);
  await db.query("update payments set refunded_at = '2026-11-03T12:00:00Z' where booking_id = $1", [b4]);
  // Guest, 1 seat, $8.00, paid 09:00 EST Tue Nov 3; never let in.
  const b5 = await addBooking(guest, shows.tuesday, ["A2"], { amountCents: 800 });
  await paidAt(b5, "2026-11-03T14:00:00Z");
  await db.query("update booking_tickets set type_name = 'Child' where booking_id = $1", [b5]);
  // Online, 1 seat, $10.00, paid 12:00 EDT Sat Oct 24: the week before.
  const b6 = await addBooking(online, shows.weekBefore, ["A1"], { amountCents: 1000 });
  await paidAt(b6, "2026-10-24T16:00:00Z");
  // Bookings a guest made online are marked so, as the guest booking path marks them.
  await db.query("update bookings set channel = 'guest' where user_uid = $1", [guest]);
  // A hold, never paid: in no figure.
  await addBooking(online, shows.saturday, ["A3"], { status: "pending", amountCents: 1000 });
});

const report = () => readSalesReport("2026-10-29", "2026-11-04");
const day = (date: string, revenueCents: number, tickets: number) => ({ day: date, revenueCents, tickets });

describe("the sales report of a week with a clock change", () => {
  it("gives each cinema day's revenue and tickets beside the same day of the week before", async () => {
    const { days } = await report();
    expect(days.map((d) => d.current)).toEqual([
      day("2026-10-29", 2000, 2), // b1, though 03:30 UTC is Oct 30
      day("2026-10-30", 0, 0),
      day("2026-10-31", 0, 0),
      day("2026-11-01", 4200, 4), // b2 at the first 01:30 and b3 at 23:30 EST of the 25-hour day
      day("2026-11-02", 0, 0), // b4 was cancelled and refunded
      day("2026-11-03", 800, 1),
      day("2026-11-04", 0, 0),
    ]);
    expect(days.map((d) => d.previous)).toEqual([
      day("2026-10-22", 0, 0),
      day("2026-10-23", 0, 0),
      day("2026-10-24", 1000, 1),
      day("2026-10-25", 0, 0),
      day("2026-10-26", 0, 0),
      day("2026-10-27", 0, 0),
      day("2026-10-28", 0, 0),
    ]);
  });

  it("splits sales and refunds by channel", async () => {
    expect((await report()).channels).toEqual([
      { channel: "online", bookings: 2, tickets: 5, revenueCents: 5000, refunds: 1, refundedCents: 1600 },
      { channel: "guest", bookings: 2, tickets: 2, revenueCents: 2000, refunds: 0, refundedCents: 0 },
    ]);
  });

  it("ranks films by revenue, with the mean occupancy of their screenings, cancelled ones left out", async () => {
    const { films } = await report();
    expect(films).toEqual([
      // Saturday 2 of 4 seats, Sunday 4 of 4: (0.5 + 1) / 2.
      { movieId: "a", title: "A", screenings: 2, seatsSold: 6, revenueCents: 6200, averageOccupancy: 0.75 },
      // Tuesday 1 of 2 (the refunded booking's seats are not sold).
      { movieId: "b", title: "B", screenings: 1, seatsSold: 1, revenueCents: 800, averageOccupancy: 0.5 },
    ]);
  });

  it("maps each hall's occupancy by the weekday and hour its shows started, in the cinema's zone", async () => {
    expect((await report()).heatMaps).toEqual([
      {
        hallName: "Four",
        cells: [
          // 19:30 EDT on Saturday (23:30 UTC): 2 of 4 seats.
          { weekday: 6, hour: 19, screenings: 1, occupancy: 0.5 },
          // 19:30 EST on Sunday, though it is 00:30 on Monday in UTC: 4 of 4 seats.
          { weekday: 7, hour: 19, screenings: 1, occupancy: 1 },
        ],
      },
      // 10:00 EST on Tuesday: 1 of 2 seats; the cancelled show of 15:00 is in no cell.
      { hallName: "Two", cells: [{ weekday: 2, hour: 10, screenings: 1, occupancy: 0.5 }] },
    ]);
  });

  it("counts the tickets of each type at their prices, and the promo codes used with the discount they gave", async () => {
    const { ticketTypes, promoCodes } = await report();
    expect(ticketTypes).toEqual([
      // b1 2 × $11.00, b2 1 × $12.00, b3 3 × $10.00; b4 cancelled is in no sale.
      { typeName: "Adult", tickets: 6, revenueCents: 6400 },
      { typeName: "Child", tickets: 1, revenueCents: 800 }, // b5
    ]);
    // SAVE2 on b1; HALF's use on b4 was given back with its cancellation.
    expect(promoCodes).toEqual([{ code: "SAVE2", bookings: 1, tickets: 2, discountCents: 200 }]);
  });

  it("counts the paid seats nobody checked in, per film and per show", async () => {
    const { noShowsByFilm, noShowsByShow } = await report();
    expect(noShowsByFilm).toEqual([
      { title: "A", paidSeats: 6, noShowSeats: 1 },
      { title: "B", paidSeats: 1, noShowSeats: 1 },
    ]);
    expect(noShowsByShow).toEqual([
      {
        showId: shows.sunday,
        title: "A",
        hallName: "Four",
        startsAt: "2026-11-02T00:30:00.000Z",
        paidSeats: 4,
        noShowSeats: 1,
      },
      {
        showId: shows.tuesday,
        title: "B",
        hallName: "Two",
        startsAt: "2026-11-03T15:00:00.000Z",
        paidSeats: 1,
        noShowSeats: 1,
      },
    ]);
  });
});

describe("occupancy in a hall with wheelchair spaces and companion seats", () => {
  // Every place of a hall is sold: a companion seat with the wheelchair space beside it, or to anyone from
  // COMPANION_RELEASE_MINUTES before the show. So each is one of the hall's seats, and sold once paid for.
  it("counts a companion seat among the hall's seats and, once paid for, among those sold", async () => {
    await addMovie("c", { title: "C" });
    const hall = await addHall("A W1 C2 3 4 5", { name: "Access" });
    // 20:00 EST on Tuesday, December 1.
    const show = await addShow("c", "2026-12-02T01:00:00Z", { hallId: hall });
    const customer = await addUser("companion-customer");
    const wheelchair = await addBooking(customer, show, ["A1", "A2"], { amountCents: 2000 });
    await paidAt(wheelchair, "2026-11-30T15:00:00Z");
    const [film] = (await readSalesReport("2026-12-01", "2026-12-01")).films;
    // The wheelchair space and its companion seat: 2 of the hall's 5 places.
    expect(film).toMatchObject({ title: "C", seatsSold: 2, averageOccupancy: 0.4 });
    const { heatMaps } = await readSalesReport("2026-12-01", "2026-12-01");
    expect(heatMaps).toEqual([
      { hallName: "Access", cells: [{ weekday: 2, hour: 20, screenings: 1, occupancy: 0.4 }] },
    ]);
  });
});
