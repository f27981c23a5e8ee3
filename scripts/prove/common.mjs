// What the parts of `npm run prove` share: the sites under test (one on PGlite, or two on one PostgreSQL), direct
// database access for checking what was stored, signed-in customers, and the figures each part reports.
import { randomBytes, randomUUID, createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createCookie } from "@remix-run/node";
import pg from "pg";
import { startSite as startOneSite } from "../lib/site.mjs";

// The machine may be shared and busy: a site is given minutes to start, and a second try (its Auth emulator gives up
// after 90 s).
/** @param {Parameters<typeof startOneSite>[0]} options */
const startSite = (options) =>
  startOneSite({ startSeconds: 300, ...options }).catch((error) => {
    console.log(`  (the site did not start, trying once more: ${String(error).split("\n")[0]})`);
    return startOneSite({ startSeconds: 300, ...options });
  });

export const SESSION_SECRET = "prove-session-secret";
// How often the sites reconcile checkouts with the gateway (the site's default is 60 s).
export const CHECKOUT_RECONCILE_SECONDS = 5;

/**
 * A figure beside its target. `pass` decides PASS or FAIL; `target` is how the target reads.
 * @param {string} name @param {string | number} measured @param {string} target @param {boolean} pass
 */
/**
 * One figure beside its target. `speed` marks a figure of how fast or how big (latency, memory), which depends on
 * the machine: the short form (CI, on a shared machine) prints it but does not fail on it.
 */
export const figure = (name, measured, target, pass, { speed = false } = {}) => ({
  name,
  measured: String(measured),
  target,
  pass,
  speed,
});

/** @param {number[]} values @param {number} p */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Queries a database from outside the site: a PostgreSQL URL, or a PGlite folder (only while no site has it open).
 * @param {string} location
 */
export async function openDb(location) {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const client = new pg.Client(location);
    await client.connect();
    return {
      /** @param {string} sql @param {unknown[]} [params] */
      query: async (sql, params) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const lite = new PGlite(location);
  return {
    /** @param {string} sql @param {unknown[]} [params] */
    query: async (sql, params) => (await lite.query(sql, params)).rows,
    close: () => lite.close(),
  };
}

/**
 * The sites of one database setup. `pglite`: one site with its embedded database; `postgres`: two sites on a fresh
 * database of the cluster at `adminUrl`. Their Auth emulator is `identity` when given (one started alone, shared by
 * every part of a short run), else the first site's own. `databaseLocation` is where `openDb` reads what they stored.
 * @param {"pglite" | "postgres"} kind
 * @param {{ adminUrl?: string, env?: Record<string, string>, identity?: import("../lib/site.mjs").AuthEmulator }} options
 */
export async function startSites(kind, { adminUrl, env = {}, identity } = {}) {
  // Each instance is held to the 500 MB the premiere and the fuzz allow, as an operator with that budget would hold
  // it (decision 27); the site's default leaves the heap to V8.
  const shared = { SESSION_SECRET, SITE_HEAP_MB: "384", ...env };
  if (kind === "pglite") {
    const site = await startSite({ env: shared, identity });
    return setup([site], shared, identity, path.join(site.dataDir, "db"), async () => {});
  }
  if (!adminUrl) throw new Error("PostgreSQL is needed for this part");
  const database = `prove_${randomUUID().slice(0, 8)}`;
  // A connection for each statement: the cluster may be restarted in between (postgres-restart).
  const admin = async (sql) => {
    const client = new pg.Client(adminUrl);
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${database}`);
  const url = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const pgEnv = { ...shared, DATABASE_URL: url, SECURE_COOKIES: "false", SAMPLE_DATA: "true" };
  const first = await startSite({ env: pgEnv, identity });
  const second = await startSite({ env: pgEnv, identity: identity ?? emulatorOf(first) });
  return setup([first, second], pgEnv, identity, url, async () => {
    await admin(`drop database if exists ${database} with (force)`);
  });
}

/** @param {Awaited<ReturnType<typeof startSite>>} site the Auth emulator the site runs, for another to use */
const emulatorOf = (site) => ({ host: site.authEmulatorHost(), dataDir: site.dataDir });

/**
 * @param {Awaited<ReturnType<typeof startSite>>[]} sites @param {Record<string, string>} env
 * @param {import("../lib/site.mjs").AuthEmulator | undefined} identity
 * @param {string} databaseLocation @param {() => Promise<void>} dropDatabase
 */
function setup(sites, env, identity, databaseLocation, dropDatabase) {
  const embedded = !/^postgres/.test(databaseLocation);
  // Without an emulator of their own, the sites after the first use the first's, whose port is new after a restart.
  const identityOf = (/** @type {number} */ index) => identity ?? (index === 0 ? undefined : emulatorOf(sites[0]));
  return {
    sites,
    databaseLocation,
    embedded,
    /** Stops the sites (they may be killed already) and removes their data. */
    async stop() {
      for (const site of sites) {
        await site.stop();
        fs.rmSync(site.dataDir, { recursive: true, force: true });
      }
      await dropDatabase();
    },
    /** Starts every site again on the same data (after a kill). */
    async restart() {
      for (const [index, site] of sites.entries()) {
        sites[index] = await startSite({ dataDir: site.dataDir, env, identity: identityOf(index) });
      }
    },
    /**
     * Runs `work` on the stored data. PGlite is one process's: its site is stopped for it and started again after.
     * @template T @param {(db: Awaited<ReturnType<typeof openDb>>) => Promise<T>} work @returns {Promise<T>}
     */
    async withDb(work) {
      if (embedded) await sites[0].stop();
      const db = await openDb(databaseLocation);
      try {
        return await work(db);
      } finally {
        await db.close();
        if (embedded) sites[0] = await startSite({ dataDir: sites[0].dataDir, env, identity });
      }
    },
  };
}

const sessionCookie = createCookie("__session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secrets: [SESSION_SECRET],
});

/**
 * Customers with open sessions, inserted directly into `users` and `sessions` (as a sign-in would leave them) instead
 * of signing in through the site and its Auth emulator, which takes minutes for thousands. Answers their cookies.
 * @param {{ query: (sql: string, params?: unknown[]) => Promise<unknown[]> }} db @param {number} count
 * @param {string} prefix
 */
export async function insertSignedInCustomers(db, count, prefix) {
  const customers = Array.from({ length: count }, (_, i) => {
    const sessionId = randomBytes(32).toString("base64url");
    return {
      uid: `${prefix}-${i}-${randomUUID().slice(0, 8)}`,
      sessionId,
      idHash: createHash("sha256").update(sessionId).digest("base64url"),
    };
  });
  for (let start = 0; start < customers.length; start += 500) {
    const batch = customers.slice(start, start + 500);
    await db.query(
      `insert into users (uid, email, name) select uid, uid || '@example.com', 'Prove customer' from unnest($1::text[]) uid`,
      [batch.map((c) => c.uid)],
    );
    await db.query(
      `insert into sessions (id_hash, uid, signed_in_at, expires_at)
       select h, u, now(), now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(h, u)`,
      [batch.map((c) => c.idHash), batch.map((c) => c.uid)],
    );
  }
  return Promise.all(
    customers.map(async (c) => ({ uid: c.uid, cookie: (await sessionCookie.serialize(c.sessionId)).split(";")[0] })),
  );
}

/**
 * A show of Screen 1 (90 seats, rows A to J of 9) at least a few hours ahead with no booking yet; `skip` passes
 * over shows other parts took. The seat page's path is where its bookings are posted.
 * @param {{ query: (sql: string, params?: unknown[]) => Promise<any[]> }} db @param {string[]} skip
 */
export async function freeScreenOneShow(db, skip = []) {
  const [show] = await db.query(
    `select s.id, s.movie_id as "movieId", to_char(s.starts_at at time zone 'UTC', 'YYYY-MM-DD') as day
     from shows s join halls h on h.id = s.hall_id
     where h.name = 'Screen 1' and s.starts_at > now() + interval '6 hours'
       and not exists (select 1 from bookings b where b.show_id = s.id) and s.id <> all($1::uuid[])
     order by s.starts_at limit 1`,
    [skip],
  );
  if (!show) throw new Error("no free show in Screen 1");
  return { ...show, path: `/movies/${show.movieId}/${show.day}` };
}

export const SCREEN_ONE_SEATS = [..."ABCDEFGHIJ"].flatMap((row) =>
  Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`),
);

/** The booking's id in the address a successful booking post redirects to. @param {string} location */
export const bookingIdIn = (location) => /^\/my-bookings\/([0-9a-f-]{36})/.exec(location)?.[1] ?? null;

/**
 * What a write cut in the middle would leave: live bookings whose seats are not all booked, paid ones without their
 * payment (or with one and not paid), and seats still held by cancelled bookings.
 * @param {{ query: (sql: string, params?: unknown[]) => Promise<any[]> }} db
 */
export async function halfWrittenBookings(db) {
  const [{ n: halfWritten }] = await db.query(
    `select count(*)::int as n from bookings b
     where (b.status in ('pending', 'paid')
            and cardinality(b.seats) <> (select count(*) from booked_seats bs where bs.booking_id = b.id))
        or (b.status = 'paid') <> exists (select 1 from payments p where p.booking_id = b.id and p.refunded_at is null)`,
  );
  const [{ n: orphanSeats }] = await db.query(
    `select count(*)::int as n from booked_seats bs join bookings b on b.id = bs.booking_id where b.status = 'cancelled'`,
  );
  return { halfWritten, orphanSeats };
}

// How undici names a connection the other side reset or closed before any answer.
const CLOSED_CONNECTION = ["ECONNRESET", "UND_ERR_SOCKET"];

/**
 * Sends a request, and once more if a kept-alive connection the site had closed (one whose body it did not read to the
 * end, or one idle for the site's keep-alive time while a busy event loop or a loaded machine kept this client from
 * noticing) resets or closes when reused: a browser sends the request again on a new connection, and so does this.
 * @template T @param {() => Promise<T>} send @returns {Promise<T>}
 */
export function sendAgainIfClosed(send) {
  return send().catch((error) => (CLOSED_CONNECTION.includes(error?.cause?.code) ? send() : Promise.reject(error)));
}
