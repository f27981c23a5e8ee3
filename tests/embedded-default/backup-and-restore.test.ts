// `npm run backup` of a running embedded default and `npm run restore` of it into another folder (decision 62): the
// restored site has the customer's account, their booking and the secret their cookie was signed with.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { holdFirstFreeSeat, register, signIn, startSite, tempDataDir } from "../../scripts/lib/site.mjs";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** `node build/index.js <command> ...args` on the data folder `dataDir`. */
function run(command: string, args: string[], dataDir: string) {
  const { status, stdout, stderr } = spawnSync(process.execPath, ["build/index.js", command, ...args], {
    encoding: "utf8",
    env: { NODE_ENV: "production", PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
  });
  return { status, output: stdout + stderr };
}

it("backs up a running site, refuses to restore into it, and restores into a fresh folder with accounts, bookings and secrets", async () => {
  const site = await startSite();
  const restoredDir = tempDataDir();
  const backupDir = path.join(tempDataDir(), "backup");
  folders.push(site.dataDir, restoredDir, path.dirname(backupDir));
  const customer = await register(site, `backed-up-${Date.now()}@example.com`);
  const cookie = (await signIn(site, customer.email, customer.password))!;
  const bookingId = await holdFirstFreeSeat(site, cookie);

  const backup = run("backup", [backupDir], site.dataDir);
  expect(backup.output).toContain(
    `written to ${backupDir}: the database, the accounts, session-secret, staff-password`,
  );
  expect(backup.status).toBe(0);
  expect(fs.statSync(backupDir).mode & 0o077).toBe(0);

  const refused = run("restore", [backupDir], site.dataDir);
  expect(refused.output).toContain("Stop the site before restoring");
  expect(refused.status).toBe(1);
  const notABackup = run("restore", [site.dataDir], restoredDir);
  expect(notABackup.output).toContain("is not a whole backup");
  expect(notABackup.status).toBe(1);
  const staffPassword = site.staffPassword();
  expect(await site.stop()).toBe(0);

  const restore = run("restore", [backupDir], restoredDir);
  expect(restore.output).toContain(`Restored ${backupDir} into ${restoredDir}`);
  expect(restore.status).toBe(0);
  const restored = await startSite({ dataDir: restoredDir });
  try {
    // The cookie of the first site still opens the booking: the session and the secret that signed it came back.
    const booking = await fetch(`${restored.url}/my-bookings/${bookingId}`, { headers: { Cookie: cookie } });
    expect(booking.status).toBe(200);
    expect(await signIn(restored, customer.email, customer.password)).toBeTruthy();
    expect(restored.staffPassword()).toBe(staffPassword);
  } finally {
    await restored.stop();
  }
});
