import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { register, signIn, startSite } from "../../scripts/lib/site.mjs";
import type { Site } from "../server/site";

const sites: Site[] = [];
afterAll(async () => {
  for (const site of sites) {
    await site.stop();
    if (!process.env.KEEP_DATA) fs.rmSync(site.dataDir, { recursive: true, force: true });
  }
});

/** The emails in a data folder's newest save of the embedded emulator's accounts. */
function savedEmails(dataDir: string) {
  const saves = path.join(dataDir, "identity", "saves");
  const newest = fs.readdirSync(saves).sort().at(-1)!;
  const { users } = JSON.parse(fs.readFileSync(path.join(saves, newest, "auth_export", "accounts.json"), "utf8"));
  return (users as { email: string }[]).map((user) => user.email).sort();
}

it("two copies of the site on one machine never touch each other's accounts", async () => {
  const [first, second] = await Promise.all([startSite(), startSite()]);
  sites.push(first, second);
  const stamp = Date.now();
  const firstEmails = [];
  for (let i = 0; i < 3; i++) firstEmails.push((await register(first, `first-${i}-${stamp}@example.com`)).email);
  const secondEmails = [];
  for (let i = 0; i < 5; i++) secondEmails.push((await register(second, `second-${i}-${stamp}@example.com`)).email);

  expect(await signIn(first, firstEmails[0])).toBeTruthy();
  expect(await signIn(first, secondEmails[0])).toBeNull();
  expect(await signIn(second, secondEmails[0])).toBeTruthy();
  expect(await signIn(second, firstEmails[0])).toBeNull();

  // Each saves its own accounts in its own folder (lifecycle.test.ts starts a folder again from its save).
  expect(await first.stop()).toBe(0);
  expect(savedEmails(first.dataDir)).toEqual([...firstEmails, "staff@marquee.example"].sort());
  expect(await second.stop()).toBe(0);
  expect(savedEmails(second.dataDir)).toEqual([...secondEmails, "staff@marquee.example"].sort());
});
