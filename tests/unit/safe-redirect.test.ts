import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/safe-redirect";
import { ENCODED_LOCAL_REDIRECTS, OFF_SITE_REDIRECTS } from "../hostile-redirects";

describe("safeRedirect", () => {
  it.each(OFF_SITE_REDIRECTS)("sends %j home", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("never answers a path that a browser would read as another host", () => {
    for (const to of [...OFF_SITE_REDIRECTS, ...ENCODED_LOCAL_REDIRECTS])
      expect(safeRedirect(to)).not.toMatch(/^(\/\/|\/\\|[a-z]+:)/i);
  });

  it("keeps encoded slashes inside a local path encoded", () => {
    for (const to of ENCODED_LOCAL_REDIRECTS) expect(safeRedirect(to)).toBe(to);
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
