import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The linter keeps the layers of docs/architecture.md: each import below is linted as if it were in the named file.
const eslint = new ESLint();

async function layerErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const used = [value];\n`, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the linter refuses an import against the layers", () => {
  it.each([
    ["app/utils/fixture.ts", 'import { value } from "~/domain/booking";'],
    ["app/domain/fixture.ts", 'import { value } from "~/schemas/booking";'],
    ["app/schemas/fixture.ts", 'import { value } from "~/models/bookings.server";'],
    ["app/schemas/fixture.ts", 'import { value } from "~/config.server";'],
    ["app/services/fixture.ts", 'import { value } from "~/models/users.server";'],
    ["app/models/fixture.ts", 'import { value } from "~/http/forms.server";'],
    ["app/models/fixture.ts", 'import { value } from "@conform-to/zod";'],
    ["app/components/fixture.tsx", 'import { value } from "~/models/bookings.server";'],
    ["app/components/fixture.tsx", 'import type { value } from "~/models/users.server";'],
    ["app/components/fixture.tsx", 'import { value } from "./Thing.server";'],
    ["app/hooks/fixture.ts", 'import { value } from "~/components/FormField";'],
    ["app/http/fixture.ts", 'import { value } from "~/components/ErrorPage";'],
    ["app/routes/fixture.tsx", 'import { value } from "~/routes/login";'],
    ["app/models/fixture.ts", 'import { value } from "../http/forms.server";'],
  ])("in %s: %s", async (filePath, source) => {
    expect(await layerErrors(filePath, source)).not.toEqual([]);
  });
});

describe("the linter lets imports point down", () => {
  it.each([
    ["app/routes/fixture.tsx", 'import { value } from "~/models/bookings.server";'],
    ["app/http/fixture.ts", 'import { value } from "~/models/bookings.server";'],
    ["app/components/fixture.tsx", 'import { value } from "~/domain/booking";'],
    ["app/components/fixture.tsx", 'import { value } from "~/hooks/use-hydrated";'],
    ["app/models/fixture.ts", 'import { value } from "~/services/db.server";'],
    ["app/models/fixture.ts", 'import { value } from "./users.server";'],
    ["app/schemas/fixture.ts", 'import { value } from "~/domain/seat-map";'],
    ["app/domain/fixture.ts", 'import { value } from "~/utils/format";'],
  ])("in %s: %s", async (filePath, source) => {
    expect(await layerErrors(filePath, source)).toEqual([]);
  });
});
