import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, it } from "vitest";
import { register, signIn, startSite, tempDataDir } from "../../scripts/lib/site.mjs";

const dir = tempDataDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The embedded emulator saves its accounts before a sign-up is answered: a kill -9 of everything right after loses
// none, whether the emulator started on an empty folder or on one it had saved before.
it("keeps an account whose sign-up was answered, though everything is killed a second later", async () => {
  const accounts = [];
  for (let round = 0; round < 2; round++) {
    const site = await startSite({ dataDir: dir });
    accounts.push(await register(site, `kept-${round}-${Date.now()}@example.com`));
    await sleep(1000);
    await site.killAll();
  }
  const site = await startSite({ dataDir: dir });
  for (const account of accounts) expect(await signIn(site, account.email, account.password)).toBeTruthy();
  await site.stop();
});
