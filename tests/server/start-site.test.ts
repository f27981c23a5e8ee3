import http from "node:http";
import type net from "node:net";
import { afterEach, expect, it } from "vitest";
import { freePort, startSite } from "./site";

// The helper every server test and `npm run prove` starts the site with (scripts/lib/site.mjs).

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it(
  "starts the site on another port when the free one it found was taken before the site listened",
  { timeout: 240_000 },
  async () => {
    // Takes the port as another test's identity emulator might, answering 200 to any GET.
    const holder = http.createServer((_request, response) => response.end("Ok"));
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
    const taken = (holder.address() as net.AddressInfo).port;
    const offered = [taken];

    const site = await startSite({ choosePort: async () => offered.shift() ?? freePort() });
    cleanups.push(() => site.stop());

    expect(site.output()).toContain(`EADDRINUSE: address already in use 127.0.0.1:${taken}`);
    expect(new URL(site.url).port).not.toBe(String(taken));
    expect((await fetch(site.url)).status).toBe(200);
  },
);
