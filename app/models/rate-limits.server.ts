import { sql } from "kysely";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

/** At most `max` hits per `key` in the last `windowMinutes`, counted in `bucket`. */
export type RateLimit = { bucket: string; key: string; max: number; windowMinutes: number };

/** The longest wait, in minutes, before every one of the limits allows another hit; 0 when none is reached. Read in
 * the caller's transaction `tx` if given. */
export async function minutesUntilAllowed(limits: RateLimit[], tx?: Queryable): Promise<number> {
  if (limits.length === 0) return 0;
  const { rows } = await sql<{
    waitMinutes: number;
  }>`select ceil(extract(epoch from (min(h.at) filter (where h.rank = l.max)
              + make_interval(mins => l.window_minutes) - now())) / 60) as "waitMinutes"
     from unnest(${limits.map((l) => l.bucket)}::text[], ${limits.map((l) => l.key)}::text[],
       ${limits.map((l) => l.max)}::int[], ${limits.map((l) => l.windowMinutes)}::int[]) as l(bucket, key, max, window_minutes)
     join lateral (
       select at, row_number() over (order by at desc) as rank
       from rate_limit_hits
       where bucket = l.bucket and key = l.key and at > now() - make_interval(mins => l.window_minutes)
     ) h on true
     group by l.bucket, l.key, l.max, l.window_minutes
     having count(*) >= l.max`.execute(typed(tx ?? (await getDb())));
  return Math.max(0, ...rows.map((r) => Math.max(1, r.waitMinutes)));
}

/** Counts one hit for each limit, in the caller's transaction `tx` if given. */
export async function recordHits(limits: RateLimit[], tx?: Queryable) {
  if (limits.length === 0) return;
  const longestWindow = Math.max(...limits.map((l) => l.windowMinutes));
  const record = async (db: Queryable) => {
    // Old rows count against nothing; clearing them here keeps the table small without a job.
    await typed(db)
      .deleteFrom("rate_limit_hits")
      .where(sql<boolean>`bucket = any(${limits.map((l) => l.bucket)}::text[])`)
      .where("at", "<", sql<Date>`now() - make_interval(mins => ${longestWindow})`)
      .execute();
    await typed(db)
      .insertInto("rate_limit_hits")
      .columns(["bucket", "key"])
      .expression(
        sql`select * from unnest(${limits.map((l) => l.bucket)}::text[], ${limits.map((l) => l.key)}::text[])`,
      )
      .execute();
  };
  if (tx) return record(tx);
  await (await getDb()).transaction(record);
}

/** Forgets the hits counted for these limits, e.g. a sign-in's failures once the right password is given. */
export async function clearHits(limits: Pick<RateLimit, "bucket" | "key">[]) {
  if (limits.length === 0) return;
  await typed(await getDb())
    .deleteFrom("rate_limit_hits")
    .where(
      sql<boolean>`(bucket, key) in (select * from unnest(${limits.map((l) => l.bucket)}::text[], ${limits.map((l) => l.key)}::text[]))`,
    )
    .execute();
}
