import { redirect } from "@remix-run/node";
import { roleAllows, STAFF_ROLE_LABELS, type StaffPermission, type StaffRole } from "~/domain/staff-roles";
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

/** What a staff member whose role may not do something reads (decision 69), naming their role and who can. */
export function notAllowedForRole(role: StaffRole) {
  return `Your role (${STAFF_ROLE_LABELS[role]}) does not include this page or action, so nothing was changed. Please ask a manager.`;
}

/**
 * The signed-in staff member, whose session is checked with the provider and whose role is read from the database on
 * every staff request, so a role changed, a member removed, a disabled account or a password changed counts at once.
 */
const findStaff = oncePerRequest(async (request): Promise<User> => {
  const sessionId = await readSessionId(request);
  const viewer = sessionId ? await findSessionUser(sessionId, { checkNow: true }) : null;
  if (viewer === PROVIDER_UNREACHABLE)
    throw new Response(accountFailure({ reason: "unavailable" }).message, { status: 503 });
  if (!viewer) throw redirect(loginPath(request));
  noteViewer(viewer.uid);
  return viewer;
});

/**
 * A signed-in staff member whose role allows `permission`: a visitor is sent to sign in, a customer gets a 403, and
 * so does a staff member whose role does not allow it, each with words; nothing is changed.
 */
export async function requireStaff(request: Request, permission: StaffPermission): Promise<StaffUser> {
  const viewer = await requireAnyStaff(request);
  if (!roleAllows(viewer.role, permission)) throw new Response(notAllowedForRole(viewer.role), { status: 403 });
  return viewer;
}

export type StaffUser = User & { role: StaffRole };

/** The dashboard's staff: a role that may not see the figures (the door) is sent to Check In, its own page. */
export async function requireDashboardStaff(request: Request): Promise<StaffUser> {
  const viewer = await requireAnyStaff(request);
  if (!roleAllows(viewer.role, "manage-bookings")) throw redirect("/admin/check-in");
  return viewer;
}

/** Any staff member, whatever their role (the admin layout, and pages every role may open). */
export async function requireAnyStaff(request: Request): Promise<StaffUser> {
  const viewer = await findStaff(request);
  if (!viewer.role) throw new Response(STAFF_ONLY, { status: 403 });
  return { ...viewer, role: viewer.role };
}

/** Ends this browser's session (other devices stay signed in), and answers the Set-Cookie that clears it. */
export async function signOut(request: Request) {
  const sessionId = await readSessionId(request);
  if (sessionId) await endSession(sessionId);
  return clearSessionCookie();
}

/** For /admin URLs that take no form: staff get a 405, everyone else what requireStaff gives them. */
export async function refuseAdminPost(request: Request, permission: StaffPermission | null): Promise<never> {
  await (permission ? requireStaff(request, permission) : requireAnyStaff(request));
  throw new Response("There is nothing to send on this page.", { status: 405 });
}
