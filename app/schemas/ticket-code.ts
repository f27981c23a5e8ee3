import { z } from "zod";
import { withoutControlCharacters } from "./fields";

const MAX_CODE_LENGTH = 200;
const CHECK_IN_PATH = /^.*\/admin\/check-in\//;
// A signed e-ticket code: the booking id and its signature, 32 bytes in base64url (app/services/tickets.server.ts).
const TICKET_CODE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The Check In page's typed code, from the URL (Find Ticket) or posted (Check In): an e-ticket's signed code, or a booking's short reference (see
 * shortReferenceOf) that staff type from a customer's screen. Staff may paste the whole link an e-ticket's QR code carries; the
 * code is what follows /admin/check-in/. Anything longer than a code could be is cut, to be refused as not valid.
 */
export const ticketCodeSchema = z.object({
  code: z
    .string()
    .catch("")
    .transform((typed) => withoutControlCharacters(typed).trim().replace(CHECK_IN_PATH, "").slice(0, MAX_CODE_LENGTH))
    .describe("Ticket code or booking reference"),
});

/**
 * The e-ticket code in what the camera read from a QR code: the code itself, or the check-in link an e-ticket's QR
 * code carries (any site's address: the code's signature is what the door trusts). Null for anything else.
 */
export function scannedTicketCode(scanned: string) {
  const code = scanned.trim().replace(CHECK_IN_PATH, "");
  return TICKET_CODE.test(code) ? code : null;
}
