import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "~/services/db.server";

// docs/architecture.md's table of tables, held to the tables the migrations make on a fresh database.

/** The first column of the table headed "| table |" in the Data section, unquoted. */
function documentedTables() {
  const doc = fs.readFileSync("docs/architecture.md", "utf8");
  const rows = doc.split("\n");
  const header = rows.findIndex((row) => /^\|\s*table\s*\|/.test(row));
  expect(header, 'docs/architecture.md has a table whose first column is "table"').toBeGreaterThan(-1);
  const body = rows.slice(header + 2);
  const end = body.findIndex((row) => !row.startsWith("|"));
  return body.slice(0, end === -1 ? undefined : end).map((row) => row.split("|")[1].trim().replace(/^`|`$/g, ""));
}

const db = openDatabase("memory://");
// A fresh PGlite takes some seconds to start and migrate on a busy machine: the hook's longer timeout.
beforeAll(() => migrate(db));
afterAll(() => db.close());

describe("docs/architecture.md", () => {
  it("lists every table the migrations make, and none they do not", async () => {
    const made = (
      await db.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
      )
    ).map((row) => row.table_name);
    const documented = documentedTables();
    expect(made.length, "the migrations made tables").toBeGreaterThan(10);
    expect(
      made.filter((table) => !documented.includes(table)).sort(),
      "made by data/migrations, missing from the doc's table",
    ).toEqual([]);
    expect(
      documented.filter((table) => !made.includes(table)).sort(),
      "in the doc's table, made by no migration",
    ).toEqual([]);
  });
});
