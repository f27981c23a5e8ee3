import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// "Today" is the cinema's: this file runs the app in a zone far from UTC.
vi.hoisted(() => {
  process.env.CINEMA_TIMEZONE = "Pacific/Kiritimati";
});

import { getSessionSecrets } from "~/config.server";
import { checkInTicket, readTicket, refusalMessage, ticketCodeForReference } from "~/models/check-in.server";
import { getDb } from "~/services/db.server";
import { signTicketCode } from "~/services/tickets.server";
import { addDays, cinemaToday } from "~/utils/dates";
import { addBooking, addMovie, addUser, refund } from "./fixtures";

const ZONE = "Pacific/Kiritimati";
// The door's clock (PGlite's now() is the JavaScript clock): Tue, Nov 24, 11:00 AM in Kiritimati (UTC+14), so
// today's noon show is within its check-in window (from 2 hours before, until its 2-hour film ends).
const ELEVEN_AM = new Date("2026-11-23T21:00:00Z");
vi.useFakeTimers({ toFake: ["Date"] });
vi.setSystemTime(ELEVEN_AM);
/** The clock moved to a wall-clock time on the cinema's today. */
const setClock = (time: string) => vi.setSystemTime(new Date(`2026-11-24T${time}:00+14:00`));
const codeOf = (bookingId: string) => signTicketCode(bookingId, getSessionSecrets()[0]);

/** A show of the test movie at a wall-clock time `days` from the cinema's today. */
async function showOn(days: number, time = "12:00") {
  const db = await getDb();
  const [{ id }] = await db.query<{ id: string }>(
    `insert into shows (movie_id, hall_id, starts_at)
     select 'film', id, ($1::timestamp at time zone $2) from halls where name = 'Screen 1' returning id`,
    [`${addDays(cinemaToday(ZONE), days)}T${time}`, ZONE],
  );
  return id;
}

async function checkIns(bookingId: string) {
  const db = await getDb();
  return db.query<{ staff_uid: string }>("select staff_uid from check_ins where booking_id = $1", [bookingId]);
}

let today: string;

beforeEach(() => {
  vi.setSystemTime(ELEVEN_AM);
});

beforeAll(async () => {
  await addMovie("film", { title: "Door Film" });
  await addUser("customer", { name: "Casey Customer" });
  await addUser("staff-a", { name: "Alex Usher" });
  await addUser("staff-b", { name: "Billie Usher" });
  today = await showOn(0);
});

describe("readTicket", () => {
  it("shows a paid ticket for today's show, ready to check in", async () => {
    const booking = await addBooking("customer", today, ["E4", "E5"], { amountCents: 10000 });
    expect(await readTicket(codeOf(booking))).toEqual({
      ok: true,
      refusal: null,
      ticket: expect.objectContaining({
        bookingId: booking,
        title: "Door Film",
        seats: ["E4", "E5"],
        customerName: "Casey Customer",
        amountCents: 10000,
        status: "paid",
        checkIn: null,
      }),
    });
  });

  it("shows the film's certificate, so the door knows whom to ask for ID, and none for a film not rated", async () => {
    const booking = await addBooking("customer", today, ["F3"]);
    const certificateOf = async () => {
      const read = await readTicket(codeOf(booking));
      return read.ok ? read.ticket.certificate : "no ticket";
    };
    expect(await certificateOf()).toBeNull();
    const db = await getDb();
    await db.query("update movies set certificate = '18' where id = 'film'");
    try {
      expect(await certificateOf()).toEqual({
        code: "18",
        description: "Suitable only for adults",
        minAge: 18,
        accompaniedUnder: null,
      });
      const checkedIn = await checkInTicket(codeOf(booking), "staff-a");
      expect(checkedIn.ok && checkedIn.ticket.certificate?.code).toBe("18");
    } finally {
      await db.query("update movies set certificate = null where id = 'film'");
    }
  });

  it("refuses a code that is not genuine, or names no booking", async () => {
    const booking = await addBooking("customer", today, ["A1"]);
    for (const code of [
      signTicketCode(booking, "another site's secret"),
      codeOf(randomUUID()),
      codeOf(booking).slice(0, -1) + (codeOf(booking).endsWith("A") ? "B" : "A"),
      "",
      "../../etc/passwd",
      "a\u0000b",
      "x".repeat(5000),
    ]) {
      expect(await readTicket(code)).toEqual({ ok: false, reason: "invalid-code" });
    }
  });
});

describe("checkInTicket", () => {
  it("lets a paid ticket in once, recording who and when", async () => {
    const booking = await addBooking("customer", today, ["F1"]);
    const code = codeOf(booking);
    expect(await checkInTicket(code, "staff-a")).toMatchObject({ ok: true, ticket: { bookingId: booking } });
    expect(await checkIns(booking)).toEqual([{ staff_uid: "staff-a" }]);

    const second = await checkInTicket(code, "staff-b");
    expect(second).toMatchObject({ ok: false, reason: "checked-in", ticket: { checkIn: { staffName: "Alex Usher" } } });
    const seen = await readTicket(code);
    expect(seen).toMatchObject({ ok: true, refusal: "checked-in", ticket: { checkIn: { staffName: "Alex Usher" } } });
    const at = seen.ok ? new Date(seen.ticket.checkIn!.at).getTime() : 0;
    expect(Math.abs(Date.now() - at)).toBeLessThan(60_000);
    expect(await checkIns(booking)).toEqual([{ staff_uid: "staff-a" }]);
  });

  it("lets one of two simultaneous scans in and tells the other who did", async () => {
    const booking = await addBooking("customer", today, ["G1"]);
    const results = await Promise.all([
      checkInTicket(codeOf(booking), "staff-a"),
      checkInTicket(codeOf(booking), "staff-b"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const winner = (await checkIns(booking))[0].staff_uid;
    expect(results.find((r) => !r.ok)).toMatchObject({
      reason: "checked-in",
      ticket: { checkIn: { staffName: winner === "staff-a" ? "Alex Usher" : "Billie Usher" } },
    });
  });

  it("refuses an unpaid, an expired and a cancelled booking", async () => {
    const unpaid = await addBooking("customer", today, ["H1"], { status: "pending" });
    const expired = await addBooking("customer", today, ["H2"], { status: "pending", holdLeft: "-1 minute" });
    const cancelled = await addBooking("customer", today, ["H3"], { status: "cancelled" });
    const refunded = await addBooking("customer", today, ["H4"]);
    await refund(refunded, 5000);
    for (const [booking, reason] of [
      [unpaid, "unpaid"],
      [expired, "expired"],
      [cancelled, "cancelled"],
      [refunded, "cancelled"],
    ]) {
      expect(await readTicket(codeOf(booking))).toMatchObject({ ok: true, refusal: reason });
      expect(await checkInTicket(codeOf(booking), "staff-a")).toMatchObject({ ok: false, reason });
      expect(await checkIns(booking)).toEqual([]);
    }
  });

  it("refuses a ticket before check-in opens, 2 hours ahead of its show, and says when it opens", async () => {
    const booking = await addBooking("customer", await showOn(0, "13:30"), ["J1"]);
    const early = await checkInTicket(codeOf(booking), "staff-a");
    expect(early).toMatchObject({ ok: false, reason: "too-early", ticket: { opensAt: "2026-11-23T21:30:00.000Z" } });
    if (early.ok || early.reason === "invalid-code") throw new Error("refused with its ticket");
    expect(refusalMessage(early.reason, early.ticket)).toBe(
      "Too early: check-in for this show opens at Tue, Nov 24, 11:30 AM, 2 hours before it starts.",
    );
    expect(await checkIns(booking)).toEqual([]);

    setClock("11:30");
    expect(await checkInTicket(codeOf(booking), "staff-a")).toMatchObject({ ok: true });
  });

  it("refuses a ticket once its show has ended, and lets a show after midnight in the evening before", async () => {
    const morning = await showOn(0, "08:00");
    for (const showId of [await showOn(-1, "12:00"), morning]) {
      const booking = await addBooking("customer", showId, ["J2"]);
      expect(await readTicket(codeOf(booking))).toMatchObject({ ok: true, refusal: "ended" });
      expect(await checkInTicket(codeOf(booking), "staff-a")).toMatchObject({ ok: false, reason: "ended" });
    }
    const ended = await readTicket(codeOf(await addBooking("customer", morning, ["J3"])));
    if (!ended.ok) throw new Error("a genuine code");
    expect(refusalMessage("ended", ended.ticket)).toBe("This show ended at Tue, Nov 24, 10:00 AM.");

    const afterMidnight = await addBooking("customer", await showOn(1, "00:30"), ["J4"]);
    setClock("22:29");
    expect(await readTicket(codeOf(afterMidnight))).toMatchObject({ ok: true, refusal: "too-early" });
    setClock("22:30");
    expect(await checkInTicket(codeOf(afterMidnight), "staff-a")).toMatchObject({ ok: true });
  });

  it("words every refusal for the door, a check-in's time on the site's AM/PM clock", async () => {
    const booking = await addBooking("customer", today, ["J5"]);
    setClock("11:07");
    await checkInTicket(codeOf(booking), "staff-a");
    const seen = await readTicket(codeOf(booking));
    if (!seen.ok) throw new Error("a genuine code");
    expect(refusalMessage("checked-in", seen.ticket)).toBe("Already checked in at 11:07 AM by Alex Usher");
    expect(refusalMessage("cancelled", seen.ticket)).toBe("This booking was cancelled.");
    expect(refusalMessage("expired", seen.ticket)).toBe("This booking expired before it was paid.");
    expect(refusalMessage("unpaid", seen.ticket)).toBe("This booking has not been paid.");
  });

  it("refuses a forged code", async () => {
    const booking = await addBooking("customer", today, ["K1"]);
    expect(await checkInTicket(signTicketCode(booking, "forger's secret"), "staff-a")).toEqual({
      ok: false,
      reason: "invalid-code",
    });
    expect(await checkIns(booking)).toEqual([]);
  });
});

/** A booking whose id starts with `reference`, as a short reference names it. */
async function bookingWithReference(reference: string, showId: string, seat: string, status: "paid" | "pending") {
  const db = await getDb();
  const made = await addBooking("customer", showId, [seat], { status: "pending" });
  const id = `${reference}${made.slice(8)}`;
  // The tickets name the booking by its id: they follow it to the new one.
  const tickets = await db.query("delete from booking_tickets where booking_id = $1 returning *", [made]);
  await db.query(
    "update bookings set id = $2, status = $3, paid_at = case when $3 = 'paid' then now() end where id = $1",
    [made, id, status],
  );
  await db.query(
    `insert into booking_tickets select $1, seat, seat_type, ticket_type_id, type_name, price_cents, seat_extra_cents
     from json_populate_recordset(null::booking_tickets, $2)`,
    [id, JSON.stringify(tickets)],
  );
  return id;
}

describe("ticketCodeForReference", () => {
  it("finds the one booking a reference names, whatever its state, for the ticket's page to judge", async () => {
    const pending = await bookingWithReference("a1b2c3d4", today, "J1", "pending");
    expect(await ticketCodeForReference("a1b2c3d4")).toEqual({ ok: true, code: codeOf(pending) });
  });

  it("prefers the one paid booking at the door now among bookings sharing the reference", async () => {
    const tomorrow = await showOn(1);
    await bookingWithReference("b1b2c3d4", tomorrow, "J2", "paid");
    await bookingWithReference("b1b2c3d4", today, "J3", "pending");
    const atTheDoor = await bookingWithReference("b1b2c3d4", today, "J4", "paid");
    expect(await ticketCodeForReference("b1b2c3d4")).toEqual({ ok: true, code: codeOf(atTheDoor) });
  });

  it("asks for the full code when several paid bookings at the door share the reference, or none of several is", async () => {
    await bookingWithReference("c1b2c3d4", today, "J5", "paid");
    await bookingWithReference("c1b2c3d4", today, "J6", "paid");
    expect(await ticketCodeForReference("c1b2c3d4")).toEqual({ ok: false, reason: "ambiguous" });
    await bookingWithReference("d1b2c3d4", today, "J7", "pending");
    await bookingWithReference("d1b2c3d4", await showOn(2), "J8", "paid");
    expect(await ticketCodeForReference("d1b2c3d4")).toEqual({ ok: false, reason: "ambiguous" });
  });

  it("late in the evening, prefers the show after midnight the door is open to over today's that has ended", async () => {
    await bookingWithReference("f1b2c3d4", today, "H1", "paid");
    const afterMidnight = await bookingWithReference("f1b2c3d4", await showOn(1, "00:45"), "H2", "paid");
    setClock("23:00");
    expect(await ticketCodeForReference("f1b2c3d4")).toEqual({ ok: true, code: codeOf(afterMidnight) });
  });

  it("says an unknown reference is not found", async () => {
    expect(await ticketCodeForReference("e1b2c3d4")).toEqual({ ok: false, reason: "not-found" });
  });
});
