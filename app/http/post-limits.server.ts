import type { AppLoadContext, HeadersFunction } from "@remix-run/node";
import { countPost, type LimitedPost } from "~/models/post-limits.server";
import { plural } from "~/utils/format";
import { getViewer } from "./viewer.server";

const TOO_MANY: Record<LimitedPost, string> = {
  booking: "Too many booking attempts",
  payment: "Too many payment attempts",
  "check-in": "Too many check-ins",
};

/**
 * The first line of the actions that pay and check in, and of booking once a sold-out show is ruled out (decision 20):
 * counts this post, or refuses it before anything is changed with a 429 error page that says when to try again, and
 * `Retry-After` in seconds.
 */
export async function limitPosts(post: LimitedPost, request: Request, context: AppLoadContext, person?: string) {
  // `person`: who posts when nobody is signed in, such as a guest known by their email.
  const uid = person ?? (await getViewer(request))?.uid ?? null;
  const result = await countPost(post, { uid, client: context.clientAddress });
  if (result.ok) return;
  const wait = plural(result.waitMinutes, "minute");
  throw new Response(`${TOO_MANY[post]} in a short time. Please wait ${wait} and try again.`, {
    status: 429,
    headers: { "Retry-After": String(result.waitMinutes * 60) },
  });
}

/** The `headers` of a limited route: Remix keeps only the cookies of a thrown answer unless the route asks. */
export const keepRetryAfter: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
