import { sql } from "kysely";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/services/db.server";
import { compiledOnce, typed } from "~/services/typed-db.server";

const db = openDatabase("memory://");
afterAll(() => db.close());
beforeEach(() => db.query("delete from rate_limit_hits"));

const hitsOf = (bucket: string) =>
  typed(db).selectFrom("rate_limit_hits").select("key").where("bucket", "=", bucket).orderBy("key").execute();

describe("typed queries (decision 64)", () => {
  it("run inside the database's own transaction, and roll back with it", async () => {
    const seenInside = await db
      .transaction(async (tx) => {
        await typed(tx).insertInto("rate_limit_hits").values({ bucket: "sign-in", key: "a@example.com" }).execute();
        const seen = await typed(tx).selectFrom("rate_limit_hits").select("key").execute();
        throw Object.assign(new Error("roll back"), { seen });
      })
      .catch((error: { seen: unknown }) => error.seen);
    expect(seenInside).toEqual([{ key: "a@example.com" }]);
    expect(await hitsOf("sign-in")).toEqual([]);
  });

  it("commit with the transaction", async () => {
    await db.transaction((tx) =>
      typed(tx).insertInto("rate_limit_hits").values({ bucket: "sign-in", key: "b@example.com" }).execute(),
    );
    expect(await hitsOf("sign-in")).toEqual([{ key: "b@example.com" }]);
  });

  it("leave transactions to the database: Kysely's own is refused, saying what to use", async () => {
    await expect(
      typed(db)
        .transaction()
        .execute(async () => {}),
    ).rejects.toThrow(/db\.transaction/);
  });

  it("give counts, bigint and numeric as numbers, with no cast", async () => {
    await typed(db)
      .insertInto("rate_limit_hits")
      .values([
        { bucket: "booking", key: "u1" },
        { bucket: "booking", key: "u2" },
      ])
      .execute();
    const [row] = await typed(db)
      .selectFrom("rate_limit_hits")
      .select((eb) => [
        eb.fn.countAll<number>().as("hits"),
        eb.fn.sum<number>("id").as("idSum"),
        sql<number>`avg(length(key))`.as("meanLength"),
      ])
      .execute();
    expect(row).toEqual({ hits: 2, idSum: expect.any(Number), meanLength: 2 });
  });

  it("compiled once run with each call's values", async () => {
    const insertHit = compiledOnce((k, p: { bucket: string; keys: string[] }) =>
      k
        .insertInto("rate_limit_hits")
        .columns(["bucket", "key"])
        .expression(
          k.selectNoFrom((eb) => [eb.val(p.bucket).as("bucket"), sql<string>`unnest(${p.keys}::text[])`.as("key")]),
        )
        .returning("key"),
    );
    expect(await insertHit(db, { bucket: "reset", keys: ["x", "y"] })).toEqual([{ key: "x" }, { key: "y" }]);
    await db.transaction((tx) => insertHit(tx, { bucket: "reset", keys: ["z"] }));
    expect(await hitsOf("reset")).toEqual([{ key: "x" }, { key: "y" }, { key: "z" }]);
  });
});
