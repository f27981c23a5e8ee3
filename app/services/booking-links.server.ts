import { createHmac, timingSafeEqual } from "node:crypto";
import { getSessionSecrets } from "~/config.server";
import { isUuid } from "~/utils/uuid";
import { showEndsAt } from "~/domain/booking-timeline";
import { formatUuid } from "./tickets.server";

// The link a guest's mail carries to manage their booking (decision 46): the booking id, the moment the link ends
// (the show's end) and a signature over both, URL-safe. It opens that booking alone and nothing after that moment.

const ID_BYTES = 16;
const UNTIL_BYTES = 4;
const SIGNATURE_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{48}$/;

function signature(payload: Buffer, secret: string) {
  // The purpose is signed too, so no other signed value (an e-ticket's code) can pass for a booking link.
  return createHmac("sha256", secret).update("manage-booking:").update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

/** The token of a link that opens booking `bookingId` until `until`, signed with `secret`. */
export function signBookingLinkToken(bookingId: string, until: Date, secret: string): string {
  if (!isUuid(bookingId)) throw new RangeError(`"${bookingId}" is not a booking id`);
  if (!secret) throw new Error("A booking link needs a non-empty secret");
  const payload = Buffer.alloc(ID_BYTES + UNTIL_BYTES);
  Buffer.from(bookingId.replaceAll("-", ""), "hex").copy(payload);
  payload.writeUInt32BE(Math.ceil(until.getTime() / 1000), ID_BYTES);
  return Buffer.concat([payload, signature(payload, secret)]).toString("base64url");
}

/**
 * The booking a genuine token opens and until when, or null: forged, edited, or past its end at `now`. Every secret
 * is tried, so links mailed before a secret was rotated still open.
 */
export function verifyBookingLinkToken(
  token: unknown,
  secrets: string[],
  now = new Date(),
): { bookingId: string; until: Date } | null {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.toString("base64url") !== token) return null;
  const payload = bytes.subarray(0, ID_BYTES + UNTIL_BYTES);
  const given = bytes.subarray(ID_BYTES + UNTIL_BYTES);
  if (!secrets.some((secret) => secret && timingSafeEqual(signature(payload, secret), given))) return null;
  const until = new Date(payload.readUInt32BE(ID_BYTES) * 1000);
  if (until <= now) return null;
  return { bookingId: formatUuid(payload.subarray(0, ID_BYTES)), until };
}

/** The path of the link that opens the booking in any browser until its show ends. */
export function bookingLinkPath(booking: { id: string; startsAt: string; movie: { runtime: number } }) {
  return `/booking-link/${signBookingLinkToken(booking.id, showEndsAt(booking), getSessionSecrets()[0])}`;
}
