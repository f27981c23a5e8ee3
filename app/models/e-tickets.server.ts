import { config, getSessionSecrets } from "~/config.server";
import { signTicketCode, ticketQrPng, ticketQrSvg } from "~/services/tickets.server";

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

/** The e-ticket for the booking's page, its QR code as SVG. */
export async function eTicketFor(bookingId: string, siteOrigin: string) {
  const ticket = ticketFor(bookingId, siteOrigin);
  return { ...ticket, qrSvg: await ticketQrSvg(ticket.checkInUrl) };
}

/** The e-ticket for a mail: its QR code as a PNG image, with the site's configured address. */
export async function mailedETicketFor(bookingId: string) {
  const ticket = ticketFor(bookingId, config.mail.siteUrl);
  return { code: ticket.code, qrPng: await ticketQrPng(ticket.checkInUrl) };
}
