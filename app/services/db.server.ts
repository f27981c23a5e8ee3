import crypto from "node:crypto";
import fs from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite, parse as pgliteResults, protocol as pgliteProtocol } from "@electric-sql/pglite";
import pg from "pg";
import pgUtils from "pg/lib/utils.js";
import { config } from "~/config.server";
import { logger } from "./logger.server";

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

/** A PostgreSQL pool's connections: open (busy or idle), idle, and queries waiting for one, of at most `max`. */
export type PoolUsage = { open: number; idle: number; waiting: number; max: number };

export interface Database extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: PGlite has one connection, in this process. */
  poolUsage?(): PoolUsage;
  /** PGlite only: its data folder as a tar, taken between two transactions, for `npm run backup` (decision 62). */
  copyDataFolder?(compression?: "none" | "gzip"): Promise<Blob>;
}

const MIGRATIONS_DIR = path.resolve("data/migrations");
// Any constant works; it only has to be the same in every app instance.
const MIGRATION_LOCK_ID = 4_274_101;

// bigint (counts) and numeric (sums of bigint, averages) arrive as numbers on both databases, as int and float do, so
// no query casts to keep a number a number (decision 64). Ours never exceed 2^53: money is integer minor units.
const INT8 = 20;
const NUMERIC = 1700;
const AS_NUMBERS: Record<number, (text: string) => number> = { [INT8]: Number, [NUMERIC]: Number };

/** Statements kept prepared in PGlite, by their text; any beyond these are parsed and planned each time they run. */
const PREPARED_STATEMENTS = 500;

/**
 * Runs a query in PGlite as one message of the wire protocol (PGlite's public `execProtocol`), on a statement prepared
 * when its text was first run (decision 31). PGlite's own `query` takes six calls into Postgres and parses and plans
 * the text every time: for the booking's read, 0.4 ms of planning to 0.6 ms of execution. Parameters are turned into
 * text as node-postgres does on PostgreSQL, so both databases are sent the same thing and infer the same types.
 * `runExclusive` is PGlite's documented lock for `execProtocol`: one statement runs at a time.
 */
function preparedStatements(lite: PGlite) {
  const names = new Map<string, string>();
  let made = 0;
  const { serialize } = pgliteProtocol;
  const send = async (sql: string, params: unknown[], syncToFs: boolean) => {
    const known = names.get(sql);
    const name = known ?? (names.size < PREPARED_STATEMENTS ? `q${++made}` : "");
    const messages = [
      ...(known ? [] : [serialize.parse({ name, text: sql })]),
      serialize.bind({ statement: name, values: params.map((value) => pgUtils.prepareValue(value)) }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ];
    try {
      const answer = await lite.execProtocol(Buffer.concat(messages), { syncToFs });
      if (!known && name) names.set(sql, name);
      return pgliteResults.parseResults(answer.messages, lite.parsers)[0]?.rows ?? [];
    } catch (error) {
      // A statement prepared by a run that then failed (a parameter its type refuses) is closed, not left behind.
      if (!known && name)
        await lite.execProtocol(Buffer.concat([serialize.close({ type: "S", name }), serialize.sync()]));
      throw error;
    }
  };
  return (sql: string, params: unknown[] = [], syncToFs: boolean) =>
    lite.runExclusive(() => send(sql, params, syncToFs));
}

/**
 * Gives PGlite's one connection to one caller at a time, a transaction for its whole length: `runExclusive` keeps
 * statements apart but not a statement from another caller's open transaction (PGlite's `query` and `transaction`
 * keep that lock to themselves). Every use of the database goes through `openPglite`'s methods, so this queue is
 * that lock. It starts once PGlite is ready.
 */
function oneAtATime(lite: PGlite) {
  let last: Promise<unknown> = lite.waitReady.catch(() => {});
  return <T>(work: () => Promise<T>): Promise<T> => {
    const turn = last.then(() => {
      if (lite.closed) throw new Error("The database is closed");
      return work();
    });
    last = turn.catch(() => {});
    return turn;
  };
}

/**
 * The copies of a new database the build makes (`node build/index.js new-database-copies`, decision 81): migrated, and
 * migrated with the sample catalogue. A new PGlite database starts from one instead of running initdb, the
 * migrations and the catalogue's pictures again: seconds of CPU at every first start.
 */
export const NEW_DATABASE_COPIES = {
  empty: path.resolve("build/databases/migrated.tar.gz"),
  sampleCatalogue: path.resolve("build/databases/sample-catalogue.tar.gz"),
};

/** The copy a PGlite database in `dataDir` starts from, or null: it exists already, or no copy was made. */
function startingCopy(dataDir: string) {
  if (dataDir === "memory://") {
    if (config.memoryDatabaseDump) return config.memoryDatabaseDump;
  } else if (existsSync(path.join(dataDir, "PG_VERSION"))) return null;
  const copy = config.sampleData ? NEW_DATABASE_COPIES.sampleCatalogue : NEW_DATABASE_COPIES.empty;
  return existsSync(copy) ? copy : null;
}

function openPglite(dataDir: string, { fresh = false } = {}): Database {
  const copy = fresh ? null : startingCopy(dataDir);
  const lite = new PGlite(dataDir, {
    // PGlite's memory only grows: Postgres's default 128 MB of shared buffers would in time be resident for a
    // catalogue and bookings that fill a few MB. 16 MB holds them, and the process stays under its 500 MB (issue 21).
    postgresqlconf: "shared_buffers = 16MB",
    parsers: AS_NUMBERS,
    // The type tells PGlite whether to unzip it; the unit tests' dump is a plain tar.
    ...(copy
      ? { loadDataDir: new Blob([readFileSync(copy)], { type: copy.endsWith(".gz") ? "application/gzip" : "" }) }
      : {}),
  });
  const run = preparedStatements(lite);
  const inTurn = oneAtATime(lite);
  return {
    query: (sql, params) => inTurn(() => run(sql, params, true)) as Promise<never[]>,
    exec: (sql) => inTurn(async () => void (await lite.exec(sql))),
    transaction: (work) =>
      inTurn(() =>
        lite.transaction((tx) =>
          work({
            query: async (sql, params) => {
              // A transaction already ended refuses further statements, as PGlite's own `tx.query` does.
              if (tx.closed) throw new Error("Transaction is closed");
              return (await run(sql, params, false)) as never[];
            },
            exec: async (sql) => void (await tx.exec(sql)),
          }),
        ),
      ),
    copyDataFolder: (compression = "none") => inTurn(() => lite.dumpDataDir(compression)),
    close: () => lite.close(),
  };
}

/** Makes a PGlite database in `folder`, which must not hold one yet, from a copy made by `copyDataFolder`. */
export async function unpackDataFolderCopy(folder: string, copy: Blob) {
  const lite = new PGlite(folder, { loadDataDir: copy });
  await lite.query("select 1");
  await lite.close();
}

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, starting up), and the socket
// errors of a server that is not there.
const CONNECTION_LOST = /^(08|57P)/;
const SOCKET_GONE = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH"]);

/** Whether an error says the database server is away (stopped, restarting, unreachable), not that a query failed. */
export function isConnectionLost(error: unknown) {
  const code = sqlState(error);
  if (code && (CONNECTION_LOST.test(code) || SOCKET_GONE.has(code))) return true;
  return error instanceof Error && /Connection terminated/i.test(error.message);
}

let lostSince: number | null = null;

/** Since when (ms) the database server has been away, by the last query's outcome; null while it answers. */
export function databaseAwaySince() {
  return lostSince;
}

/** Notes each outcome: a lost connection marks the database away until a query succeeds again. */
async function watched<T>(run: () => Promise<T>): Promise<T> {
  try {
    const result = await run();
    lostSince = null;
    return result;
  } catch (error) {
    if (isConnectionLost(error)) lostSince ??= Date.now();
    throw error;
  }
}

function openPostgres(connectionString: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format) =>
        AS_NUMBERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the network or the server dropped: the pool replaces it. Unheard, it would end the process.
  pool.on("error", (error) => logger.warn({ err: error }, "An idle database connection was lost"));
  return {
    async query(sql, params) {
      return (await watched(() => pool.query(sql, params))).rows;
    },
    async exec(sql) {
      await watched(() => pool.query(sql));
    },
    async transaction(work) {
      const client = await watched(() => pool.connect());
      // The pool listens for errors of idle connections only: a server going away while this one is checked out
      // between two queries would otherwise be an unheard error event, which ends the process. The next query on it
      // fails, and the transaction with it.
      const onLost = (error: Error) => logger.warn({ err: error }, "A database connection in use was lost");
      client.on("error", onLost);
      const release = (error?: Error) => {
        client.off("error", onLost);
        client.release(error);
      };
      try {
        await client.query("begin");
        const result = await work({
          query: async (sql, params) => (await client.query(sql, params)).rows,
          exec: async (sql) => void (await client.query(sql)),
        });
        await client.query("commit");
        lostSince = null;
        release();
        return result;
      } catch (error) {
        const lost = isConnectionLost(error);
        if (!lost) await client.query("rollback").catch(() => {});
        else lostSince ??= Date.now();
        // A connection that failed mid-transaction is thrown away rather than handed to the next request.
        release(lost ? (error as Error) : undefined);
        throw error;
      }
    },
    close: () => pool.end(),
    poolUsage: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

/**
 * A PostgreSQL URL opens a pool; anything else is a PGlite data folder ("memory://" keeps it in memory). `fresh`: a new
 * PGlite database is made by initdb, not from a copy (the build's, to make the copies).
 */
export function openDatabase(location = config.databaseLocation, { fresh = false } = {}): Database {
  return /^postgres(ql)?:\/\//.test(location)
    ? openPostgres(location, config.databasePoolSize)
    : openPglite(location, { fresh });
}

/** A migration file's SHA-256, of its text with Windows line endings read as Unix ones (a checkout may change them). */
function checksum(sql: string) {
  return crypto.createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

/**
 * Runs the migrations this database has not applied, then holds it to those it has: a file changed since it was
 * applied stops the start, naming it (decision 60), since the change would never run here. A database migrated before
 * checksums were kept (028) is given those of its files as they are now.
 */
export async function migrate(db: Database, folder = MIGRATIONS_DIR) {
  const files = (await fs.readdir(folder)).filter((f) => f.endsWith(".sql")).sort();
  const checksums = new Map<string, string>();
  for (const file of files) checksums.set(file, checksum(await fs.readFile(path.join(folder, file), "utf8")));
  await db.transaction(async (tx) => {
    // Several app instances may start at once against one PostgreSQL; only one migrates.
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await tx.query(
      "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
    );
    const applied = new Set(
      (await tx.query<{ name: string }>("select name from schema_migrations")).map((r) => r.name),
    );
    for (const file of files.filter((f) => !applied.has(f))) {
      await tx.exec(await fs.readFile(path.join(folder, file), "utf8"));
      await tx.query("insert into schema_migrations (name) values ($1)", [file]);
    }
    const recorded = await tx.query<{ name: string; checksum: string | null }>(
      "select name, checksum from schema_migrations order by name",
    );
    for (const { name, checksum: was } of recorded) {
      const now = checksums.get(name);
      if (now === undefined) continue;
      if (was === null) await tx.query("update schema_migrations set checksum = $2 where name = $1", [name, now]);
      else if (was !== now) {
        throw new Error(
          `Migration ${name} was changed after this database applied it, so the change would never run here. ` +
            `Put ${name} back as it was (git log -p data/migrations/${name}) and make the change in a new migration.`,
        );
      }
    }
  });
}

let opened: Promise<Database> | undefined;

/** The app's one database, opened and migrated on first use. Opening it never adds data. */
export function getDb(): Promise<Database> {
  opened ??= (async () => {
    const db = openDatabase();
    await migrate(db);
    return db;
  })();
  return opened;
}

/** Whether the database answers a query at all (for /healthz). */
export async function pingDatabase() {
  await (await getDb()).query("select 1");
}

/** Closes the app's database, if it was opened; for a clean shutdown. */
export async function closeDb() {
  const db = opened;
  opened = undefined;
  if (db) await (await db).close();
}

const sqlState = (error: unknown) => (error as { code?: string } | null)?.code;

/** SQLSTATE of a unique or primary key violation: the key, not an earlier read, decided a race. */
export function isUniqueViolation(error: unknown) {
  return sqlState(error) === "23505";
}

/** SQLSTATE of a foreign key violation: a row still refers to the one being deleted. */
export function isForeignKeyViolation(error: unknown) {
  return sqlState(error) === "23503";
}

/** A deadlock or serialization failure: PostgreSQL rolled the transaction back and it can simply run again. */
export function isTransientConflict(error: unknown) {
  const code = sqlState(error);
  return code === "40P01" || code === "40001";
}

/** Runs a transaction again, up to `attempts` times in all, while PostgreSQL rolls it back over a transient conflict. */
export async function retryingConflicts<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
    }
  }
}
