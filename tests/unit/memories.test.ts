import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md's list of what each process remembers, checked against the code both ways.
const architecture = fs.readFileSync("docs/architecture.md", "utf8");
const start = architecture.indexOf("**What each process remembers.**");
const table = architecture.slice(start, architecture.indexOf("**A choice made before signing in**", start));
const rows = table
  .split("\n")
  .filter((line) => line.startsWith("| `"))
  .map((line) => line.split("|")[1]);

function sources(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// A memory lives as long as the process: a module-level Map filled as it runs (`new Map<…>()`, not a constant
// table) or shortMemory, or a shortMemory made inside a factory.
// WeakMaps are left out: an entry lives only as long as its key (a schema, a request).
const MEMORY = /^(?:export )?const (\w+) = (?:new Map<|shortMemory\b)|^\s+const (\w+) = shortMemory\b/gm;

const found = [...sources("app"), ...sources("server")].flatMap((file) =>
  [...fs.readFileSync(file, "utf8").matchAll(MEMORY)].map((match) => ({ file, name: match[1] ?? match[2] })),
);

describe("what each process remembers (docs/architecture.md)", () => {
  it("names every memory the code declares", () => {
    expect(found.length).toBeGreaterThan(5);
    for (const { file, name } of found)
      expect(
        rows.some((row) => row.includes(`\`${name}\``)),
        `${name} in ${file}`,
      ).toBe(true);
  });

  it("names only memories that are where it says, with their bound and how they are emptied", () => {
    for (const line of table.split("\n").filter((l) => l.startsWith("| `"))) {
      const [, memory, bound, emptied] = line.split("|").map((cell) => cell.trim());
      expect(bound, memory).not.toBe("");
      expect(emptied, memory).not.toBe("");
      const file = /\(`([\w./-]+\.tsx?)`/.exec(memory)?.[1];
      if (!file) continue;
      const source = fs.readFileSync(file, "utf8");
      for (const [, name] of memory.matchAll(/`(\w+)`/g)) expect(source, `${name} in ${file}`).toContain(name);
    }
  });

  it("counts the page cache and the prepared statements, made inside their factories", () => {
    expect(fs.readFileSync("server/page-cache.ts", "utf8")).toMatch(/const pages = new Map/);
    expect(fs.readFileSync("app/services/db.server.ts", "utf8")).toMatch(/const names = new Map/);
  });
});
