import { setTimeout } from "node:timers/promises";
import { createCookie, redirect } from "@remix-run/node";
import type { DecodedIdToken } from "firebase-admin/auth";
import { findViewer, recordSignIn, setStaff, type SignedInUser, type Viewer } from "~/models/users.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { config, secrets } from "./config.server";
import { firebaseAuth } from "./firebase.server";
import { requireSameOrigin } from "./security.server";
import { hasStaffClaim, isStaffAtSignIn } from "./staff.server";

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
  secrets: secrets.session,
});

function sessionLifetimeMs(remember: boolean) {
  return remember ? REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000 : BROWSER_SESSION_HOURS * 60 * 60 * 1000;
}

/**
 * Turns a fresh ID token into a session: mirrors the user into the database and answers the Set-Cookie
 * header. Remember me keeps the cookie for 14 days; otherwise it ends with the browser.
 */
export async function startSession(idToken: string, remember: boolean) {
  const auth = firebaseAuth();
  const decoded = await auth.verifyIdToken(idToken, true);
  if (Date.now() / 1000 - decoded.auth_time > RECENT_SIGN_IN_SECONDS) throw new Error("Sign-in is not recent");
  const expiresIn = sessionLifetimeMs(remember);
  const session = await auth.createSessionCookie(idToken, { expiresIn });
  const viewer = await recordSignIn(userFromToken(decoded, await isStaffAtSignIn(decoded)));
  const cookie = await sessionCookie.serialize(session, remember ? { maxAge: expiresIn / 1000 } : {});
  return { viewer, cookie };
}

// The root, the page loaders and an action's guards ask about the same request: answer each once.
function oncePerRequest<T>(work: (request: Request) => Promise<T>) {
  const answers = new WeakMap<Request, Promise<T>>();
  return (request: Request): Promise<T> => {
    let answer = answers.get(request);
    if (!answer) {
      answer = work(request);
      answers.set(request, answer);
    }
    return answer;
  };
}

/** The signed-in user, or null for a visitor, an expired, revoked or forged session. */
export const getViewer = oncePerRequest(loadViewer);

async function loadViewer(request: Request) {
  const session = await sessionCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof session !== "string" || !session) return null;
  let decoded: DecodedIdToken;
  try {
    decoded = await firebaseAuth().verifySessionCookie(session, true);
  } catch (error) {
    if (!String((error as { code?: string }).code ?? "").startsWith("auth/"))
      console.error("Session check failed:", error);
    return null;
  }
  // A valid session whose user is missing from the database (e.g. a fresh database) is mirrored again.
  return (await findViewer(decoded.uid)) ?? (await recordSignIn(userFromToken(decoded, decoded.admin === true)));
}

function userFromToken(token: DecodedIdToken, isStaff: boolean): SignedInUser {
  return {
    uid: token.uid,
    email: token.email ?? null,
    name: typeof token.name === "string" ? token.name : null,
    photoURL: token.picture ?? null,
    isStaff,
  };
}

function loginPath(request: Request) {
  const url = new URL(request.url);
  const back = request.method === "GET" ? url.pathname + url.search : url.pathname;
  return `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/** The signed-in user; a visitor is sent to /login and brought back afterwards. */
export async function requireUser(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw redirect(loginPath(request));
  return viewer;
}

/**
 * For the sign-in and sign-up pages: where to go afterwards (a local path only). Someone already
 * signed in is sent straight there.
 */
export async function requireGuest(request: Request) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getViewer(request)) throw redirect(redirectTo);
  return redirectTo;
}

const STAFF_ONLY = "This page is for cinema staff only.";

/**
 * A signed-in staff member; a customer gets a 403. The right is read live from the provider and
 * mirrored into the database, so granting or taking it away counts at the next request.
 */
export const requireStaff = oncePerRequest(checkStaff);

async function checkStaff(request: Request) {
  const viewer = await requireUser(request);
  const isStaff = await hasStaffClaim(viewer.uid);
  if (isStaff !== viewer.isStaff) await setStaff(viewer.uid, isStaff);
  if (!isStaff) throw new Response(STAFF_ONLY, { status: 403 });
  return { ...viewer, isStaff };
}

/** Ends the session at the provider too (revoking it), and answers the Set-Cookie that clears it. */
export async function endSession(request: Request) {
  const viewer = await getViewer(request);
  if (viewer) {
    // Revocation counts in whole seconds: a session started in this same second would survive it.
    await setTimeout(1000 - (Date.now() % 1000));
    await firebaseAuth().revokeRefreshTokens(viewer.uid);
  }
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** For /admin URLs that take no form: staff get a 405, everyone else what requireStaff gives them. */
export async function refuseAdminPost(request: Request): Promise<never> {
  requireSameOrigin(request);
  await requireStaff(request);
  throw new Response("There is nothing to send on this page.", { status: 405 });
}
