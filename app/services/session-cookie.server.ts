import { createCookie } from "@remix-run/node";
import type { DecodedIdToken } from "firebase-admin/auth";
import { config, getSessionSecrets } from "~/config.server";
import { firebaseAuth } from "./firebase-admin.server";

// Firebase only vouches for an ID token of a sign-in this recent when a session starts from it.
const RECENT_SIGN_IN_SECONDS = 5 * 60;

// Carries the session id, signed, so a forged or edited cookie is refused before the database is asked.
export const sessionCookie = createCookie("__session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  secrets: getSessionSecrets(),
});

/** The verified ID token of a fresh sign-in, or null for an older one. Throws for a forged or revoked token. */
export async function verifyRecentSignIn(idToken: string): Promise<DecodedIdToken | null> {
  const token = await firebaseAuth().verifyIdToken(idToken, true);
  return Date.now() / 1000 - token.auth_time > RECENT_SIGN_IN_SECONDS ? null : token;
}

/** The Set-Cookie header for a session id; without a max age the cookie ends with the browser. */
export function sessionSetCookie(sessionId: string, maxAgeSeconds: number | undefined) {
  return sessionCookie.serialize(sessionId, maxAgeSeconds ? { maxAge: maxAgeSeconds } : {});
}

/** The session id a request carries, or null (no cookie, or one that is forged or edited). */
export async function readSessionId(request: Request): Promise<string | null> {
  const sessionId = await sessionCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return typeof sessionId === "string" && sessionId ? sessionId : null;
}

/** Whether a request carries a session cookie at all (valid or not): its answer then depends on who asks. */
export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return /(^|;\s*)__session=/.test(cookieHeader ?? "");
}

/** The Set-Cookie header that removes the session cookie. */
export function clearSessionCookie() {
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}
