import { getSessionSecrets } from "~/config.server";
import { signTicketCode, ticketQrSvg } from "~/services/tickets.server";

/**
 * A paid booking's e-ticket: a signed code (forged or edited codes are refused at the door) and the QR of the
 * check-in address staff open by scanning it.
 */
export async function eTicketFor(bookingId: string, siteOrigin: string) {
  const code = signTicketCode(bookingId, getSessionSecrets()[0]);
  const checkInUrl = `${siteOrigin}/admin/check-in/${code}`;
  return { code, checkInUrl, qrSvg: await ticketQrSvg(checkInUrl) };
}
