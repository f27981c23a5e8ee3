import { sql } from "kysely";
import type { OutboxKind } from "~/domain/outbox";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

// The outbox table (docs/decisions/0015-outbox.md): a message is a row written in the transaction of the change that
// causes it; a worker claims due rows for a lease, sends them outside any transaction and then marks them done.
// Every mark is fenced by the attempt it belongs to, so a worker whose lease ran out cannot overwrite the next
// worker's outcome.

/** Tries before a message is given up (its last error kept): about three hours of retries. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 60 * 60;

/** The wait after `attempts` failed tries: 30 s, 1 min, 2 min, ... doubling up to an hour. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(LONGEST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

export type NewMessage = {
  kind: OutboxKind;
  recipient: string;
  subject: string;
  payload: object;
  /** When it is due (an ISO time); by default at once. */
  dueAt?: string;
};

/**
 * Adds a message in the caller's transaction. One due at a time already past (by the database's clock) is not added,
 * and the answer is false: a reminder is never sent after its moment.
 */
export async function enqueueMessage(tx: Queryable, message: NewMessage): Promise<boolean> {
  const db = typed(tx);
  const dueAt = message.dueAt ?? null;
  const added = await db
    .insertInto("outbox")
    .columns(["kind", "recipient", "subject", "payload", "due_at"])
    .expression(
      db
        .selectNoFrom([
          sql.val(message.kind).as("kind"),
          sql.val(message.recipient).as("recipient"),
          sql.val(message.subject).as("subject"),
          sql<string>`${JSON.stringify(message.payload)}::jsonb`.as("payload"),
          sql<Date>`coalesce(${dueAt}::timestamptz, now())`.as("due_at"),
        ])
        .where(sql<boolean>`${dueAt}::timestamptz is null or ${dueAt}::timestamptz > now()`),
    )
    .returning("id")
    .execute();
  return added.length > 0;
}

/** A message done with: leased no more, and an ID token (the sign-in sync's) kept no longer than it may be sent. */
const DONE = { locked_until: null, payload: sql<string>`payload - 'idToken'` };

/**
 * Withdraws pending messages of a kind whose payload contains `match`, unless one is being sent right now; answers
 * how many were withdrawn (marked skipped with `note`).
 */
export async function withdrawPending(tx: Queryable, kind: OutboxKind, match: object, note: string) {
  const rows = await typed(tx)
    .updateTable("outbox")
    .set({ status: sql.lit("skipped"), note, ...DONE })
    .where("kind", "=", kind)
    .where("status", "=", sql.lit("pending"))
    .where(sql<boolean>`payload @> ${JSON.stringify(match)}::jsonb`)
    .where(sql<boolean>`(locked_until is null or locked_until <= now())`)
    .returning("id")
    .execute();
  return rows.length;
}

export type ClaimedMessage = {
  id: string;
  kind: OutboxKind;
  recipient: string;
  subject: string;
  payload: Record<string, unknown>;
  /** This try's number; it fences the marks of this claim. */
  attempts: number;
};

/**
 * Claims up to `limit` due messages for `leaseSeconds`, in one short transaction. Rows another worker is claiming
 * right now are skipped (skip locked), and rows it has claimed are leased (locked_until), so no two workers hold one
 * message; a lease left by a worker that died runs out and the message is claimed again. The sign-in sync's calls of
 * one session go in the order they were made: one is not due while an earlier one of its session is still unsent
 * (a sign-out's DELETE waits for its sign-in's POST that is being retried).
 */
export async function claimDueMessages(limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  const { rows } = await sql<ClaimedMessage>`update outbox
     set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
     where id in (
       select id from outbox
       where status = 'pending' and due_at <= now() and (locked_until is null or locked_until <= now())
         and not (kind = 'auth-sync' and exists (
           select 1 from outbox earlier
           where earlier.kind = 'auth-sync' and earlier.status = 'pending'
             and earlier.payload->>'session' = outbox.payload->>'session'
             and (earlier.created_at, earlier.id) < (outbox.created_at, outbox.id)))
       order by due_at limit ${limit}
       for update skip locked)
     returning id, kind, recipient, subject, payload, attempts`.execute(typed(await getDb()));
  return rows;
}

/** A message's row, fenced: only while `message`'s claim is the latest and the message still pending. */
const fenced = async (message: ClaimedMessage) =>
  typed(await getDb())
    .updateTable("outbox")
    .where("id", "=", message.id)
    .where("attempts", "=", message.attempts)
    .where("status", "=", sql.lit("pending"));

/** Marks a claimed message sent, keeping its text part for staff. False when the claim was no longer this one's. */
export async function markSent(message: ClaimedMessage, textBody: string | null) {
  const rows = await (
    await fenced(message)
  )
    .set({ status: sql.lit("sent"), sent_at: sql<Date>`now()`, last_error: null, text_body: textBody, ...DONE })
    .returning("id")
    .execute();
  return rows.length > 0;
}

/** Marks a claimed message done without sending it, saying why (a reminder for a booking cancelled since). */
export async function markSkipped(message: ClaimedMessage, note: string) {
  await (await fenced(message)).set({ status: sql.lit("skipped"), note, ...DONE }).execute();
}

/**
 * Records a failed try: the message is due again after the backoff, or given up (failed, its error kept) after the
 * last attempt or a refusal that retrying cannot change.
 */
export async function markFailed(message: ClaimedMessage, error: string, { permanent = false } = {}) {
  const givenUp = permanent || message.attempts >= MAX_ATTEMPTS;
  const retryAt = sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`;
  await (
    await fenced(message)
  )
    .set({ last_error: error.slice(0, 2000), locked_until: null })
    .set(givenUp ? { status: sql.lit("failed"), payload: DONE.payload } : { due_at: retryAt })
    .execute();
}

/** Gives a claimed message back untried (a worker stopping), as if it had never been claimed. */
export async function releaseClaim(message: ClaimedMessage) {
  await (await fenced(message)).set((eb) => ({ locked_until: null, attempts: eb("attempts", "-", 1) })).execute();
}

/**
 * Ends every lease at once. Only for a database no other worker can use (the embedded PGlite, locked to this
 * process): its leases were left by this site's previous run, which is gone.
 */
export async function releaseAllClaims() {
  await typed(await getDb())
    .updateTable("outbox")
    .set({ locked_until: null })
    .where("status", "=", sql.lit("pending"))
    .where("locked_until", "is not", null)
    .execute();
}
