import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No module of app/ imports itself through others: every import, of types too, points one way. A circle makes the
// order modules load in decide what a module sees of another, and blurs which of two modules owns a rule.

const SPECIFIERS = [
  /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\bimport\s+["']([^"']+)["']/g,
];
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The app/ modules a module imports, by path, of the `~/` and relative specifiers in its source. */
function importsOf(file: string, source: string, files: ReadonlySet<string>) {
  const found = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const [, specifier] of source.matchAll(pattern)) {
      const base = specifier.startsWith("~/")
        ? path.posix.join("app", specifier.slice(2))
        : specifier.startsWith(".")
          ? path.posix.join(path.posix.dirname(file), specifier)
          : null;
      const target = base === null ? undefined : EXTENSIONS.map((ending) => base + ending).find((f) => files.has(f));
      if (target) found.add(target);
    }
  }
  return [...found].sort();
}

/** Each import circle among the modules, as the path that closes it (its first module again at the end). */
export function importCycles(sources: ReadonlyMap<string, string>) {
  const files = new Set(sources.keys());
  const edges = new Map([...sources].map(([file, source]) => [file, importsOf(file, source, files)]));
  const done = new Set<string>();
  const trail: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    const onTrail = trail.indexOf(file);
    if (onTrail >= 0) return void cycles.push([...trail.slice(onTrail), file]);
    if (done.has(file)) return;
    trail.push(file);
    for (const next of edges.get(file)!) visit(next);
    trail.pop();
    done.add(file);
  };
  for (const file of [...files].sort()) visit(file);
  return cycles;
}

function appSources() {
  const entries = readdirSync("app", { recursive: true, withFileTypes: true });
  const modules = entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.posix.join(path.relative(".", entry.parentPath).split(path.sep).join("/"), entry.name));
  return new Map(modules.map((file) => [file, readFileSync(file, "utf8")]));
}

describe("imports among app/ modules", () => {
  it("find a circle, however the modules name each other", () => {
    const sources = new Map([
      ["app/models/a.server.ts", 'import { b } from "./b.server";\nexport const a = 1;'],
      ["app/models/b.server.ts", 'import {\n  type C,\n} from "~/domain/c";\nexport const b = 2;'],
      ["app/domain/c.ts", 'export type { A } from "../models/a.server";'],
      ["app/domain/d.ts", 'import { c } from "./c";\nimport "react";'],
    ]);
    expect(importCycles(sources)).toEqual([
      ["app/domain/c.ts", "app/models/a.server.ts", "app/models/b.server.ts", "app/domain/c.ts"],
    ]);
  });

  it("form no circle", () => {
    const sources = appSources();
    expect(sources.size).toBeGreaterThan(100);
    expect(importCycles(sources)).toEqual([]);
  });
});
