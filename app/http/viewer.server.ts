import { redirect } from "@remix-run/node";
import type { StaffPermission } from "~/domain/staff-roles";
import type { User } from "~/domain/user";
import { endSession, findSessionUser, PROVIDER_UNREACHABLE } from "~/models/sessions.server";
import { currentRequestContext, noteViewer } from "~/services/logger.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { accountFailure } from "./account-failures.server";
import { clearSessionCookie, readSessionId } from "./session-cookie.server";

// The root, the page loaders and an action's guards ask about the same request: answer each once. Remix hands each
// loader a copy of the Request, with an abort signal of its own, so the request is known by the context the server
// answers it in (server/request-log.ts); outside one (a test calling a loader), by the Request itself.
function oncePerRequest<T>(work: (request: Request) => Promise<T>) {
  const answers = new WeakMap<object, Promise<T>>();
  return (request: Request): Promise<T> => {
    const key = currentRequestContext() ?? request;
    let answer = answers.get(key);
    if (!answer) {
      answer = work(request);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** The signed-in user, or null for a visitor, an expired, ended or forged session. */
export const getViewer = oncePerRequest(async (request): Promise<User | null> => {
  const sessionId = await readSessionId(request);
  const viewer = sessionId ? await findSessionUser(sessionId) : null;
  // Signed out for now while the provider cannot be reached; the session is kept for when it answers again.
  if (viewer === PROVIDER_UNREACHABLE) return null;
  noteViewer(viewer?.uid);
  return viewer;
});

/**
 * The sign-in page, sending someone back afterwards to `back`, or by default to the page they asked for (a
 * form's page for a POST).
 */
export function loginPath(request: Request, back?: string) {
  const url = new URL(request.url);
  const redirectTo = back ?? (request.method === "GET" ? url.pathname + url.search : url.pathname);
  return `/login?${new URLSearchParams({ redirectTo })}`;
}

/** The signed-in user; a visitor is sent to /login and brought back afterwards. */
export async function requireUser(request: Request): Promise<User> {
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

export const STAFF_ONLY = "This page is for cinema staff only.";

/**
 * A signed-in staff member; a visitor is sent to sign in, a customer gets a 403. The session is checked with the
 * provider on every staff request, so a right taken away, a disabled account or a password changed counts at once.
 */
const staffOnce = oncePerRequest(async (request): Promise<User> => {
  const sessionId = await readSessionId(request);
  const viewer = sessionId ? await findSessionUser(sessionId, { checkNow: true }) : null;
  if (viewer === PROVIDER_UNREACHABLE)
    throw new Response(accountFailure({ reason: "unavailable" }).message, { status: 503 });
  if (!viewer) throw redirect(loginPath(request));
  noteViewer(viewer.uid);
  if (!viewer.isStaff) throw new Response(STAFF_ONLY, { status: 403 });
  return viewer;
});

export const requireStaff = (request: Request, _permission?: StaffPermission) => staffOnce(request);

/** Ends this browser's session (other devices stay signed in), and answers the Set-Cookie that clears it. */
export async function signOut(request: Request) {
  const sessionId = await readSessionId(request);
  if (sessionId) await endSession(sessionId);
  return clearSessionCookie();
}

/** For /admin URLs that take no form: staff get a 405, everyone else what requireStaff gives them. */
export async function refuseAdminPost(request: Request): Promise<never> {
  await requireStaff(request);
  throw new Response("There is nothing to send on this page.", { status: 405 });
}
