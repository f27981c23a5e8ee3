import { config } from "~/config.server";
import { minutesUntilAllowed, recordHits, type RateLimit } from "./rate-limits.server";

/**
 * The posts that change bookings, limited per person (the signed-in customer, or the staff member at the door) and
 * per client address, so a script looping on them is stopped while nobody booking by hand ever meets a limit. The
 * per-client budget is the larger: several people may share one address (a family, an office, a mobile operator's
 * shared address at a premiere, the cinema's own network at the door). Decision 8 says why these numbers.
 */
type PostPolicy = { windowMinutes: number; max: { person: number; client: number } };

export const POST_POLICIES = {
  booking: { windowMinutes: 10, max: { person: 30, client: 120 } },
  payment: { windowMinutes: 10, max: { person: 20, client: 80 } },
  "check-in": { windowMinutes: 10, max: { person: 300, client: 1500 } },
} satisfies Record<string, PostPolicy>;

export type LimitedPost = keyof typeof POST_POLICIES;

/** The limits one post counts against; a visitor's only against their address. Buckets `<post>-post:<key>`. */
export function postLimits(post: LimitedPost, who: { uid: string | null; client: string }): RateLimit[] {
  const { windowMinutes, max } = POST_POLICIES[post];
  const person = who.uid ? [{ bucket: `${post}-post:person`, key: who.uid, max: max.person, windowMinutes }] : [];
  return [...person, { bucket: `${post}-post:client`, key: who.client, max: max.client, windowMinutes }];
}

/** Counts one post, or, when a limit is already reached, says how long to wait and counts nothing. */
export async function countPost(
  post: LimitedPost,
  who: { uid: string | null; client: string },
): Promise<{ ok: true } | { ok: false; reason: "throttled"; waitMinutes: number }> {
  if (!config.postLimits) return { ok: true };
  const limits = postLimits(post, who);
  const waitMinutes = await minutesUntilAllowed(limits);
  if (waitMinutes > 0) return { ok: false, reason: "throttled", waitMinutes };
  await recordHits(limits);
  return { ok: true };
}
