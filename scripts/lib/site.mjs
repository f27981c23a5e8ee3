import { randomUUID } from "node:crypto";
// Starts the real site (`node build/index.js start`: supervisor, embedded Auth emulator, Express server) on free
// ports with its own data folder, for the server tests and `npm run prove`.
import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * With BENCH_CPU_PROF (a folder) in the caller's environment, each site started here profiles its serve process into
 * that folder (scripts/lib/cpu-profile-preload.mjs): how `npm run bench` and `npm run prove` say where the time went.
 */
function cpuProfileEnv() {
  const folder = process.env.BENCH_CPU_PROF;
  if (!folder) return {};
  fs.mkdirSync(folder, { recursive: true });
  const preload = path.resolve(path.dirname(new URL(import.meta.url).pathname), "cpu-profile-preload.mjs");
  return { BENCH_CPU_PROF: path.resolve(folder), NODE_OPTIONS: `--import=${preload}` };
}

export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "cinema-server-test-"));
}

/**
 * `node build/index.js <command>` of the app in `cwd`, in production mode with only the environment given (and what
 * finding programs needs), in a process group of its own so a test can kill it whole.
 * @param {string} command @param {{ cwd?: string, env: Record<string, string | undefined> }} options
 */
function spawnBuild(command, { cwd = process.cwd(), env }) {
  return spawn(process.execPath, ["build/index.js", command], {
    cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { NODE_ENV: "production", PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
}

/**
 * The embedded default's Auth emulator alone (`node build/index.js auth-emulator`), with its staff account, on a
 * temporary data folder of its own. Sites given it as their `identity` share it and start in seconds, without an
 * emulator of their own to start (half a minute of firebase-tools compiling its schemas). `stop` removes the folder.
 * @returns {Promise<AuthEmulator & { stop(): Promise<void> }>}
 */
export async function startAuthEmulatorAlone() {
  const dataDir = tempDataDir();
  const child = spawnBuild("auth-emulator", { env: { DATA_DIR: dataDir } });
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const host = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid, "SIGKILL");
      reject(new Error(`the Auth emulator did not start within 120 s:\n${output}`));
    }, 120_000);
    const read = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      const started = /Auth emulator on http:\/\/(\S+) /.exec(output);
      if (started) {
        clearTimeout(timer);
        resolve(started[1]);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the Auth emulator exited with ${code}:\n${output}`));
    });
  });
  return {
    host,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** @typedef {{ host: string, dataDir: string }} AuthEmulator host:port of its endpoints, and its data folder */

/**
 * @param {{ dataDir?: string, env?: Record<string, string>, cwd?: string, startSeconds?: number,
 *   choosePort?: () => Promise<number>, identity?: AuthEmulator, waitForIdentity?: boolean }} options `cwd`: the
 *   folder of the app to start, by default this checkout's; `startSeconds`: how long it may take to answer;
 *   `choosePort`: where it is asked to listen, a free port by default; `identity`: an emulator started alone, used
 *   instead of one of the site's own; `waitForIdentity` false: answer once the pages do, before the site's own
 *   emulator is ready.
 */
export async function startSite({ dataDir = tempDataDir(), choosePort = freePort, ...options } = {}) {
  let output = "";
  const print = (/** @type {string} */ chunk) => (output += chunk);
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort();
    try {
      return await startSiteOnce({ dataDir, ...options }, port, print, () => output);
    } catch (error) {
      // Another process was given the port between the probe and the site's listen, seconds later since the
      // emulator starts first (any outgoing connection may be). Another free port is as good.
      const portTaken = String(error).includes(`EADDRINUSE: address already in use 127.0.0.1:${port}`);
      if (!portTaken || attempt === 3) throw error;
    }
  }
}

/**
 * @param {{ dataDir: string, env?: Record<string, string>, cwd?: string, startSeconds?: number,
 *   identity?: AuthEmulator, waitForIdentity?: boolean }} options
 * @param {number} port
 * @param {(chunk: string) => void} print
 * @param {() => string} output everything the attempts so far printed
 */
async function startSiteOnce(
  { dataDir, env = {}, cwd = process.cwd(), startSeconds = 90, identity, waitForIdentity = true },
  port,
  print,
  output,
) {
  const identityReady = () => Boolean(identity) || output().includes("Auth emulator on http://");
  const supervisor = spawnBuild("start", {
    cwd,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      CINEMA_TIMEZONE: "UTC",
      ...cpuProfileEnv(),
      ...(identity ? { FIREBASE_AUTH_EMULATOR_HOST: identity.host } : {}),
      ...env,
    },
  });
  supervisor.stdout.on("data", print);
  supervisor.stderr.on("data", print);
  /** @type {Promise<number | string>} Resolves with the supervisor's exit code (or signal name). */
  const exited = new Promise((resolve) =>
    supervisor.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (supervisor.exitCode !== null) throw new Error(`the site exited with ${supervisor.exitCode}:\n${output()}`);
    if (
      // Whatever else holds the port may answer too (another test's identity emulator answers 200 to any GET), or
      // never: the site must have said it listens there, and the wait for an answer is bounded.
      output().includes(`Site on ${url}\n`) &&
      // A site with an emulator of its own answers pages while the emulator starts; most tests sign in at once.
      (!waitForIdentity || identityReady()) &&
      (await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      ))
    )
      break;
    if (Date.now() > deadline) {
      process.kill(-supervisor.pid, "SIGKILL"); // not left running for the test that gives up on it
      throw new Error(`the site did not answer within ${startSeconds} s:\n${output()}`);
    }
    await sleep(200);
  }
  return {
    url,
    dataDir,
    supervisor,
    /** Everything the supervisor and its children printed so far. */
    output,
    /** Waits until the site's own emulator is ready (startSite waits for it unless `waitForIdentity` is false). */
    async untilIdentityReady() {
      while (!identityReady()) {
        if (supervisor.exitCode !== null) throw new Error(`the site exited with ${supervisor.exitCode}:\n${output()}`);
        await sleep(100);
      }
    },
    /** host:port of the Auth emulator the site uses, its own or the one it was given. */
    authEmulatorHost() {
      if (identity) return identity.host;
      return JSON.parse(fs.readFileSync(path.join(dataDir, "identity", "emulator.json"), "utf8")).host;
    },
    /** The staff account's password, made for the data folder of the site or of the emulator it was given. */
    staffPassword() {
      return fs.readFileSync(path.join(identity?.dataDir ?? dataDir, "staff-password"), "utf8").trim();
    },
    /** The pid of the site process (the supervisor's `serve` child). */
    sitePid() {
      const children = execFileSync("pgrep", ["-P", String(supervisor.pid), "-f", "build/index.js serve"], {
        encoding: "utf8",
      });
      return Number(children.trim().split("\n")[0]);
    },
    exited,
    /** @returns {Promise<number | string>} */
    async stop() {
      if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill("SIGTERM");
      return exited;
    },
    /** SIGKILL to the supervisor, the site and the emulator at once, as a power cut or the OOM killer would. */
    async killAll() {
      process.kill(-supervisor.pid, "SIGKILL");
      await exited;
      // The site and the emulator are reaped by init once their parent is gone; until then they still hold their pids,
      // which the data folder's locks would take for a running copy. A restart waits for the whole group to be gone.
      for (;;) {
        try {
          process.kill(-supervisor.pid, 0);
        } catch {
          return;
        }
        await sleep(20);
      }
    },
  };
}

/** A form post as a browser on this site sends it; answers the response without following redirects. */
/**
 * @param {{ url: string }} site
 * @param {string} pathname
 * @param {Record<string, string> | string | URLSearchParams} fields
 * @param {Record<string, string | undefined>} headers
 */
export function postForm(site, pathname, fields, headers = {}) {
  return fetch(site.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.url,
      "Sec-Fetch-Site": "same-origin",
      ...headers,
    },
    body: typeof fields === "string" || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
  });
}

/**
 * Holds the first free seat of the first show of tomorrow of the home page's first movie, as the customer of `cookie`:
 * the first free seat in hall order, which strands no seat whatever hall the show is in. Answers the booking's id.
 * @param {{ url: string }} site @param {string} cookie
 */
export async function holdFirstFreeSeat(site, cookie) {
  const home = await (await fetch(site.url)).text();
  const movieId = /href="\/movies\/(\d+)"/.exec(home)?.[1];
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const seatPage = await (await fetch(`${site.url}/movies/${movieId}/${tomorrow}`)).text();
  const showId = /name="time" value="([0-9a-f-]{36})"/.exec(seatPage)?.[1];
  // Read as the customer: a visitor's copy of the seat page may be a second old, from before a seat was just taken.
  const seatMap = await (
    await fetch(`${site.url}/movies/${movieId}/${tomorrow}?time=${showId}`, { headers: { Cookie: cookie } })
  ).text();
  const seat = /aria-label="Row [A-Z], seat \d+(?:, premium seat)?, available" value="([A-Z]\d+)"/.exec(seatMap)?.[1];
  const booked = await postForm(
    site,
    `/movies/${movieId}/${tomorrow}`,
    { time: showId ?? "", seats: seat ?? "", requestToken: randomUUID() },
    { Cookie: cookie },
  );
  const bookingId = /\/my-bookings\/([0-9a-f-]{36})/.exec(booked.headers.get("location") ?? "")?.[1];
  if (booked.status !== 302 || !bookingId)
    throw new Error(`holding a seat answered ${booked.status}, to ${booked.headers.get("location")}`);
  return bookingId;
}

/** The path of an address the site gave in a Location header (the test gateway's page, a return page). */
/** @param {string | null} location */
function pathOf(location) {
  const url = new URL(location ?? "", "http://site.invalid");
  return url.pathname + url.search;
}

/**
 * Pay opens the test gateway's page (decision 45): answers that page's path, or null when the site refused.
 * @param {{ url: string }} site @param {string} bookingId @param {string} cookie
 */
export async function openGateway(site, bookingId, cookie) {
  const response = await postForm(site, `/my-bookings/${bookingId}/pay`, {}, { Cookie: cookie });
  const location = response.headers.get("location");
  return response.status === 303 && location?.includes("/test-gateway/checkouts/") ? pathOf(location) : null;
}

/**
 * A card typed on the test gateway's page: answers the return page's path the gateway sends the customer to, or null
 * when it took no payment.
 * @param {{ url: string }} site @param {string} gatewayPath
 */
export async function payOnGateway(site, gatewayPath, cardNumber = "4242 4242 4242 4242", cvc = "123") {
  const response = await postForm(site, gatewayPath, { cardNumber, expiry: "12/34", cvc });
  const location = response.headers.get("location");
  return response.status === 303 && location?.includes("/paid?checkout=") ? pathOf(location) : null;
}

/**
 * The whole payment of a held booking: Pay, the good card on the gateway's page, and the return page. Answers whether
 * the site then says the booking is paid (its return page sends the customer to the booking).
 * @param {{ url: string }} site @param {string} bookingId @param {string} cookie
 */
export async function payThroughGateway(site, bookingId, cookie) {
  const gateway = await openGateway(site, bookingId, cookie);
  const returnPath = gateway && (await payOnGateway(site, gateway));
  if (!returnPath) return false;
  const back = await fetch(site.url + returnPath, { redirect: "manual", headers: { Cookie: cookie } });
  return back.status === 302 && back.headers.get("location") === `/my-bookings/${bookingId}`;
}

/** @param {{ url: string }} site @param {string} email */
export async function register(site, email, password = "Passw0rd-test") {
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
/** @param {{ url: string }} site @param {string} email @param {Record<string, string | undefined>} headers */
export async function signIn(site, email, password = "Passw0rd-test", headers = {}) {
  const response = await postForm(site, "/login", { email, password }, headers);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  return response.status === 302 && cookie ? cookie : null;
}

/**
 * CPU time a process (all its threads) has used so far, in ms. /proc counts it in ticks of 1/100 s (USER_HZ, fixed
 * by the kernel's ABI), so differences are exact to 10 ms. Unlike the wall clock, it does not grow when other
 * programs keep the cores busy.
 * @param {number} pid
 */
export function cpuMilliseconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which is in parentheses and may itself hold spaces: state is the first.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [userTicks, systemTicks] = [Number(fields[11]), Number(fields[12])];
  return (userTicks + systemTicks) * 10;
}

/** Resident memory of a process, in MB. */
/** @param {number} pid */
export function residentMegabytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

/**
 * `count` customers made in the site's Auth emulator, each signed in through /login: their cookies.
 * @param {{ url: string, authEmulatorHost(): string }} site @param {number} count @param {string} prefix
 */
export async function signedInCustomers(site, count, prefix = "customer") {
  const host = site.authEmulatorHost();
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
      const cookie = await signIn(site, email, password);
      if (!cookie) throw new Error(`could not sign in ${email}`);
      return cookie;
    }),
  );
}

/**
 * The embedded default's staff account, signed in: its password is the one made for the emulator's data folder.
 * Sites of the server tests share one emulator, each with a database of its own; a site makes the account a manager
 * from its claim and then takes the claim off (decision 69), so the claim is set again first, as `npm run
 * grant-admin` would be run for each new database.
 * @param {{ url: string, staffPassword(): string, authEmulatorHost(): string }} site
 */
export async function signedInStaff(site) {
  const password = site.staffPassword();
  const toolkit = `http://${site.authEmulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const signedIn = await fetch(`${toolkit}/accounts:signInWithPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "staff@marquee.example", password, returnSecureToken: true }),
  });
  if (!signedIn.ok) throw new Error(`the Auth emulator refused the staff account (${signedIn.status})`);
  const { localId } = await signedIn.json();
  const granted = await fetch(`${toolkit}/projects/demo-marquee/accounts:update`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify({ localId, customAttributes: JSON.stringify({ admin: true }) }),
  });
  if (!granted.ok) throw new Error(`the Auth emulator did not grant the staff claim (${granted.status})`);
  const cookie = await signIn(site, "staff@marquee.example", password);
  if (!cookie) throw new Error("could not sign in the staff account");
  return cookie;
}

/**
 * The message of the remix-toast cookie an answer sets (a signed cookie session: base64 of JSON, then a signature).
 * @param {string | null | undefined} setCookie the answer's Set-Cookie header(s)
 */
export function toastMessage(setCookie) {
  const value = /(?:^|[,\s])toast=([^;]*)/.exec(setCookie ?? "")?.[1];
  if (!value) return null;
  const payload = decodeURIComponent(value).replace(/\.[^.]*$/, "");
  return /"message":"([^"]*)"/.exec(decodeURIComponent(escape(atob(payload))))?.[1] ?? null;
}
