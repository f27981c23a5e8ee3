import QRCode from "qrcode";
import { isUuid } from "~/utils/uuid";
import { formatUuid, signToken, uuidBytes, verifyToken } from "./signed-tokens.server";

const ID_BYTES = 16;
const PURPOSE = "e-ticket";
// Booking id and signature, 32 bytes, written as 43 base64url characters.
const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MAX_CODE_INPUT_LENGTH = 200;

function checkSecrets(secrets: string[]) {
  if (secrets.length === 0 || secrets.some((secret) => typeof secret !== "string" || secret.length === 0))
    throw new Error("E-tickets need at least one non-empty secret");
}

/** The code an e-ticket's QR carries: the booking id and a signature, URL-safe, 43 characters. */
export function signTicketCode(bookingId: string, secret: string): string {
  if (!isUuid(bookingId)) throw new RangeError(`"${bookingId}" is not a booking id`);
  checkSecrets([secret]);
  return signToken(PURPOSE, uuidBytes(bookingId), secret);
}

/**
 * The booking id (lower case) of a genuine code, or null. Every secret is tried so tickets issued before a
 * secret was rotated still scan; new tickets are signed with the first.
 */
export function verifyTicketCode(code: unknown, secrets: string[]): string | null {
  checkSecrets(secrets);
  if (typeof code !== "string" || code.length > MAX_CODE_INPUT_LENGTH) return null;
  // A scanner or a staff member typing the code may add spaces or a line break around it.
  const trimmed = code.trim();
  if (!CODE_PATTERN.test(trimmed)) return null;
  const id = verifyToken(PURPOSE, trimmed, ID_BYTES, secrets);
  return id ? formatUuid(id) : null;
}

// Black on white with the standard 4-module quiet zone.
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } } as const;

/** The QR code of an e-ticket as inline SVG markup, for its page. */
export async function ticketQrSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { ...QR_OPTIONS, type: "svg" });
  return svg.trim();
}

/** The QR code of an e-ticket as a PNG image, for mails (which show no SVG). */
export function ticketQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...QR_OPTIONS, type: "png", width: 264 });
}
