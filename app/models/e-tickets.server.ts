import { config, getSessionSecrets } from "~/config.server";
import { shortBookingId, type Booking } from "~/domain/booking";
import { showEndsAt } from "~/domain/booking-timeline";
import { signTicketCode, ticketQrPng, ticketQrSvg } from "~/services/tickets.server";
import { calendarFile } from "~/utils/calendar";

/**
 * A paid booking's e-ticket: a signed code (forged or edited codes are refused at the door) and the check-in address
 * its QR code carries, which staff open by scanning it.
 */
function ticketFor(bookingId: string, siteOrigin: string) {
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

/** The path of a booking's calendar file. */
export const calendarPath = (bookingId: string) => `/my-bookings/${bookingId}/calendar.ics`;

/** A booking's show as a calendar event (.ics): the movie, the hall and the cinema's address, the seats and reference. */
export function bookingCalendar(booking: Booking, stamp: Date) {
  const bookingUrl = `${config.mail.siteUrl}/my-bookings/${booking.id}`;
  return calendarFile(
    {
      uid: `booking-${booking.id}@${new URL(config.mail.siteUrl).hostname}`,
      start: new Date(booking.startsAt),
      end: showEndsAt(booking),
      stamp,
      summary: booking.movie.title,
      location: `${booking.hallName}, ${config.address}`,
      description: `Seats ${booking.seats.join(", ")}\nBooking reference ${shortBookingId(booking.id)}\n${bookingUrl}`,
      url: bookingUrl,
    },
    "-//Marquee Cinemas//Tickets//EN",
  );
}
