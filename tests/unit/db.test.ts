import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import sampleFilms from "~/models/sample-films.json";
import { migrate, NEW_DATABASE_COPIES, openDatabase, type Database } from "~/services/db.server";

const migrations = readdirSync("data/migrations")
  .filter((f) => f.endsWith(".sql"))
  .sort();
let db: Database;

afterEach(() => db?.close());

async function tables(database: Database) {
  const rows = await database.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' order by 1",
  );
  return rows.map((r) => r.table_name);
}

describe("migrate", () => {
  // A new cluster and every migration, on a machine that may be running the end-to-end tests too: a minute.
  it("creates the schema on a fresh PGlite and records each migration", async () => {
    // In a folder: the unit tests' in-memory databases start from a migrated dump (tests/unit/database-dump.ts).
    const folder = mkdtempSync(path.join(os.tmpdir(), "cinema-fresh-db-"));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    db = openDatabase(folder, { fresh: true });
    expect(await tables(db)).toEqual([]);
    await migrate(db);
    expect(await tables(db)).toEqual(
      expect.arrayContaining(["movies", "trailers", "shows", "sample_schedule_days", "schema_migrations"]),
    );
    const applied = await db.query<{ name: string }>("select name from schema_migrations order by name");
    expect(applied.map((r) => r.name)).toEqual(migrations);
  }, 60_000);

  // `npm run build` makes the copies (decision 81); `npm run test:quick` may run before any build.
  it.skipIf(!existsSync(NEW_DATABASE_COPIES.sampleCatalogue))(
    "starts a new data folder from the build's copy: migrated, with the sample catalogue, before anything runs",
    async () => {
      const folder = mkdtempSync(path.join(os.tmpdir(), "cinema-copied-db-"));
      onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
      db = openDatabase(folder);
      const applied = await db.query<{ name: string }>("select name from schema_migrations order by name");
      expect(applied.map((r) => r.name)).toEqual(migrations);
      const [{ films }] = await db.query<{ films: number }>("select count(*) as films from movies");
      expect(films).toBe(sampleFilms.length);
      expect(await db.query("select 1 from shows limit 1")).toEqual([]);
      // Opened again, it is the same database, not a second copy.
      await db.query("delete from trailers");
      await db.close();
      db = openDatabase(folder);
      expect(await db.query("select 1 from trailers limit 1")).toEqual([]);
    },
  );

  it("does nothing when run again", async () => {
    db = openDatabase("memory://");
    await migrate(db);
    const before = {
      tables: await tables(db),
      applied: await db.query("select name, applied_at from schema_migrations order by name"),
    };
    await migrate(db);
    expect({
      tables: await tables(db),
      applied: await db.query("select name, applied_at from schema_migrations order by name"),
    }).toEqual(before);
  });

  it("stops with a message naming an applied migration that was edited, and changes nothing", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "cinema-migrations-"));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    cpSync("data/migrations", folder, { recursive: true });
    db = openDatabase("memory://");
    await migrate(db, folder);
    appendFileSync(
      path.join(folder, "005_bookings.sql"),
      "\ncreate index bookings_by_amount on bookings (amount_cents);\n",
    );
    // A new migration beside the edit is not applied either: the whole start stops.
    writeFileSync(path.join(folder, "999_booking_notes.sql"), "alter table bookings add column customer_note text;\n");
    await expect(migrate(db, folder)).rejects.toThrow(
      "Migration 005_bookings.sql was changed after this database applied it",
    );
    const columns = await db.query(
      "select 1 from information_schema.columns where table_name = 'bookings' and column_name = 'customer_note'",
    );
    expect(columns).toEqual([]);
    const applied = await db.query<{ name: string }>("select name from schema_migrations order by name");
    expect(applied.map((r) => r.name)).toEqual(migrations);
  });

  it("records the checksums of migrations a database applied before checksums were kept, then holds it to them", async () => {
    db = openDatabase("memory://");
    await migrate(db);
    // As a database migrated by an earlier version left it: no checksum recorded.
    await db.query("update schema_migrations set checksum = null");
    await migrate(db);
    const recorded = await db.query<{ name: string; checksum: string | null }>(
      "select name, checksum from schema_migrations order by name",
    );
    expect(recorded.map((r) => r.name)).toEqual(migrations);
    expect(recorded.filter((r) => !/^[0-9a-f]{64}$/.test(r.checksum ?? ""))).toEqual([]);
  });

  it("enforces one show per hall and start time, and a hall for every show", async () => {
    db = openDatabase("memory://");
    await migrate(db);
    await db.query(
      "insert into movies (id, title, poster_path, backdrop_path, release_date, runtime) values ('m', 'M', '/p', '/b', '2020-01-01', 90)",
    );
    const insert = `insert into shows (movie_id, hall_id, starts_at)
      select 'm', id, '2026-01-01T10:00:00Z' from halls where name = 'Screen 1'`;
    await db.query(insert);
    await expect(db.query(insert)).rejects.toThrow(/duplicate key/);
    await expect(
      db.query("insert into shows (movie_id, starts_at) values ('m', '2026-01-02T10:00:00Z')"),
    ).rejects.toThrow(/hall_id/);
  });
});

describe("PGlite's statements (decision 31)", () => {
  const preparedCount = async (text: string) =>
    (
      await db.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement = $1", [
        text,
      ])
    )[0].n;

  it("prepares a statement once and runs it again with each parameter's type as PostgreSQL is sent it", async () => {
    db = openDatabase("memory://");
    const text = `select $1::int + 1 as n, $2::text[] as labels, $3::timestamptz as at, $4::jsonb as doc,
      $5::boolean as flag, $6::text as nothing`;
    const at = new Date("2026-03-29T00:30:00Z");
    const params = [41, ["A1", 'B "2"'], at, { seats: ["C3"] }, true, null];
    const expected = [{ n: 42, labels: ["A1", 'B "2"'], at, doc: { seats: ["C3"] }, flag: true, nothing: null }];
    expect(await db.query(text, params)).toEqual(expected);
    expect(await db.query(text, params)).toEqual(expected);
    expect(await preparedCount(text)).toBe(1);
  });

  it("keeps no statement whose first run failed, and runs the same text once its parameters are good", async () => {
    db = openDatabase("memory://");
    await migrate(db);
    const text = "select id from bookings where id = $1";
    await expect(db.query(text, ["not-an-id"])).rejects.toMatchObject({ code: "22P02" });
    expect(await preparedCount(text)).toBe(0);
    expect(await db.query(text, ["00000000-0000-4000-8000-000000000000"])).toEqual([]);
    expect(await preparedCount(text)).toBe(1);

    // The same inside a transaction, where the failure has already aborted it when the statement is closed.
    const inTransaction = "select id from bookings where id = $1 and status = 'paid'";
    await expect(db.transaction((tx) => tx.query(inTransaction, ["not-an-id"]))).rejects.toMatchObject({
      code: "22P02",
    });
    expect(await preparedCount(inTransaction)).toBe(0);
  });

  it("runs a transaction's statements in it: a failure rolls back what it wrote, and an ended one takes no more", async () => {
    db = openDatabase("memory://");
    await db.exec("create table seats (label text primary key)");
    const insert = "insert into seats (label) values ($1)";
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ["A1"]);
        await tx.query(insert, ["A1"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const ended = await db.transaction(async (tx) => {
      await tx.query(insert, ["B2"]);
      return tx;
    });
    await expect(ended.query(insert, ["C3"])).rejects.toThrow(/Transaction is closed/);
    expect(await db.query("select label from seats")).toEqual([{ label: "B2" }]);
  });

  it("keeps another caller's statement out of an open transaction: it waits, and a rollback leaves it stored", async () => {
    db = openDatabase("memory://");
    await db.exec("create table seats (label text primary key)");
    const insert = "insert into seats (label) values ($1)";
    let outside: Promise<unknown> = Promise.resolve();
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ["A1"]);
        // Another request's statement, sent while this transaction is open on PGlite's one connection.
        outside = db.query(insert, ["B2"]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error("the booking failed");
      }),
    ).rejects.toThrow("the booking failed");
    await outside;
    expect(await db.query("select label from seats")).toEqual([{ label: "B2" }]);
  });
});
