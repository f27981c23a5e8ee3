import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getSessionSecrets } from "~/config.server";
import { findBooking } from "~/models/bookings.server";
import { cancelBooking } from "~/models/cancellations.server";
import { bookingCalendar } from "~/models/e-tickets.server";
import { findBookingOwner } from "~/models/guests.server";
import { bookSeats } from "~/models/seat-booking.server";
import { moveShow } from "~/models/show-changes.server";
import { verifyBookingLinkToken } from "~/services/booking-links.server";
import { getDb } from "~/services/db.server";
import { calendarFile, escapeCalendarText, foldCalendarLine } from "~/utils/calendar";
import { addMovie, addShow, addUser, payForBooking } from "./fixtures";
import { iTipProblems } from "./itip-check";

const MOVIE = "t-calendar";
const DAY = "2031-06-10";
const STAMP = new Date("2031-06-01T08:00:00Z");
let show: string;

beforeAll(async () => {
  // A 2 h 15 min film at 11:30 PM UTC.
  await addMovie(MOVIE, { title: "Salt; Pepper, and \\ more", runtime: 135 });
  show = await addShow(MOVIE, `${DAY}T23:30:00Z`);
});

/** A booking of seats, paid, by a customer or (with `guest`) a guest. */
async function paidBooking(seats: string[], guest = false) {
  const email = `${randomUUID()}@example.com`;
  const request = { movieId: MOVIE, day: DAY, showId: show, seats, requestToken: randomUUID() };
  const booked = guest
    ? await bookSeats({ ...request, guest: { name: "Gail Guest", email }, passBookingIds: [] })
    : await bookSeats({ ...request, userUid: await addUser(undefined, { email }) });
  if (!booked.ok) throw new Error(`booking failed: ${booked.reason}`);
  const [{ uid }] = await (
    await getDb()
  ).query<{ uid: string }>("select user_uid as uid from bookings where id = $1", [booked.booking.id]);
  const paid = await payForBooking(uid, booked.booking.id);
  if (!paid.ok) throw new Error(`payment failed: ${paid.reason}`);
  return { uid, booking: paid.booking };
}

/** The lines of a file as a calendar reads them: CRLF lines, folded lines joined again. */
const unfolded = (file: string) => file.replace(/\r\n /g, "").split("\r\n");

const EVENT = {
  uid: "u@example.com",
  sequence: 0,
  organizer: { name: "Marquee Cinemas", address: "no-reply@marquee.example" },
  start: new Date("2031-01-02T03:04:05Z"),
  end: new Date("2031-01-02T05:04:05Z"),
  stamp: STAMP,
  summary: "S",
  location: "L",
  description: "D",
  url: "https://example.com/",
};

describe("calendar text", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeCalendarText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds lines longer than 75 octets, never inside a character", () => {
    expect(foldCalendarLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldCalendarLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
    const accented = `SUMMARY:${"é".repeat(60)}`;
    const lines = foldCalendarLine(accented).split("\r\n");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, n) => (n === 0 ? line : line.slice(1))).join("")).toBe(accented);
  });

  it("writes one event between BEGIN and END lines ending in CRLF", () => {
    const file = calendarFile(EVENT, "-//Test//EN");
    expect(file.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n")).toBe(true);
    expect(file.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toContain("\n");
    expect(unfolded(file)).toContain("DTSTART:20310102T030405Z");
  });

  it("is an iTIP message a strict client takes: PUBLISH with its organizer, CANCEL with its sequence and status", () => {
    const published = calendarFile(EVENT, "-//Test//EN");
    expect(iTipProblems(published)).toEqual([]);
    expect(unfolded(published)).toEqual(
      expect.arrayContaining([
        "METHOD:PUBLISH",
        "SEQUENCE:0",
        "STATUS:CONFIRMED",
        'ORGANIZER;CN="Marquee Cinemas":mailto:no-reply@marquee.example',
      ]),
    );
    const cancelled = calendarFile({ ...EVENT, sequence: 2 }, "-//Test//EN", "CANCEL");
    expect(iTipProblems(cancelled)).toEqual([]);
    expect(unfolded(cancelled)).toEqual(expect.arrayContaining(["METHOD:CANCEL", "SEQUENCE:2", "STATUS:CANCELLED"]));
    // The check bites: the file as it was written before, with no organizer, sequence or status.
    const bare = published.replace(/^(ORGANIZER|SEQUENCE|STATUS)[;:].*\r\n/gm, "");
    expect(iTipProblems(bare)).toEqual(["ORGANIZER appears 0 times (one)"]);
    expect(iTipProblems(bare.replace("METHOD:PUBLISH", "METHOD:CANCEL"))).toEqual([
      "ORGANIZER appears 0 times (one)",
      "SEQUENCE appears 0 times (one)",
      "STATUS undefined",
    ]);
  });

  it("quotes the organizer's name, which may hold a comma, and leaves out a name there is none of", () => {
    const organizer = { name: 'Marquee, "Downtown"', address: "a@b.example" };
    expect(unfolded(calendarFile({ ...EVENT, organizer }, "-//T//EN"))).toContain(
      'ORGANIZER;CN="Marquee, Downtown":mailto:a@b.example',
    );
    const unnamed = calendarFile({ ...EVENT, organizer: { name: "", address: "a@b.example" } }, "-//T//EN");
    expect(unfolded(unnamed)).toContain("ORGANIZER:mailto:a@b.example");
  });
});

describe("a booking's calendar file", () => {
  // The day of the show, so that moving it is within the year ahead staff may move shows to.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T09:00:00Z`));
  });
  afterEach(() => vi.useRealTimers());

  it("names the show at its instant in UTC, from the start to the end of the film", async () => {
    const { booking } = await paidBooking(["A1"]);
    const lines = unfolded(await bookingCalendar(booking, "PUBLISH", STAMP));
    expect(lines).toContain("DTSTART:20310610T233000Z");
    expect(lines).toContain("DTEND:20310611T014500Z");
    expect(lines).toContain("DTSTAMP:20310601T080000Z");
  });

  it("has the movie, the hall and the cinema's address, the seats, the reference and the booking's page", async () => {
    const { booking } = await paidBooking(["D4", "D5"]);
    const file = await bookingCalendar(booking);
    expect(iTipProblems(file)).toEqual([]);
    const lines = unfolded(file);
    const reference = booking.id.slice(0, 8).toUpperCase();
    expect(lines).toContain("SUMMARY:Salt\\; Pepper\\, and \\\\ more");
    expect(lines).toContain(`LOCATION:${booking.hallName}\\, 1 Marquee Lane\\, Springfield`);
    expect(lines).toContain(
      `DESCRIPTION:Seats D4\\, D5\\nBooking reference ${reference}\\nhttp://127.0.0.1:3000/my-bookings/${booking.id}`,
    );
    expect(lines).toContain(`URL:http://127.0.0.1:3000/my-bookings/${booking.id}`);
    expect(lines).toContain('ORGANIZER;CN="Marquee Cinemas":mailto:no-reply@marquee.example');
  });

  it("keeps one UID per booking, and a SEQUENCE that grows when its show moves and when it is cancelled", async () => {
    const { uid, booking } = await paidBooking(["F1"]);
    const UID = `UID:booking-${booking.id}@127.0.0.1`;
    expect(unfolded(await bookingCalendar(booking))).toEqual(
      expect.arrayContaining([UID, "SEQUENCE:0", "STATUS:CONFIRMED", "METHOD:PUBLISH"]),
    );

    const db = await getDb();
    const [{ hallId }] = await db.query<{ hallId: string }>(`select hall_id as "hallId" from shows where id = $1`, [
      show,
    ]);
    const paid = await db.query("select 1 from bookings where show_id = $1 and status = 'paid'", [show]);
    expect(
      await moveShow("test-staff", show, { hallId, time: `${DAY}T23:45`, confirmedPaid: paid.length }),
    ).toMatchObject({
      ok: true,
    });
    const moved = unfolded(await bookingCalendar((await findBooking(uid, booking.id))!));
    expect(moved).toEqual(expect.arrayContaining([UID, "SEQUENCE:1", "DTSTART:20310610T234500Z"]));

    expect(await cancelBooking(uid, booking.id)).toMatchObject({ ok: true });
    const cancelFile = await bookingCalendar((await findBooking(uid, booking.id))!, "CANCEL");
    expect(iTipProblems(cancelFile)).toEqual([]);
    expect(unfolded(cancelFile)).toEqual(
      expect.arrayContaining([UID, "SEQUENCE:2", "STATUS:CANCELLED", "METHOD:CANCEL"]),
    );
  });

  it("gives a guest's booking the signed link that opens it, never a page that asks to sign in", async () => {
    const { booking } = await paidBooking(["H1"], true);
    expect(await findBookingOwner(booking.id)).not.toBeNull();
    const lines = unfolded(await bookingCalendar(booking));
    const url = lines.find((line) => line.startsWith("URL:"))!;
    const token = /^URL:http:\/\/127\.0\.0\.1:3000\/booking-link\/([A-Za-z0-9_-]{48})$/.exec(url)?.[1];
    expect(verifyBookingLinkToken(token, getSessionSecrets())?.bookingId).toBe(booking.id);
    expect(lines.find((line) => line.startsWith("DESCRIPTION:"))).toMatch(
      new RegExp(`\\\\nhttp://127\\.0\\.0\\.1:3000/booking-link/${token}$`),
    );
    expect(lines.join("\n")).not.toContain("/my-bookings/");
  });

  it("is served on a guest's signed link to a client with no cookie, where older mails' address leads too", async () => {
    const { booking } = await paidBooking(["J1"], true);
    const entry = unfolded(await bookingCalendar(booking)).join("\n");
    const token = /\/booking-link\/([A-Za-z0-9_-]{48})/.exec(entry)![1];
    const context = { clientAddress: "127.0.0.1", requestId: "calendar" } as AppLoadContext;
    const args = (path: string) => ({
      request: new Request(`http://127.0.0.1:3000${path}`),
      params: { token },
      context,
    });
    const { loader: linkedFile } = await import("~/routes/booking-link.$token.calendar[.ics]");
    const file = await linkedFile(args(`/booking-link/${token}/calendar.ics`));
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("Set-Cookie")).toBeNull();
    expect(unfolded(await file.text())).toContain(`URL:http://127.0.0.1:3000/booking-link/${token}`);
    const { loader: linkPage } = await import("~/routes/booking-link.$token");
    const older = await linkPage(args(`/booking-link/${token}?then=calendar`));
    expect(older.status).toBe(302);
    expect(older.headers.get("Location")).toBe(`/booking-link/${token}/calendar.ics`);
    // An edited link opens nothing.
    const edited = `${token.slice(0, -4)}AAAA`;
    const refused = await linkedFile({
      ...args(`/booking-link/${edited}/calendar.ics`),
      params: { token: edited },
    }).catch((answer: Response) => answer);
    expect(refused.headers.get("Location")).toBe("/");
  });
});
