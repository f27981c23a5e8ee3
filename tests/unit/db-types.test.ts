import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/services/db.server";
import { DB_TYPES_FILE, dbTypes } from "../../scripts/lib/db-types.mjs";

// This file's database starts from the unit tests' dump: a fresh PGlite with every migration applied by `migrate`.
const db = openDatabase("memory://");
afterAll(() => db.close());

const pascal = (name: string) => name.replace(/(^|_)(\w)/g, (_, __, letter: string) => letter.toUpperCase());

/** The tables whose types in `text` are not those the migrated schema gives now, each named with what differs. */
function tablesThatDiffer(generated: Map<string, string>, text: string) {
  const checkedIn = new Map<string, string>();
  for (const match of text.matchAll(/^export interface (\w+)Table \{\n[\s\S]*?\n\}\n/gm))
    checkedIn.set(match[1], match[0]);
  const names = new Set([...generated.keys()].map(pascal));
  return [
    ...[...generated]
      .filter(([table, types]) => checkedIn.get(pascal(table)) !== types)
      .map(([table]) => `${table} (${checkedIn.has(pascal(table)) ? "changed" : "new"})`),
    ...[...checkedIn.keys()].filter((name) => !names.has(name)).map((name) => `${name}Table (no such table now)`),
  ];
}

describe("the table types", () => {
  it(`in ${DB_TYPES_FILE} are those of the migrated schema (npm run db:types writes them)`, async () => {
    const generated = await dbTypes((sql: string) => db.query(sql));
    // `npm run db:types` is this test, told to write the file first.
    if (process.env.WRITE_DB_TYPES) writeFileSync(DB_TYPES_FILE, generated.text);
    const text = readFileSync(DB_TYPES_FILE, "utf8");
    expect(tablesThatDiffer(generated.tables, text), "Tables whose types differ: run npm run db:types").toEqual([]);
    expect(text).toBe(generated.text);
  });

  it("name the table a migration changed without regenerating them", async () => {
    await db.exec("alter table favourites add column note text");
    try {
      const generated = await dbTypes((sql: string) => db.query(sql));
      expect(tablesThatDiffer(generated.tables, readFileSync(DB_TYPES_FILE, "utf8"))).toEqual(["favourites (changed)"]);
    } finally {
      await db.exec("alter table favourites drop column note");
    }
  });
});
