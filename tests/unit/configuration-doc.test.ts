import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { environmentSchema } from "~/config.server";

// docs/configuration.md's table of environment variables, held to the schema that reads them.

const START = "<!-- configuration:start -->";
const END = "<!-- configuration:end -->";

/** The table as the schema describes each variable: what to paste into the doc when they differ. */
function schemaTable() {
  const rows = Object.entries(environmentSchema.shape).map(
    ([name, schema]) => `| \`${name}\` | ${schema.description ?? ""} |`,
  );
  return ["| variable | what it does |", "|---|---|", ...rows].join("\n");
}

function documentedTable() {
  const doc = fs.readFileSync("docs/configuration.md", "utf8");
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  expect(start, `docs/configuration.md keeps its table between ${START} and ${END}`).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return doc.slice(start + START.length, end).trim();
}

/** A Markdown table's rows as cells, without the padding Prettier adds to align its columns. */
const cells = (table: string) =>
  table
    .trim()
    .split("\n")
    .map((row) => row.split("|").map((cell) => cell.trim().replace(/^-+$/, "---")));

/** The variable of each row after the header, unquoted. */
const variables = (table: string) =>
  cells(table)
    .slice(2)
    .map((row) => row[1].replace(/^`|`$/g, ""));

describe("docs/configuration.md", () => {
  it("names every variable the schema reads, and none it does not", () => {
    const documented = variables(documentedTable());
    const read = Object.keys(environmentSchema.shape);
    expect(
      read.filter((name) => !documented.includes(name)),
      "read by app/config.server.ts, missing from the doc",
    ).toEqual([]);
    expect(
      documented.filter((name) => !read.includes(name)),
      "in the doc, not read by app/config.server.ts",
    ).toEqual([]);
  });

  it("describes each variable as the schema does, in the schema's order", () => {
    expect(cells(documentedTable()), `paste this table into docs/configuration.md:\n${schemaTable()}\n`).toEqual(
      cells(schemaTable()),
    );
  });
});
