import { setTimeout } from "node:timers/promises";
import { createCookie } from "@remix-run/node";
import type { DecodedIdToken } from "firebase-admin/auth";
import { config, getSessionSecrets } from "~/config.server";
import { firebaseAuth, isAuthError } from "./firebase-admin.server";

export const REMEMBER_ME_DAYS = 14;
// A session that ends with the browser still needs a lifetime at the provider; a day keeps a stolen one short.
const BROWSER_SESSION_HOURS = 24;
// Firebase only mints a session from an ID token of a sign-in this recent.
const RECENT_SIGN_IN_SECONDS = 5 * 60;

// The Firebase session cookie is wrapped in our signed cookie, so a forged one is refused before it
// reaches firebase-admin (which skips signature checks against the emulator).
export const sessionCookie = createCookie("__session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  secrets: getSessionSecrets(),
});

function sessionLifetimeMs(remember: boolean) {
  return remember ? REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000 : BROWSER_SESSION_HOURS * 60 * 60 * 1000;
}

/**
 * Turns the ID token of a fresh sign-in into a session: the verified token and the Set-Cookie header that
 * carries it. Remember me keeps the cookie for 14 days; otherwise it ends with the browser. Throws for a
 * token that is forged, revoked or not recent.
 */
export async function createSession(idToken: string, remember: boolean) {
  const auth = firebaseAuth();
  const token = await auth.verifyIdToken(idToken, true);
  if (Date.now() / 1000 - token.auth_time > RECENT_SIGN_IN_SECONDS) throw new Error("Sign-in is not recent");
  const expiresIn = sessionLifetimeMs(remember);
  const session = await auth.createSessionCookie(idToken, { expiresIn });
  const setCookie = await sessionCookie.serialize(session, remember ? { maxAge: expiresIn / 1000 } : {});
  return { token, setCookie };
}

/** The verified session of a request, or null for a visitor or an expired, revoked or forged session. */
export async function readSession(request: Request): Promise<DecodedIdToken | null> {
  const session = await sessionCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof session !== "string" || !session) return null;
  try {
    return await firebaseAuth().verifySessionCookie(session, true);
  } catch (error) {
    if (!isAuthError(error)) console.error("Session check failed:", error);
    return null;
  }
}

/** Whether a request carries a session cookie at all (valid or not): its answer then depends on who asks. */
export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return /(^|;\s*)__session=/.test(cookieHeader ?? "");
}

/** Ends every session of a user at the provider. */
export async function revokeSessions(uid: string) {
  // Revocation counts in whole seconds: a session started in this same second would survive it.
  await setTimeout(1000 - (Date.now() % 1000));
  await firebaseAuth().revokeRefreshTokens(uid);
}

/** The Set-Cookie header that removes the session cookie. */
export function clearSessionCookie() {
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}
