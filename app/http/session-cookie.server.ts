import { createCookie } from "@remix-run/node";
import { config, getSessionSecrets } from "~/config.server";
import type { OpenedSession } from "~/models/sessions.server";
import { rememberKnownDevice } from "./known-device.server";

// Carries the session id, signed, so a forged or edited cookie is refused before the database is asked.
export const sessionCookie = createCookie("__session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  secrets: getSessionSecrets(),
});

/** The Set-Cookie header for a session; without a max age the cookie ends with the browser. */
export function sessionSetCookie({
  sessionId,
  cookieMaxAgeSeconds,
}: {
  sessionId: string;
  cookieMaxAgeSeconds?: number;
}) {
  return sessionCookie.serialize(sessionId, cookieMaxAgeSeconds ? { maxAge: cookieMaxAgeSeconds } : {});
}

/** The Set-Cookie headers of a sign-in: its session, and this browser remembered as a device of the account. */
export async function signedInHeaders(request: Request, signedIn: { session: OpenedSession; user: { email: string } }) {
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionSetCookie(signedIn.session));
  headers.append("Set-Cookie", await rememberKnownDevice(request, signedIn.user.email));
  return headers;
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
