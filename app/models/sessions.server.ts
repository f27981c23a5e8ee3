import { createHash, randomBytes } from "node:crypto";
import { sql, type Expression, type SqlBool } from "kysely";
import type { User } from "~/domain/user";
import { getDb, type Queryable } from "~/services/db.server";
import { firebaseAuth, isAuthError } from "~/services/firebase-admin.server";
import { queueSignIn, queueSignOut } from "./notifications.server";
import { logger } from "~/services/logger.server";
import { compiledOnce, typed } from "~/services/typed-db.server";
import { shortMemory } from "~/utils/short-memory";
import { applyStaffGrant, staffClaimOf } from "./staff.server";
import { userColumns } from "./users.server";

// Our own sessions (docs/decisions/0013-own-sessions.md): one indexed read per request (or a second's memory of it,
// decision 24), the provider asked again only every few minutes (on every staff request), and signing out ends this
// browser's session alone.

export const REMEMBER_ME_DAYS = 14;
// A session that ends with the browser still needs a lifetime here; a day keeps a stolen one short.
const BROWSER_SESSION_HOURS = 24;
// How stale our copy of "not disabled, not revoked" may be. Staff checks read the provider on every request.
export const PROVIDER_RECHECK_MINUTES = 5;

const hashOf = (sessionId: string) => createHash("sha256").update(sessionId).digest("base64url");
// How the sign-in sync names a session: derived from the table's key, so a session can be named when it ends without
// its cookie, and giving nothing that opens it.
const syncIdOf = (idHash: string) => hashOf(`auth-sync:${idHash}`);

export type OpenedSession = { sessionId: string; cookieMaxAgeSeconds?: number };

/**
 * Starts a session for a user who signed in at `signedInAt` (the provider's auth_time, in seconds), and hands the
 * sign-in's ID token to the sign-in sync in the same transaction. Answers the id for the cookie and, with remember
 * me, how long the cookie should last (otherwise it ends with the browser).
 */
export async function openSession(
  { uid, signedInAt, idToken }: { uid: string; signedInAt: number; idToken: string },
  remember: boolean,
): Promise<OpenedSession> {
  const lifetimeSeconds = remember ? REMEMBER_ME_DAYS * 24 * 60 * 60 : BROWSER_SESSION_HOURS * 60 * 60;
  const sessionId = randomBytes(32).toString("base64url");
  const db = await getDb();
  await typed(db)
    .deleteFrom("sessions")
    .where("expires_at", "<", sql<Date>`now()`)
    .execute();
  const idHash = hashOf(sessionId);
  await db.transaction(async (tx) => {
    await typed(tx)
      .insertInto("sessions")
      .values({
        id_hash: idHash,
        uid,
        signed_in_at: sql<Date>`to_timestamp(${signedInAt})`,
        expires_at: sql<Date>`now() + make_interval(secs => ${lifetimeSeconds})`,
      })
      .execute();
    await queueSignIn(tx, { uid, session: syncIdOf(idHash), idToken });
  });
  return { sessionId, cookieMaxAgeSeconds: remember ? lifetimeSeconds : undefined };
}

/**
 * What the provider says of a sign-in made at `signedInAt`: ended (the account is gone or disabled, or its sign-ins
 * were revoked since: a password change), still accepted with the account's staff claim if any (grant-admin), or
 * unknown (unreachable).
 */
async function askProvider(uid: string, signedInAt: Date) {
  try {
    const account = await firebaseAuth().getUser(uid);
    const validSince = account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : 0;
    if (account.disabled || validSince > signedInAt.getTime()) return "ended";
    return { staffClaim: staffClaimOf(account), claims: account.customClaims };
  } catch (error) {
    if (isAuthError(error)) return "ended";
    logger.error({ err: error }, "Could not check a session with the identity provider");
    return "unknown";
  }
}

export const PROVIDER_UNREACHABLE = "provider-unreachable";

// A live session as this process last read it, trusted for a second (decision 24): a crowd of one customer's
// requests, or of many customers' posts, costs a read a second each, not one a request. A session ended here is
// forgotten at once; one ended on another instance still opens pages here for at most that second.
export const SESSION_MEMORY_MS = 1000;
const liveSessions = shortMemory<string, User>({ lifetimeMs: SESSION_MEMORY_MS, maxEntries: 10_000 });
// Sessions this process ended in the last minute: a read of one that was under way when it ended (its provider check
// in flight, say) must not put it back into liveSessions. Ended ids never come back, so presence is enough.
const endedSessions = shortMemory<string, true>({ lifetimeMs: 60_000, maxEntries: 10_000 });

// Every signed-in request's read (once a second at most, above): compiled once, as the booking post's are (decision 64).
const readLiveSession = compiledOnce((db, p: { idHash: string; recheckMinutes: number }) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.uid", "sessions.uid")
    .select([
      ...userColumns,
      "sessions.signed_in_at as signedInAt",
      "sessions.expires_at as expiresAt",
      sql<boolean>`sessions.checked_at < now() - make_interval(mins => ${p.recheckMinutes})`.as("recheckDue"),
    ])
    .where("sessions.id_hash", "=", p.idHash)
    .where("sessions.expires_at", ">", sql<Date>`now()`),
);

/**
 * The user of a live session, or null for an unknown, expired or ended one. The provider is asked again when the
 * last check is stale, or always with `checkNow` (staff requests, which so read the staff role fresh from the database);
 * a staff claim the provider holds (grant-admin) is carried out then. When the provider cannot be reached the session is kept, and the answer is PROVIDER_UNREACHABLE.
 */
export async function findSessionUser(
  sessionId: string,
  { checkNow = false } = {},
): Promise<User | null | typeof PROVIDER_UNREACHABLE> {
  const idHash = hashOf(sessionId);
  const remembered = checkNow ? undefined : liveSessions.get(idHash);
  if (remembered) return remembered;
  const db = await getDb();
  const [row] = await readLiveSession(db, { idHash, recheckMinutes: PROVIDER_RECHECK_MINUTES });
  if (!row) return null;
  const { signedInAt, expiresAt, recheckDue, ...user } = row;
  const live = (checked: User) => {
    if (endedSessions.get(idHash)) return null;
    liveSessions.set(idHash, checked, expiresAt.getTime());
    return checked;
  };
  if (!recheckDue && !checkNow) return live(user);
  const answer = await askProvider(user.uid, signedInAt);
  if (answer === "unknown") return PROVIDER_UNREACHABLE;
  if (answer === "ended") {
    await endSession(sessionId);
    return null;
  }
  // A sign-out (or a reset ending every session) that landed while the provider was asked, on any instance, wins.
  const stillOpen = await typed(db)
    .updateTable("sessions")
    .set({ checked_at: sql<Date>`now()` })
    .where("id_hash", "=", idHash)
    .returning("id_hash")
    .execute();
  if (stillOpen.length === 0) return null;
  if (answer.staffClaim === undefined) return live(user);
  const role = await applyStaffGrant(user.uid, answer.staffClaim, answer.claims);
  return live({ ...user, role, isStaff: role !== null });
}

/** Ends sessions in the caller's transaction, each announced to the sign-in sync there; answers their keys. */
async function endSessionsIn(tx: Queryable, where: Expression<SqlBool>) {
  const rows = await typed(tx).deleteFrom("sessions").where(where).returning(["uid", "id_hash as idHash"]).execute();
  for (const { uid, idHash } of rows) await queueSignOut(tx, { uid, session: syncIdOf(idHash) });
  return rows.map((row) => row.idHash);
}

/** Forgets sessions ended (once their transaction committed), so this process never opens a page with one again. */
function forgetEnded(idHashes: string[]) {
  for (const idHash of idHashes) {
    liveSessions.delete(idHash);
    endedSessions.set(idHash, true);
  }
}

/** Ends sessions, each announced to the sign-in sync in the same transaction, and forgets them here once ended. */
async function endSessions(where: Expression<SqlBool>) {
  const db = await getDb();
  forgetEnded(await db.transaction((tx) => endSessionsIn(tx, where)));
}

/**
 * Ends every session of a user inside the caller's transaction (a staff member removed); call the answer once it
 * committed. Other instances' memory of a session lasts a second at most, and staff pages never use it.
 */
export async function endAllSessionsIn(tx: Queryable, uid: string) {
  const ended = await endSessionsIn(tx, sql`uid = ${uid}`);
  return () => forgetEnded(ended);
}

/** Ends one session (signing out in this browser). */
export function endSession(sessionId: string) {
  return endSessions(sql`id_hash = ${hashOf(sessionId)}`);
}

/** Ends every session of a user, in every browser and on every app instance. */
export function endAllSessions(uid: string) {
  return endSessions(sql`uid = ${uid}`);
}

/** Ends every session of the account with this email (its password was just changed). */
export function endAllSessionsOf(email: string) {
  return endSessions(sql`uid in (select uid from users where lower(email) = lower(${email}))`);
}
