import { config, getSessionSecrets } from "~/config.server";
import { shortBookingId, type Booking } from "~/domain/booking";
import { showEndsAt } from "~/domain/booking-timeline";
import { bookingLinkPath } from "~/services/booking-links.server";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { senderMailbox } from "~/services/mailer.server";
import { signTicketCode, ticketQrPng, ticketQrSvg } from "~/services/tickets.server";
import { calendarFile, type CalendarMethod } from "~/utils/calendar";
import { findBookingOwner } from "./guests.server";

/**
 * A paid booking's e-ticket: a signed code (forged or edited codes are refused at the door) and the check-in address
 * its QR code carries, which staff open by scanning it.
 */
export function ticketFor(bookingId: string, siteOrigin: string) {
  const code = ticketCodeOf(bookingId);
  return { code, checkInUrl: `${siteOrigin}/admin/check-in/${code}` };
}

/** The signed code of a booking's e-ticket, as its QR code and the check-in page's address carry it. */
export function ticketCodeOf(bookingId: string) {
  return signTicketCode(bookingId, getSessionSecrets()[0]);
}

/** The e-ticket for the booking's page: only its QR code as SVG, since customers never need the code itself. */
export async function eTicketFor(bookingId: string, siteOrigin: string) {
  return { qrSvg: await ticketQrSvg(ticketFor(bookingId, siteOrigin).checkInUrl) };
}

/** The e-ticket for a mail: its QR code as a PNG image, with the site's configured address. */
export async function mailedETicketFor(bookingId: string) {
  return { qrPng: await ticketQrPng(ticketFor(bookingId, config.mail.siteUrl).checkInUrl) };
}

/** Where the cinema is, as tickets show it: its address and a map search for it (a link; nothing is loaded). */
export function cinemaVenue() {
  const mapUrl = `https://www.openstreetmap.org/search?query=${encodeURIComponent(config.address)}`;
  return { address: config.address, mapUrl };
}

/** The path of a booking's calendar file, for its owner signed in or holding its pass. */
export const calendarPath = (bookingId: string) => `/my-bookings/${bookingId}/calendar.ics`;

/** The path of the calendar file on a guest's signed link (decision 46), which any client opens as it is. */
export const linkedCalendarPath = (linkPath: string) => `${linkPath}/calendar.ics`;

/** The addresses a booking's owner opens it and its calendar file at; `forGuest` when they are its signed link. */
export type BookingLinks = { booking: string; calendar: string; forGuest: boolean };

const site = (path: string) => `${config.mail.siteUrl}${path}`;

/** The addresses of a booking whose owner has an account: its pages, after signing in. */
export const accountLinks = (bookingId: string): BookingLinks => ({
  booking: site(`/my-bookings/${bookingId}`),
  calendar: site(calendarPath(bookingId)),
  forGuest: false,
});

/**
 * Where a booking's mails and calendar entry send its owner: a guest to the signed link, which needs neither an
 * account nor this browser's pass (a phone's calendar has neither), a customer to the account's pages. The owner is
 * read when asked, so a guest booking an account has claimed since leads to the account.
 */
export async function bookingLinks(booking: Pick<Booking, "id" | "startsAt" | "movie">): Promise<BookingLinks> {
  if (!(await findBookingOwner(booking.id))) return accountLinks(booking.id);
  const link = bookingLinkPath(booking);
  return { booking: site(link), calendar: site(linkedCalendarPath(link)), forGuest: true };
}

/**
 * A booking's show as a calendar event (.ics): the movie, the hall and the cinema's address, the seats and reference,
 * and where its owner manages it. One UID per booking, and a SEQUENCE that a move of its show and its cancellation
 * raise, so the file of a change replaces the entry a calendar holds; CANCEL takes the entry out.
 */
export async function bookingCalendar(booking: Booking, method: CalendarMethod = "PUBLISH", stamp = new Date()) {
  const db = await getDb();
  const { sequence } = await typed(db)
    .selectFrom("bookings")
    .select("calendar_sequence as sequence")
    .where("id", "=", booking.id)
    .executeTakeFirstOrThrow();
  const bookingUrl = (await bookingLinks(booking)).booking;
  return calendarFile(
    {
      uid: `booking-${booking.id}@${new URL(config.mail.siteUrl).hostname}`,
      sequence,
      organizer: senderMailbox(config.mail.from),
      start: new Date(booking.startsAt),
      end: showEndsAt(booking),
      stamp,
      summary: booking.movie.title,
      location: `${booking.hallName}, ${config.address}`,
      description: `Seats ${booking.seats.join(", ")}\nBooking reference ${shortBookingId(booking.id)}\n${bookingUrl}`,
      url: bookingUrl,
    },
    "-//Marquee Cinemas//Tickets//EN",
    method,
  );
}
