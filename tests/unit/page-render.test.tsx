import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { expect, it, vi } from "vitest";
import handleRequest from "~/entry.server";

vi.mock("@remix-run/react", () => ({ RemixServer: () => <p>Now showing</p> }));

const activeTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;

it("a page once rendered leaves no timer holding it", async () => {
  const before = activeTimers();
  const response = await handleRequest(
    new Request("http://127.0.0.1/"),
    200,
    new Headers(),
    {} as EntryContext,
    { requestId: "test" } as AppLoadContext,
  );
  expect(await response.text()).toContain("<p>Now showing</p>");
  expect(response.headers.get("Content-Security-Policy")).toContain("script-src");
  expect(activeTimers()).toBe(before);
});
