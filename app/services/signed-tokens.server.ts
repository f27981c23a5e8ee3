import { createHmac, timingSafeEqual } from "node:crypto";

// Values the site hands out and later trusts (an e-ticket's code, a guest's booking link): the value's bytes and an
// HMAC over them and their purpose, URL-safe. The purpose is signed too, so a token made for one use never passes for
// another signed with the same secret.

const SIGNATURE_BYTES = 16;

function signature(purpose: string, payload: Buffer, secret: string) {
  return createHmac("sha256", secret).update(`${purpose}:`).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

/** The token of `payload` for `purpose`, signed with `secret`, in base64url. */
export function signToken(purpose: string, payload: Buffer, secret: string): string {
  return Buffer.concat([payload, signature(purpose, payload, secret)]).toString("base64url");
}

/**
 * The payload of a genuine token of `payloadBytes` bytes for `purpose`, or null. Only the one spelling that was
 * issued passes (base64url's last character has spare bits); every secret is tried, so tokens signed before a secret
 * was rotated still pass.
 */
export function verifyToken(purpose: string, token: string, payloadBytes: number, secrets: string[]): Buffer | null {
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== payloadBytes + SIGNATURE_BYTES || bytes.toString("base64url") !== token) return null;
  const payload = bytes.subarray(0, payloadBytes);
  const given = bytes.subarray(payloadBytes);
  return secrets.some((secret) => timingSafeEqual(signature(purpose, payload, secret), given)) ? payload : null;
}

/** A booking id's 16 bytes. */
export const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");

/** A UUID from its 16 bytes, written as ids are (lower case). */
export function formatUuid(id: Buffer) {
  const hex = id.toString("hex");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
}
