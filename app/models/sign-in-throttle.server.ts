import { getDb } from "~/services/db.server";

// Failed sign-ins allowed in one window, per email and per client address (when the address is known).
export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_CLIENT = 20;

export type Attempt = { email: string; client: string | null };

export async function isSignInThrottled({ email, client }: Attempt) {
  const db = await getDb();
  const [row] = await db.query<{ by_email: number; by_client: number }>(
    `select count(*) filter (where email = $1)::int as by_email,
            count(*) filter (where $2::text is not null and client = $2)::int as by_client
     from sign_in_failures
     where failed_at > now() - make_interval(mins => $3) and (email = $1 or client = $2)`,
    [email, client, THROTTLE_WINDOW_MINUTES],
  );
  return row.by_email >= MAX_FAILURES_PER_EMAIL || row.by_client >= MAX_FAILURES_PER_CLIENT;
}

export async function recordSignInFailure({ email, client }: Attempt) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Old rows are useless to the throttle; clearing them here keeps the table small without a job.
    await tx.query("delete from sign_in_failures where failed_at < now() - make_interval(mins => $1)", [
      THROTTLE_WINDOW_MINUTES,
    ]);
    await tx.query("insert into sign_in_failures (email, client) values ($1, $2)", [email, client]);
  });
}

/** A correct password clears the failures recorded for that email. */
export async function clearSignInFailures(email: string) {
  const db = await getDb();
  await db.query("delete from sign_in_failures where email = $1", [email]);
}
