import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { register, signIn, startSite, tempDataDir } from "../../scripts/lib/site.mjs";
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

/** Keep-alive clients asking for pages without pause until the server stops taking connections. */
async function loadUntilClosed(site: Site, clients: number, onStarted: () => void) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const outcomes: Outcome[] = [];
  const get = (pathname: string) =>
    new Promise<Outcome>((resolve) => {
      const request = http.get(site.url + pathname, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode! < 500 ? "ok" : `status ${response.statusCode}`));
        response.on("error", (error) => resolve(`broken answer: ${error.message}`));
      });
      request.on("error", (error: NodeJS.ErrnoException) =>
        resolve(error.code === "ECONNREFUSED" ? "refused" : `failed: ${error.code ?? error.message}`),
      );
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

// Each test starts the site with its own emulator, half a minute of one core's work: two run at once
// (vitest.config.ts).
describe.concurrent("stopping", () => {
  it("on SIGTERM under load finishes every request it took, closes the database and exits 0", async () => {
    const dir = dataDir();
    const site = await startSite({ dataDir: dir });
    const outcomes = await loadUntilClosed(site, 20, () => site.supervisor.kill("SIGTERM"));
    expect(await site.exited).toBe(0);
    const failed = outcomes.filter((o) => o !== "ok" && o !== "refused");
    expect(failed).toEqual([]);
    expect(outcomes.filter((o) => o === "ok").length).toBeGreaterThan(100);
    expect(site.output()).toContain("SIGTERM: finishing the requests in flight, then stopping.");
    // The embedded database was closed: it opens again without complaint and nothing is left locked.
    expect(fs.readdirSync(dir).filter((name) => name.endsWith(".lock"))).toEqual([]);
    const again = await startSite({ dataDir: dir });
    expect((await fetch(`${again.url}/movies/1029437`)).status).toBe(200);
    expect(await again.stop()).toBe(0);
  });

  it("says so and exits non-zero when the site process dies, and stops the emulator too", async () => {
    const site = await startSite({ dataDir: dataDir() });
    const emulatorHost = site.authEmulatorHost();
    process.kill(site.sitePid(), "SIGKILL");
    expect(await site.exited).toBe(1);
    expect(site.output()).toContain("The site process stopped unexpectedly (SIGKILL); stopping the site.");
    const emulatorUp = await fetch(`http://${emulatorHost}/`).then(
      () => true,
      () => false,
    );
    expect(emulatorUp).toBe(false);
  });
});

describe.concurrent("the embedded identity provider", () => {
  it("keeps an account whose sign-up was answered, though everything is killed a second later", async () => {
    const dir = dataDir();
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

  it("keeps the data folder private to the site's account", async () => {
    const site = await startSite({ dataDir: dataDir() });
    await register(site, `private-${Date.now()}@example.com`);
    await site.stop();
    const loose: string[] = [];
    const walk = (entry: string) => {
      const stat = fs.lstatSync(entry);
      if (stat.isSymbolicLink()) return;
      const want = stat.isDirectory() ? 0o700 : 0o600;
      if ((stat.mode & 0o777) !== want) loose.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) walk(path.join(entry, name));
    };
    walk(site.dataDir);
    expect(loose).toEqual([]);
  });

  it("makes the staff password for each data folder and prints it once; never one set in the environment", async () => {
    const dir = dataDir();
    const first = await startSite({ dataDir: dir });
    await first.stop();
    const password = fs.readFileSync(path.join(dir, "staff-password"), "utf8").trim();
    expect(password).toMatch(/^Mq-[\w-]{24}$/);
    expect(first.output()).toContain(`Staff account created: staff@marquee.example / ${password}`);
    const second = await startSite({ dataDir: dir });
    expect(await signIn(second, "staff@marquee.example", password)).toBeTruthy();
    await second.stop();
    expect(second.output()).not.toContain(password);

    const chosen = "Chosen-Staff-Pass-9";
    const configured = await startSite({ dataDir: dataDir(), env: { STAFF_PASSWORD: chosen } });
    expect(await signIn(configured, "staff@marquee.example", chosen)).toBeTruthy();
    await configured.stop();
    expect(configured.output()).not.toContain(chosen);
    expect(configured.output()).toContain("Staff account: staff@marquee.example (password: STAFF_PASSWORD)");
  });
});
