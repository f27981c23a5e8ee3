import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataFolder } from "../../server/data-folder";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinema-lock-"));
const children: number[] = [];
afterAll(() => {
  for (const pid of children) spawnSync("kill", ["-9", String(pid)]);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A process that runs for a while, and the pid of a child of it that has exited and which it never reaps. */
async function parentOfAZombie() {
  // The shell starts a short sleep in the background, prints its pid, then becomes `sleep 30`, which never waits for
  // it. The background one outlives the shell's own moments: a shell reaps a child that ends before it execs.
  const parent = spawn("sh", ["-c", "sleep 1 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(parent.pid!);
  const zombie = await new Promise<number>((resolve) => parent.stdout!.once("data", (chunk) => resolve(Number(chunk))));
  for (let tries = 0; tries < 500; tries++) {
    const stat = fs.readFileSync(`/proc/${zombie}/stat`, "utf8");
    if (stat[stat.lastIndexOf(")") + 2] === "Z") break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { parent: parent.pid!, zombie };
}

describe.skipIf(process.platform !== "linux")("a data folder's lock", () => {
  it("refuses a second copy while the holder runs, and is taken over from a holder that died unreaped", async () => {
    const { parent, zombie } = await parentOfAZombie();
    fs.writeFileSync(path.join(dir, "db.lock"), String(parent));
    expect(() => lockDataFolder(dir, "db")).toThrow(`is in use by another copy of the site (process ${parent})`);
    fs.writeFileSync(path.join(dir, "db.lock"), String(zombie));
    lockDataFolder(dir, "db");
    expect(fs.readFileSync(path.join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
  });
});
