import { hasSessionCookie } from "./session-cookie.server";

/**
 * The Cache-Control of an answer of the app. One that depends on who is signed in, or that sets a cookie, must
 * never be stored anywhere; anonymous pages may be kept but are checked again each time: the server keeps
 * them (server/page-cache.ts) and knows when they change. An immutable answer stays so.
 */
export function cacheControlFor({
  requestCookie,
  setsCookie,
  current,
}: {
  requestCookie: string | undefined;
  setsCookie: boolean;
  current: string | undefined;
}) {
  if (setsCookie) return "private, no-store";
  // An answer whose address names its content (film artwork by its hash) is the same for everyone, for ever.
  if (current?.includes("immutable")) return current;
  if (hasSessionCookie(requestCookie)) return "private, no-store";
  return current ?? "no-cache";
}
