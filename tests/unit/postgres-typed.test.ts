import { describe, expect, it } from "vitest";
import { testPostgresUrl, usePostgresDatabase } from "./postgres-database";

// Typed queries on PostgreSQL (decision 64): node-postgres gives bigint and numeric as text unless told otherwise.
describe.skipIf(!testPostgresUrl)("typed queries on PostgreSQL", () => {
  usePostgresDatabase();

  it("give counts, bigint and numeric as numbers, and run in the database's transaction", async () => {
    const { getDb } = await import("~/services/db.server");
    const { typed } = await import("~/services/typed-db.server");
    const db = await getDb();
    await db
      .transaction(async (tx) => {
        await typed(tx).insertInto("rate_limit_hits").values({ bucket: "sign-in", key: "gone" }).execute();
        throw new Error("roll back");
      })
      .catch(() => {});
    await db.transaction((tx) =>
      typed(tx)
        .insertInto("rate_limit_hits")
        .values([
          { bucket: "booking", key: "ab" },
          { bucket: "booking", key: "cd" },
        ])
        .execute(),
    );
    const [row] = await typed(db)
      .selectFrom("rate_limit_hits")
      .select((eb) => [
        eb.fn.countAll<number>().as("hits"),
        eb.fn.sum<number>("id").as("idSum"),
        eb.fn.avg<number>(eb.fn("length", ["key"])).as("meanLength"),
      ])
      .execute();
    expect(row).toEqual({ hits: 2, idSum: expect.any(Number), meanLength: 2 });
  });
});
