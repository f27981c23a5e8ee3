import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { expect, it, vi } from "vitest";
import handleRequest from "~/entry.server";

// As Remix renders a page with single fetch: the document, then beside it the scripts that hand the loader data over.
vi.mock("@remix-run/react", () => ({
  RemixServer: () => (
    <>
      <html lang="en">
        <body>
          <p>Now showing</p>
        </body>
      </html>
      <script dangerouslySetInnerHTML={{ __html: "window.handedOver = true;" }} />
    </>
  ),
}));

const activeTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;

const render = () =>
  handleRequest(
    new Request("http://127.0.0.1/"),
    200,
    new Headers(),
    {} as EntryContext,
    { requestId: "test" } as AppLoadContext,
  );

it("a page once rendered leaves no timer holding it", async () => {
  const before = activeTimers();
  const response = await render();
  expect(await response.text()).toContain("<p>Now showing</p>");
  expect(response.headers.get("Content-Security-Policy")).toContain("script-src");
  expect(activeTimers()).toBe(before);
});

it("puts the scripts rendered after the document at the end of its body, with the page's length and their hashes", async () => {
  const response = await render();
  const page = await response.text();
  expect(page).toBe(
    '<!DOCTYPE html><html lang="en"><body><p>Now showing</p><script>window.handedOver = true;</script></body></html>',
  );
  expect(response.headers.get("Content-Length")).toBe(String(Buffer.byteLength(page)));
  expect(response.headers.get("Content-Security-Policy")).toContain("'sha256-");
});
