import { beforeAll, describe, expect, it } from "vitest";
import { getDashboard, salesByType, trend } from "~/models/dashboard.server";
import { getDb } from "~/services/db.server";
import { addBooking, addMovies, addShow, addUser, clearAll, refund } from "./fixtures";

describe("trend", () => {
  it("compares the last 7 days with the 7 before", () => {
    expect(trend(5, 4)).toEqual({ kind: "change", percent: 25 });
    expect(trend(1, 3)).toEqual({ kind: "change", percent: -67 });
    expect(trend(4, 4)).toEqual({ kind: "change", percent: 0 });
  });

  it("says new when there was nothing before, and no change when there is nothing at all", () => {
    expect(trend(3, 0)).toEqual({ kind: "new" });
    expect(trend(0, 0)).toEqual({ kind: "change", percent: 0 });
    expect(trend(0, 2)).toEqual({ kind: "change", percent: -100 });
  });
});

describe("getDashboard", () => {
  let soon: string;
  let later: string;

  beforeAll(async () => {
    await clearAll();
    await addMovies({ m: "Film", n: "Next Film" });
    for (const [uid, joinedAgo] of [
      ["u1", "2 days"],
      ["u2", "3 days"],
      ["u3", "10 days"],
      ["u4", "30 days"],
    ]) {
      await addUser(uid, { name: uid.toUpperCase(), joinedAgo });
    }
    soon = await addShow("m", "1 day", { priceCents: 5000, addedAgo: "30 hours" });
    later = await addShow("n", "2 days", { priceCents: 4000, addedAgo: "10 days" });
    await addShow("m", "-1 day", { addedAgo: "20 days" });
    await addBooking("u1", soon, ["A1", "A2"], { amountCents: 13000, madeAgo: "26 hours" });
    await addBooking("u2", soon, ["B1"], { status: "pending", madeAgo: "2 hours" });
    await addBooking("u3", soon, ["C1"], { status: "pending", holdLeft: "-1 minute", madeAgo: "3 days" });
    await addBooking("u3", later, ["A1"], { amountCents: 4000, madeAgo: "9 days" });
    const refunded = await addBooking("u4", later, ["B1"], { amountCents: 4000, madeAgo: "10 days 1 hour" });
    await refund(refunded, 3000, { ago: "2 days" });
  });

  it("sells tickets by type over the period asked for: paid bookings only, a cancelled one no more", async () => {
    // The booking paid a day ago had one Adult and one Child ticket.
    const db = await getDb();
    await db.query(
      `update booking_tickets set type_name = 'Child'
       where seat = 'A2' and booking_id = (select id from bookings where user_uid = 'u1')`,
    );
    expect(await salesByType(7)).toEqual([
      { typeName: "Adult", tickets: 1, revenueCents: 6500 },
      { typeName: "Child", tickets: 1, revenueCents: 6500 },
    ]);
    // The booking paid 9 days ago counts over 30 days; the one cancelled and refunded never does.
    expect(await salesByType(30)).toEqual([
      { typeName: "Adult", tickets: 2, revenueCents: 10_500 },
      { typeName: "Child", tickets: 1, revenueCents: 6500 },
    ]);
    expect(await salesByType(null)).toEqual(await salesByType(30));
  });

  it("totals bookings that hold (paid or awaiting payment), against the week before", async () => {
    // Made in the last 7 days: the paid one and the pending one (the expired hold does not count); before: one.
    expect((await getDashboard()).bookings).toEqual({ total: 3, trend: { kind: "change", percent: 100 } });
  });

  it("totals revenue net of refunds, and counts a refund in the week it was made", async () => {
    // 130 + 40 + 40 paid, 30 refunded. Last 7 days: 130 paid, 30 refunded; the 7 before: 40 + 40 paid.
    expect((await getDashboard()).revenueCents).toEqual({ total: 18000, trend: { kind: "change", percent: 25 } });
  });

  it("totals users, against those who joined the week before", async () => {
    expect((await getDashboard()).users).toEqual({ total: 4, trend: { kind: "change", percent: 100 } });
  });

  it("counts the shows still to start, and compares shows added", async () => {
    expect((await getDashboard()).activeShows).toEqual({ total: 2, trend: { kind: "change", percent: 0 } });
  });

  it("lists the active shows, soonest first, with seats sold and earnings", async () => {
    const { shows } = await getDashboard();
    expect(
      shows.map(({ id, title, priceCents, seatsSold, earningsCents }) => ({
        id,
        title,
        priceCents,
        seatsSold,
        earningsCents,
      })),
    ).toEqual([
      { id: soon, title: "Film", priceCents: 5000, seatsSold: 2, earningsCents: 13000 }, // what the paid booking cost
      { id: later, title: "Next Film", priceCents: 4000, seatsSold: 1, earningsCents: 4000 },
    ]);
  });

  it("lists recent activity from the data, newest first", async () => {
    const { activity } = await getDashboard({ activity: 6 });
    expect(activity.map(({ at: _, ...item }) => item)).toEqual([
      { kind: "booked", title: "Film", customer: "U2", seats: 1 },
      { kind: "paid", title: "Film", customer: "U1", amountCents: 13000 }, // recorded a moment after the booking
      { kind: "booked", title: "Film", customer: "U1", seats: 2 },
      { kind: "shows-added", title: "Film", shows: 1 },
      { kind: "cancelled", title: "Next Film", customer: "U4", refundedCents: 3000 },
      { kind: "booked", title: "Film", customer: "U3", seats: 1 },
    ]);
    const times = activity.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("shows nothing active and no change on an empty database", async () => {
    await clearAll();
    const dashboard = await getDashboard();
    expect(dashboard).toMatchObject({
      bookings: { total: 0, trend: { kind: "change", percent: 0 } },
      revenueCents: { total: 0 },
      shows: [],
      activity: [],
    });
  });
});
