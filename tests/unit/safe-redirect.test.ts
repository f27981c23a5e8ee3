import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/safe-redirect";

const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "https://evil.example",
  "http://evil.example/movies",
  "HTTPS://evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "%2F%2Fevil.example",
  "%2f%2fevil.example",
  "\\%5Cevil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/.//evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "/\tevil.example",
  "/\n/evil.example",
  "/\r\n//evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "evil.example",
  "//evil.example@127.0.0.1",
  "/\u000b/evil.example",
  "\u00a0//evil.example",
];

describe("safeRedirect", () => {
  it.each(HOSTILE)("sends %j home", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("never answers a path that a browser would read as another host", () => {
    for (const to of HOSTILE) expect(safeRedirect(to)).not.toMatch(/^(\/\/|\/\\|[a-z]+:)/i);
  });

  it("keeps encoded slashes inside a local path encoded", () => {
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeRedirect("/%5Cevil.example")).toBe("/%5Cevil.example");
  });

  it("keeps local paths with their query and hash", () => {
    expect(safeRedirect("/movies")).toBe("/movies");
    expect(safeRedirect("/movies?genre=Drama&sort=rating")).toBe("/movies?genre=Drama&sort=rating");
    expect(safeRedirect("/movies/123#dates")).toBe("/movies/123#dates");
    expect(safeRedirect("/admin/list-shows")).toBe("/admin/list-shows");
  });

  it("falls back for missing, non-text and overlong values", () => {
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null, "/movies")).toBe("/movies");
    expect(safeRedirect(["/movies"])).toBe("/");
    expect(safeRedirect("")).toBe("/");
    expect(safeRedirect(`/${"a".repeat(3000)}`)).toBe("/");
  });
});
