import type { HeadersFunction } from "@remix-run/node";
import { keepRetryAfter } from "./post-limits.server";
import { permissionsPolicy } from "./security.server";
import { shortReferenceOf } from "~/domain/booking";
import { checkInTicket, refusalMessage, ticketCodeForReference } from "~/models/check-in.server";
import { plural } from "~/utils/format";

/** The Check In pages' headers: their QR scanner may use the camera (for this site only); no other page may. */
export const checkInHeaders: HeadersFunction = (args) => {
  const headers = new Headers(keepRetryAfter(args));
  headers.set("Permissions-Policy", permissionsPolicy({ camera: "(self)" }));
  return headers;
};

export const INVALID_CODE = "This ticket code is not valid.";
const CODE_REQUIRED = "Please enter a ticket code";
const REFERENCE_ERRORS = {
  "not-found": "No booking has this reference. Check it against the e-ticket, or scan the e-ticket's QR code.",
  ambiguous: "More than one paid booking at the door now has this reference. Please scan the e-ticket's QR code.",
};

/**
 * The e-ticket code of what staff typed: a code as it is (its ticket's page checks it), or the code of the booking a
 * short reference names; else why not, in words, with the status to answer.
 */
export async function typedTicketCode(typed: string) {
  if (!typed) return { ok: false as const, error: CODE_REQUIRED, status: 400 };
  const reference = shortReferenceOf(typed);
  if (!reference) return { ok: true as const, code: typed };
  const found = await ticketCodeForReference(reference);
  if (!found.ok) return { ok: false as const, error: REFERENCE_ERRORS[found.reason], status: 404 };
  return { ok: true as const, code: found.code };
}

/**
 * Lets a ticket in and gives the door's verdict with the ticket it is about (admitted, or refused saying why), and
 * the status to answer it with. The verdict is the answer to the post itself, so it stays on screen until the next
 * ticket; reloading it posts again and is told the ticket is already in.
 */
export async function checkInVerdict(code: string, staffUid: string) {
  const result = await checkInTicket(code, staffUid);
  if (result.ok) {
    const { seats, title } = result.ticket;
    const admitted = `${plural(seats.length, "seat")} for ${title}`;
    return { status: 200, verdict: { admitted, refusal: null, ticket: result.ticket } };
  }
  if (result.reason === "invalid-code")
    return { status: 404, verdict: { admitted: null, refusal: INVALID_CODE, ticket: null } };
  const refusal = refusalMessage(result.reason, result.ticket);
  return { status: 409, verdict: { admitted: null, refusal, ticket: result.ticket } };
}
