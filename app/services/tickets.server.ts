import { createHmac, timingSafeEqual } from "node:crypto";
import QRCode from "qrcode";
import { isUuid } from "~/utils/uuid";

const ID_BYTES = 16;
const SIGNATURE_BYTES = 16;
// Booking id and signature, 32 bytes, written as 43 base64url characters.
const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MAX_CODE_INPUT_LENGTH = 200;

function checkSecrets(secrets: string[]) {
  if (secrets.length === 0 || secrets.some((secret) => typeof secret !== "string" || secret.length === 0))
    throw new Error("E-tickets need at least one non-empty secret");
}

function signature(id: Buffer, secret: string) {
  // The purpose is signed too, so nothing else signed with the same secret can pass for a ticket.
  return createHmac("sha256", secret).update("e-ticket:").update(id).digest().subarray(0, SIGNATURE_BYTES);
}

/** A UUID from its 16 bytes, written as ids are (lower case). */
export function formatUuid(id: Buffer) {
  const hex = id.toString("hex");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
}

/** The code an e-ticket's QR carries: the booking id and a signature, URL-safe, 43 characters. */
export function signTicketCode(bookingId: string, secret: string): string {
  if (!isUuid(bookingId)) throw new RangeError(`"${bookingId}" is not a booking id`);
  checkSecrets([secret]);
  const id = Buffer.from(bookingId.replaceAll("-", ""), "hex");
  return Buffer.concat([id, signature(id, secret)]).toString("base64url");
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
  const bytes = Buffer.from(trimmed, "base64url");
  // The last character has two spare bits; only the one spelling that was issued is accepted.
  if (bytes.length !== ID_BYTES + SIGNATURE_BYTES || bytes.toString("base64url") !== trimmed) return null;
  const id = bytes.subarray(0, ID_BYTES);
  const given = bytes.subarray(ID_BYTES);
  return secrets.some((secret) => timingSafeEqual(signature(id, secret), given)) ? formatUuid(id) : null;
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
