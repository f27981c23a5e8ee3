import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { postForm, register, signIn, startSite, tempDataDir } from "../../scripts/lib/site.mjs";
import type { Site } from "../server/site";

const dataDirs: string[] = [];
function dataDir() {
  const dir = tempDataDir();
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Outcome = "ok" | "refused" | string;

/**
 * Keep-alive clients asking for pages without pause until the server stops taking connections. A request sent on a
 * kept-alive connection the server closed at that moment is sent again, once, as browsers do (and as Node's docs show
 * with `reusedSocket`): the server never read it.
 */
async function loadUntilClosed(site: Site, clients: number, onStarted: () => void) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const outcomes: Outcome[] = [];
  const get = (pathname: string, isRetry = false): Promise<Outcome> =>
    new Promise<Outcome>((resolve) => {
      const request = http.get(site.url + pathname, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode! < 500 ? "ok" : `status ${response.statusCode}`));
        response.on("error", (error) => resolve(`broken answer: ${error.message}`));
      });
      request.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED") resolve("refused");
        else if (error.code === "ECONNRESET" && request.reusedSocket && !isRetry) resolve(get(pathname, true));
        else resolve(`failed: ${error.code ?? error.message}`);
      });
    });
  let started = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (;;) {
        const outcome = await get(client % 2 ? "/" : "/movies/1029437");
        outcomes.push(outcome);
        if (++started === clients * 5) onStarted();
        if (outcome === "refused") return;
      }
    }),
  );
  agent.destroy();
  return outcomes;
}

/** Stops the Auth emulator of the site on `dir` (SIGSTOP) the moment it is spawned; answers its pid. */
async function pauseEmulatorOnceSpawned(dir: string) {
  // Its command line names the config file in the data folder, and nothing else's does.
  const pattern = path.join(dir, "identity", "firebase.json");
  for (;;) {
    const found = spawnSync("pgrep", ["-f", pattern], { encoding: "utf8" }).stdout.trim();
    if (found) {
      const pid = Number(found.split("\n")[0]);
      process.kill(pid, "SIGSTOP");
      return pid;
    }
    await sleep(10);
  }
}

/** Entries of a folder whose mode is looser than the owner's alone (0700 for folders, 0600 for files). */
function looseEntries(folder: string) {
  const loose: string[] = [];
  const walk = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    const want = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== want) loose.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(folder);
  return loose;
}

// Each start of the site brings its own emulator, half a minute of one core's work: each test follows one data folder
// through the starts and stops it needs, and two files run at once (vitest.config.ts).
describe("the embedded default, started as npm start does", () => {
  it("makes the staff password and prints it once, keeps the folder private, finishes every request it took on SIGTERM under load, and opens the same data again", async () => {
    const dir = dataDir();
    const site = await startSite({ dataDir: dir });
    const password = fs.readFileSync(path.join(dir, "staff-password"), "utf8").trim();
    expect(password).toMatch(/^Mq-[\w-]{24}$/);
    expect(site.output()).toContain(`Staff account created: staff@marquee.example / ${password}`);
    await register(site, `private-${Date.now()}@example.com`);

    const outcomes = await loadUntilClosed(site, 20, () => site.supervisor.kill("SIGTERM"));
    expect(await site.exited).toBe(0);
    expect(outcomes.filter((o) => o !== "ok" && o !== "refused")).toEqual([]);
    expect(outcomes.filter((o) => o === "ok").length).toBeGreaterThan(100);
    expect(site.output()).toContain("SIGTERM: finishing the requests in flight, then stopping.");
    expect(site.output()).not.toContain("Requests still running after the stop timeout");
    // The embedded database was closed (nothing is left locked), and everything in the folder is the site's alone.
    expect(fs.readdirSync(dir).filter((name) => name.endsWith(".lock"))).toEqual([]);
    expect(looseEntries(dir)).toEqual([]);

    const again = await startSite({ dataDir: dir });
    expect((await fetch(`${again.url}/movies/1029437`)).status).toBe(200);
    expect(await signIn(again, "staff@marquee.example", password)).toBeTruthy();
    expect(await again.stop()).toBe(0);
    expect(again.output()).not.toContain(password);
  });

  it("serves pages while its emulator starts, saying sign-in cannot be reached until it is ready; never prints a staff password set in the environment; when the site process dies, says so, exits non-zero and stops the emulator too", async () => {
    const chosen = "Chosen-Staff-Pass-9";
    const dir = dataDir();
    // The emulator is held still from its first moments, long before it could be ready, whatever this machine's speed.
    const paused = pauseEmulatorOnceSpawned(dir);
    const site = await startSite({ dataDir: dir, env: { STAFF_PASSWORD: chosen }, waitForIdentity: false });
    const emulatorPid = await paused;
    expect((await fetch(`${site.url}/movies/1029437`)).status).toBe(200);
    const early = await postForm(site, "/login", { email: "staff@marquee.example", password: chosen });
    expect(early.status).toBe(503);
    expect(await early.text()).toContain("We could not reach the sign-in service. Please try again in a moment.");
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ checks: { identity: "failing" } });

    process.kill(emulatorPid, "SIGCONT");
    await site.untilIdentityReady();
    expect(await signIn(site, "staff@marquee.example", chosen)).toBeTruthy();
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect(site.output()).toContain("Staff account: staff@marquee.example (password: STAFF_PASSWORD)");

    const emulatorHost = site.authEmulatorHost();
    process.kill(site.sitePid(), "SIGKILL");
    expect(await site.exited).toBe(1);
    expect(site.output()).toContain("The site process stopped unexpectedly (SIGKILL); stopping the site.");
    expect(site.output()).not.toContain(chosen);
    const emulatorUp = await fetch(`http://${emulatorHost}/`).then(
      () => true,
      () => false,
    );
    expect(emulatorUp).toBe(false);
  });
});
