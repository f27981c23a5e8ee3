// Helpers for scripts that run the built site as production runs it (`node build/index.js start`): free ports, a
// started site with its own data folder, and customers and staff signed in through the site's own sign-in form.
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site exited with code ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts `node build/index.js start` (supervisor, embedded Auth emulator unless configured otherwise, the site) on a
 * free port with a data folder of its own. `stop()` ends it and waits for it (the database is closed then);
 * `remove()` stops it and deletes the data folder.
 */
export async function startSite(env = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cinema-site-"));
  const child = spawn(process.execPath, ["build/index.js", "start"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, ...env },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000)]);
    }
  };
  const site = {
    base: `http://127.0.0.1:${port}`,
    dataDir,
    stop,
    async remove() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitUntilUp(`${site.base}/`, child);
  } catch (error) {
    await site.remove();
    throw error;
  }
  return site;
}

/** Posts a form as the site's own page would (same origin); redirects are answered, not followed. */
export function postForm(base, pathname, fields, headers = {}) {
  return fetch(base + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Signs in through /login; answers the session cookie (`__session=...`). */
export async function signIn(base, email, password) {
  const response = await postForm(base, "/login", { email, password });
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (!session) throw new Error(`could not sign in ${email} (login answered ${response.status})`);
  return session;
}

/** `count` customers made in the site's embedded Auth emulator, each signed in through /login: their cookies. */
export async function signedInCustomers(site, count, prefix = "customer") {
  const { host } = JSON.parse(fs.readFileSync(path.join(site.dataDir, "identity", "emulator.json"), "utf8"));
  const run = Date.now().toString(36);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `${prefix}-${i}-${run}@example.com`;
      const password = "Bench-pass-2026";
      const made = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password, displayName: `Customer ${i}` }),
      });
      if (!made.ok) throw new Error(`the Auth emulator did not make ${email} (${made.status})`);
      return signIn(site.base, email, password);
    }),
  );
}

/** The embedded default's staff account, signed in: its password is the one the site kept in its data folder. */
export function signedInStaff(site) {
  const password = fs.readFileSync(path.join(site.dataDir, "staff-password"), "utf8").trim();
  return signIn(site.base, process.env.STAFF_EMAIL ?? "staff@marquee.example", password);
}
