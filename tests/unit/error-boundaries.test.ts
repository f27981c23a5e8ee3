import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorPageText } from "~/components/ErrorPage";

const ROUTES = "app/routes";
const SHARED_BOUNDARY = 'export { ErrorBoundary } from "~/components/ErrorPage";';

/** The route modules that draw a page: those with a component. The rest (downloads, posts, redirects) draw none. */
function pageRoutes() {
  return readdirSync(ROUTES)
    .filter((file) => /^export default /m.test(readFileSync(path.join(ROUTES, file), "utf8")))
    .sort();
}

it("every page route shows its errors with the site's one error boundary", () => {
  const pages = pageRoutes();
  expect(pages).toContain("movies.$id._index.tsx");
  expect(pages).not.toContain("logout.tsx");
  const without = pages.filter((file) => !readFileSync(path.join(ROUTES, file), "utf8").includes(SHARED_BOUNDARY));
  expect(without, `page routes without \`${SHARED_BOUNDARY}\``).toEqual([]);
});

/** A thrown `Response` as the error boundary receives it. */
const thrown = (status: number, data: string) => ({ status, statusText: "", internal: false, data });

describe("an error page says what went wrong", () => {
  it.each([
    [thrown(404, "We could not find that movie."), "Page not found", "We could not find that movie."],
    [thrown(404, ""), "Page not found", "We could not find that page. It may have moved, or the link may be wrong."],
    [thrown(403, "This page is for cinema staff only."), "Access denied", "This page is for cinema staff only."],
    [
      thrown(429, "Please wait 10 minutes and try again."),
      "Too many requests",
      "Please wait 10 minutes and try again.",
    ],
    [
      thrown(503, "We could not reach the sign-in service."),
      "Briefly unavailable",
      "We could not reach the sign-in service.",
    ],
    [
      thrown(500, "relation missing"),
      "Something went wrong",
      "Sorry, we could not show this page. Please try again in a moment.",
    ],
    [
      new Error("relation missing"),
      "Something went wrong",
      "Sorry, we could not show this page. Please try again in a moment.",
    ],
  ])("%o", (error, title, message) => {
    expect(errorPageText(error)).toEqual({ title, message });
  });
});
