import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { config } from "./config.server";
import { scheduleSampleShows, seedCatalogue } from "./seed.server";

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.resolve("data/migrations");
// Any constant works; it only has to be the same in every app instance.
const MIGRATION_LOCK_ID = 4_274_101;

function openPglite(dataDir: string): Database {
  const lite = new PGlite(dataDir);
  return {
    async query(sql, params) {
      return (await lite.query(sql, params)).rows as never[];
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    transaction(work) {
      return lite.transaction((tx) =>
        work({
          query: async (sql, params) => (await tx.query(sql, params)).rows as never[],
          exec: async (sql) => void (await tx.exec(sql)),
        }),
      );
    },
    close: () => lite.close(),
  };
}

function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return {
    async query(sql, params) {
      return (await pool.query(sql, params)).rows;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await work({
          query: async (sql, params) => (await client.query(sql, params)).rows,
          exec: async (sql) => void (await client.query(sql)),
        });
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(location = config.databaseUrl || config.dataDir): Database {
  return /^postgres(ql)?:\/\//.test(location) ? openPostgres(location) : openPglite(location);
}

export async function migrate(db: Database) {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
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
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), "utf8");
      await tx.exec(sql);
      await tx.query("insert into schema_migrations (name) values ($1)", [file]);
    }
  });
}

const SCHEDULE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let handle: { db: Database; ready: Promise<void>; scheduleCheckedAt: number } | undefined;

async function prepare(db: Database) {
  await migrate(db);
  await seedCatalogue(db);
  await scheduleSampleShows(db, config.timeZone);
}

/**
 * The app's one database, migrated and seeded before first use. The sample schedule is topped up
 * at most hourly so a long-running server keeps two weeks of upcoming shows.
 */
export async function getDb(): Promise<Database> {
  if (!handle) {
    const db = openDatabase();
    handle = { db, ready: prepare(db), scheduleCheckedAt: Date.now() };
  }
  await handle.ready;
  if (Date.now() - handle.scheduleCheckedAt > SCHEDULE_CHECK_INTERVAL_MS) {
    handle.scheduleCheckedAt = Date.now();
    await scheduleSampleShows(handle.db, config.timeZone);
  }
  return handle.db;
}
