import net from "node:net";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { startPostgres } from "../../scripts/postgres.mjs";
import { freePort } from "./site";

// The throwaway cluster `npm test`, `npm run prove` and `npm run bench` start (scripts/postgres.mjs).

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it("starts PostgreSQL on another port when the one it chose is taken", { timeout: 120_000 }, async ({ skip }) => {
  const holder = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
  const taken = (holder.address() as net.AddressInfo).port;
  const offered = [taken];
  const free = await freePort();

  const postgres = startPostgres({ choosePort: () => offered.shift() ?? free });
  if (!postgres) return skip("PostgreSQL is not installed and cannot be installed here");
  cleanups.push(postgres.stop);

  expect(new URL(postgres.url).port).toBe(String(free));
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  cleanups.push(() => client.end());
  expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
});
