import { getSessionSecrets } from "~/config.server";
import { isUuid } from "~/utils/uuid";
import { showEndsAt } from "~/domain/booking-timeline";
import { formatUuid, signToken, uuidBytes, verifyToken } from "./signed-tokens.server";

// The link a guest's mail carries to manage their booking (decision 46): the booking id, the moment the link ends
// (the show's end) and a signature over both, URL-safe. It opens that booking alone and nothing after that moment.

const ID_BYTES = 16;
const UNTIL_BYTES = 4;
const PURPOSE = "manage-booking";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{48}$/;

/** The token of a link that opens booking `bookingId` until `until`, signed with `secret`. */
export function signBookingLinkToken(bookingId: string, until: Date, secret: string): string {
  if (!isUuid(bookingId)) throw new RangeError(`"${bookingId}" is not a booking id`);
  if (!secret) throw new Error("A booking link needs a non-empty secret");
  const payload = Buffer.alloc(ID_BYTES + UNTIL_BYTES);
  uuidBytes(bookingId).copy(payload);
  payload.writeUInt32BE(Math.ceil(until.getTime() / 1000), ID_BYTES);
  return signToken(PURPOSE, payload, secret);
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
  const payload = verifyToken(PURPOSE, token, ID_BYTES + UNTIL_BYTES, secrets.filter(Boolean));
  if (!payload) return null;
  const until = new Date(payload.readUInt32BE(ID_BYTES) * 1000);
  if (until <= now) return null;
  return { bookingId: formatUuid(payload.subarray(0, ID_BYTES)), until };
}

/** The path of the link that opens the booking in any browser until its show ends. */
export function bookingLinkPath(booking: { id: string; startsAt: string; movie: { runtime: number } }) {
  return `/booking-link/${signBookingLinkToken(booking.id, showEndsAt(booking), getSessionSecrets()[0])}`;
}
