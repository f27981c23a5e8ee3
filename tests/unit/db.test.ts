import { readdirSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, openDatabase, type Database } from "~/services/db.server";

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
  it("creates the schema on a fresh PGlite and records each migration", async () => {
    db = openDatabase("memory://");
    expect(await tables(db)).toEqual([]);
    await migrate(db);
    expect(await tables(db)).toEqual(
      expect.arrayContaining(["movies", "trailers", "shows", "sample_schedule_days", "schema_migrations"]),
    );
    const applied = await db.query<{ name: string }>("select name from schema_migrations order by name");
    expect(applied.map((r) => r.name)).toEqual(migrations);
  });

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

  it("enforces one show per hall and start time, and a hall for every show", async () => {
    db = openDatabase("memory://");
    await migrate(db);
    await db.query(
      "insert into movies (id, title, poster_path, backdrop_path, release_date, runtime) values ('m', 'M', '/p', '/b', '2020-01-01', 90)",
    );
    const insert = `insert into shows (movie_id, hall_id, starts_at, price_cents)
      select 'm', id, '2026-01-01T10:00:00Z', 5000 from halls where name = 'Screen 1'`;
    await db.query(insert);
    await expect(db.query(insert)).rejects.toThrow(/duplicate key/);
    await expect(
      db.query("insert into shows (movie_id, starts_at, price_cents) values ('m', '2026-01-02T10:00:00Z', 5000)"),
    ).rejects.toThrow(/hall_id/);
  });
});
