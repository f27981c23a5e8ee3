import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The linter keeps the site on its dependencies' public APIs (issue 47): each source below is linted as if it were in
// the named file.
const eslint = new ESLint();
const RULES = ["no-restricted-syntax", "local/no-patched-imports"];

async function publicApiErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.filter((message) => RULES.includes(message.ruleId ?? "")).map((m) => m.message);
}

describe("the linter refuses a dependency's internals", () => {
  it.each([
    [
      "an UNSAFE_ export",
      "app/root.tsx",
      'import { UNSAFE_RemixContext } from "@remix-run/react";\nexport { UNSAFE_RemixContext };',
    ],
    [
      "an UNSAFE_ export reached through a module",
      "server/fixture.ts",
      'import * as router from "@remix-run/router";\nexport const convert = router.UNSAFE_convertRoutesToDataRoutes;',
    ],
    [
      "an underscore member",
      "app/services/fixture.server.ts",
      'import { PGlite } from "@electric-sql/pglite";\nexport const run = (lite: PGlite) => lite._runExclusiveQuery(async () => 1);',
    ],
    [
      "a response's writeHead replaced",
      "server/fixture.ts",
      'import type { ServerResponse } from "node:http";\nexport function patch(res: ServerResponse) {\n  res.writeHead = () => res;\n}',
    ],
    [
      "a response's end replaced",
      "server/fixture.ts",
      'import type { Response } from "express";\nexport function patch(res: Response) {\n  res.end = () => res;\n}',
    ],
    [
      "a name of ours marked UNSAFE_, which reads like a dependency's internal",
      "app/utils/fixture.ts",
      "export const UNSAFE_CHARACTERS = /x/;",
    ],
    [
      "an import's export reassigned",
      "server/fixture.ts",
      'import * as router from "@remix-run/router";\n(router as { matchRoutes: unknown }).matchRoutes = null;',
    ],
    [
      "a required module's export reassigned",
      "server/fixture.ts",
      'import { createRequire } from "node:module";\nconst load = createRequire(import.meta.url);\nconst router = load("@remix-run/router");\nrouter.matchRoutes = null;',
    ],
  ])("%s", async (_kind, filePath, source) => {
    expect(await publicApiErrors(filePath, source)).not.toEqual([]);
  });
});

describe("the linter lets our own names and public calls be", () => {
  it.each([
    [
      "a response's methods called",
      "server/fixture.ts",
      'import type { Response } from "express";\nexport function answer(res: Response) {\n  res.writeHead(200);\n  res.end();\n}',
    ],
    [
      "PGlite's public lock",
      "app/services/fixture.server.ts",
      'import { PGlite } from "@electric-sql/pglite";\nexport const run = (lite: PGlite) => lite.runExclusive(async () => 1);',
    ],
    [
      "an object of ours given a member",
      "server/fixture.ts",
      'import type { Response } from "express";\nexport function name(res: Response) {\n  res.locals.route = "static";\n}',
    ],
  ])("%s", async (_kind, filePath, source) => {
    expect(await publicApiErrors(filePath, source)).toEqual([]);
  });
});
