// Vitest's global setup for the unit tests: one in-memory database, migrated, dumped to a file that every test file's
// database starts from (MEMORY_DATABASE_DUMP), instead of each running PGlite's initdb and the migrations anew.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate, type Database } from "~/services/db.server";

export default async function makeDatabaseDump() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cinema-unit-db-"));
  const lite = new PGlite("memory://");
  const rows = async (result: Promise<{ rows: unknown[] }>) => (await result).rows as never[];
  await migrate({
    transaction: (work) =>
      lite.transaction((tx) =>
        work({ query: (sql, params) => rows(tx.query(sql, params)), exec: async (sql) => void (await tx.exec(sql)) }),
      ),
  } as Database);
  const file = path.join(folder, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await (await lite.dumpDataDir("none")).arrayBuffer()));
  await lite.close();
  process.env.MEMORY_DATABASE_DUMP = file;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
