import { describe, expect, it } from "vitest";
import type { Booking } from "~/domain/booking";
import { bookingCalendar } from "~/models/e-tickets.server";
import { calendarFile, escapeCalendarText, foldCalendarLine } from "~/utils/calendar";

const BOOKING_ID = "6f1c0d2e-5b7a-4c1e-9a3d-2b8f4e6a1c90";
const STAMP = new Date("2031-06-01T08:00:00Z");

/** A paid booking's show at 7:30 PM in New York, a 2 h 15 min film. */
const booking = {
  id: BOOKING_ID,
  status: "paid",
  hallName: "Screen 2",
  startsAt: "2031-06-10T23:30:00.000Z",
  movie: { id: "m", title: "Salt; Pepper, and \\ more", posterUrl: "/p.jpg", runtime: 135 },
  seats: ["D4", "D5"],
} as Booking;

/** The lines of a file as a calendar reads them: CRLF lines, folded lines joined again. */
const unfolded = (file: string) => file.replace(/\r\n /g, "").split("\r\n");

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
    const file = calendarFile(
      {
        uid: "u@example.com",
        start: new Date("2031-01-02T03:04:05Z"),
        end: new Date("2031-01-02T05:04:05Z"),
        stamp: STAMP,
        summary: "S",
        location: "L",
        description: "D",
        url: "https://example.com/",
      },
      "-//Test//EN",
    );
    expect(file.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n")).toBe(true);
    expect(file.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toContain("\n");
    expect(unfolded(file)).toContain("DTSTART:20310102T030405Z");
  });
});

describe("a booking's calendar file", () => {
  const lines = unfolded(bookingCalendar(booking, STAMP));

  it("names the show at its instant in UTC, from the start to the end of the film", () => {
    expect(lines).toContain("DTSTART:20310610T233000Z");
    expect(lines).toContain("DTEND:20310611T014500Z");
    expect(lines).toContain("DTSTAMP:20310601T080000Z");
  });

  it("keeps one UID per booking, so importing it again updates the event", () => {
    expect(lines).toContain(`UID:booking-${BOOKING_ID}@127.0.0.1`);
    const later = unfolded(bookingCalendar(booking, new Date()));
    expect(later.find((line) => line.startsWith("UID:"))).toBe(`UID:booking-${BOOKING_ID}@127.0.0.1`);
  });

  it("has the movie, the hall and the cinema's address, the seats and the reference, escaped", () => {
    expect(lines).toContain("SUMMARY:Salt\\; Pepper\\, and \\\\ more");
    expect(lines).toContain("LOCATION:Screen 2\\, 1 Marquee Lane\\, Springfield");
    expect(lines).toContain(
      `DESCRIPTION:Seats D4\\, D5\\nBooking reference 6F1C0D2E\\nhttp://127.0.0.1:3000/my-bookings/${BOOKING_ID}`,
    );
    expect(lines).toContain(`URL:http://127.0.0.1:3000/my-bookings/${BOOKING_ID}`);
  });
});
