// Starts the real site (`node build/index.js start`: supervisor, embedded Auth emulator, Express server) on free
// ports with its own data folder, for tests of what only the whole process can show.
import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "cinema-server-test-"));
}

export type Site = {
  url: string;
  dataDir: string;
  supervisor: ChildProcess;
  /** Everything the supervisor and its children printed so far. */
  output(): string;
  /** The pid of the site process (the supervisor's `serve` child). */
  sitePid(): number;
  /** Resolves with the supervisor's exit code (or signal name). */
  exited: Promise<number | string>;
  stop(): Promise<number | string>;
  /** SIGKILL to the supervisor, the site and the emulator at once, as a power cut or the OOM killer would. */
  killAll(): Promise<void>;
};

export async function startSite({
  dataDir = tempDataDir(),
  env = {} as Record<string, string>,
  /** The folder of the app to start; by default this checkout's. */
  cwd = process.cwd(),
} = {}): Promise<Site> {
  const port = await freePort();
  let output = "";
  const supervisor = spawn(process.execPath, ["build/index.js", "start"], {
    cwd,
    detached: true, // a process group of its own, so a test can kill it whole
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      CINEMA_TIMEZONE: "UTC",
      ...env,
    },
  });
  supervisor.stdout!.on("data", (chunk) => (output += chunk));
  supervisor.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    supervisor.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (supervisor.exitCode !== null) throw new Error(`the site exited with ${supervisor.exitCode}:\n${output}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      process.kill(-supervisor.pid!, "SIGKILL"); // not left running for the test that gives up on it
      throw new Error(`the site did not answer within 90 s:\n${output}`);
    }
    await sleep(200);
  }
  return {
    url,
    dataDir,
    supervisor,
    output: () => output,
    sitePid() {
      const children = execFileSync("pgrep", ["-P", String(supervisor.pid), "-f", "build/index.js serve"], {
        encoding: "utf8",
      });
      return Number(children.trim().split("\n")[0]);
    },
    exited,
    async stop() {
      if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill("SIGTERM");
      return exited;
    },
    async killAll() {
      process.kill(-supervisor.pid!, "SIGKILL");
      await exited;
    },
  };
}

/** A form post as a browser on this site sends it; answers the response without following redirects. */
export function postForm(site: Site, pathname: string, fields: Record<string, string> | string, headers = {}) {
  return fetch(site.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.url,
      "Sec-Fetch-Site": "same-origin",
      ...headers,
    },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });
}

export async function register(site: Site, email: string, password = "Passw0rd-test") {
  const response = await postForm(site, "/register", {
    fullName: "Test Customer",
    email,
    password,
    confirmPassword: password,
    terms: "on",
  });
  if (response.status !== 302) throw new Error(`sign-up of ${email} answered ${response.status}`);
  return { email, password };
}

/** Signs in through /login; answers the session cookie, or null when sign-in was refused. */
export async function signIn(site: Site, email: string, password = "Passw0rd-test", headers = {}) {
  const response = await postForm(site, "/login", { email, password }, headers);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  return response.status === 302 && cookie ? cookie : null;
}

/** Resident memory of a process, in MB. */
export function residentMegabytes(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}
