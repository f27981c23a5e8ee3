// `npm run bench`: builds, starts the production server with its own data folder, then measures throughput
// and p99 latency of the catalogue pages against a static file served by the same node process (the
// ceiling), and the gzip size of the JavaScript each page loads. Pages behind sign-in (/movies) are measured
// as a customer the bench registers through the site's own forms; the others as a visitor.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const JS_BUDGET_BYTES = 90 * 1024;
const MIN_SHARE_OF_STATIC = 0.1;
const STATIC_PATH = "/favicon.svg";
// A page of plain text: its JavaScript is what React, Remix and the layout cost before any page adds its own.
const FLOOR_PATH = "/legal";
const HEADERS = {
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
};

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Every script a page loads: external ones (src and modulepreload) by URL, inline ones by their text. */
function scriptsOf(html) {
  const urls = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src);
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(href);
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, imported] of body.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) urls.add(imported);
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
  return { urls: [...urls], inline };
}

const gzipSize = (text) => zlib.gzipSync(text, { level: 9 }).length;

async function jsBytes(base, pagePath, headers) {
  const html = await (await fetch(base + pagePath, { headers })).text();
  const { urls, inline } = scriptsOf(html);
  const files = await Promise.all(urls.map(async (url) => gzipSize(await (await fetch(new URL(url, base))).text())));
  const inlineBytes = inline.reduce((sum, body) => sum + gzipSize(body), 0);
  return { files: files.length, external: files.reduce((a, b) => a + b, 0), inline: inlineBytes };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (cells, widths) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");

/** Registers a customer and signs in through the site's own forms; answers the session cookie. */
async function signIn(base) {
  const email = `bench-${Date.now()}@example.com`;
  const password = "Bench-pass-2026";
  const post = (formPath, fields) =>
    fetch(base + formPath, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base },
      body: new URLSearchParams(fields),
    });
  await post("/register", { fullName: "Bench Customer", email, password, confirmPassword: password, terms: "on" });
  const response = await post("/login", { email, password });
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (!session) throw new Error(`could not sign in the bench customer (login answered ${response.status})`);
  return session;
}

async function main(base) {
  const home = await (await fetch(base + "/", { headers: HEADERS })).text();
  const firstMovie = home.match(/href="(\/movies\/[^"/#?]+)"/)?.[1];
  if (!firstMovie) throw new Error("no movie link on the home page");
  const customer = { ...HEADERS, cookie: await signIn(base) };
  const pages = [
    ["/", HEADERS],
    ["/movies", customer],
    [firstMovie, HEADERS],
  ];

  const notes = [
    `machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} at the start; autocannon runs on the same machine`,
  ];
  for (const [pagePath, headers] of pages) {
    const response = await fetch(base + pagePath, { headers, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}, not the page`);
    if (pagePath === "/")
      notes.push(`HTML content-encoding: ${response.headers.get("content-encoding") ?? "none (uncompressed)"}`);
  }
  const staticResponse = await fetch(base + STATIC_PATH, { headers: HEADERS });
  notes.push(
    `${STATIC_PATH} content-encoding: ${staticResponse.headers.get("content-encoding") ?? "none (too small or not compressed)"}`,
  );

  // Warm-up: JIT, database caches and the lazily compiled routes.
  for (const [pagePath, headers] of [...pages, [STATIC_PATH, HEADERS]]) {
    for (let i = 0; i < 50; i++) await (await fetch(base + pagePath, { headers })).arrayBuffer();
  }

  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s per path\n`);
  const staticResult = await load(base + STATIC_PATH, HEADERS);
  const staticRps = staticResult.requests.average;
  const widths = [28, 10, 10, 9, 14, 6];
  console.log(pad(["path", "req/s", "p99 ms", "non-2xx", "of static", "target"], widths));
  console.log(
    pad(
      [`${STATIC_PATH} (static)`, staticRps.toFixed(0), staticResult.latency.p99, staticResult.non2xx, "1.00", ""],
      widths,
    ),
  );
  for (const [pagePath, headers] of pages) {
    const result = await load(base + pagePath, headers);
    const share = result.requests.average / staticRps;
    const verdict = share >= MIN_SHARE_OF_STATIC && result.non2xx === 0 && result.errors === 0 ? "ok" : "MISS";
    console.log(
      pad(
        [
          pagePath,
          result.requests.average.toFixed(0),
          result.latency.p99,
          result.non2xx + result.errors,
          share.toFixed(2),
          verdict,
        ],
        widths,
      ),
    );
  }

  console.log(`\nJavaScript per page (gzip -9; target <= ${kb(JS_BUDGET_BYTES)})\n`);
  const jsWidths = [28, 7, 12, 10, 10, 6];
  console.log(pad(["page", "files", "external", "inline", "total", "target"], jsWidths));
  for (const [pagePath, headers] of [...pages, [FLOOR_PATH, HEADERS]]) {
    const js = await jsBytes(base, pagePath, headers);
    const total = js.external + js.inline;
    const label = pagePath === FLOOR_PATH ? `${pagePath} (floor: text only)` : pagePath;
    console.log(
      pad(
        [label, js.files, kb(js.external), kb(js.inline), kb(total), total <= JS_BUDGET_BYTES ? "ok" : "MISS"],
        jsWidths,
      ),
    );
  }
  console.log(`\n${notes.join("\n")}`);
}

const BOOKING_CUSTOMERS = 50;
const BOOKING_MOVIES = 8;

/** Customers made in the site's Auth emulator, each signed in through the site's own form. */
async function benchCustomers(base) {
  const { host } = JSON.parse(fs.readFileSync(path.join(dataDir, "identity", "emulator.json"), "utf8"));
  return Promise.all(
    Array.from({ length: BOOKING_CUSTOMERS }, async (_, i) => {
      const email = `bench-booker-${i}-${Date.now()}@example.com`;
      const password = "Bench-pass-2026";
      await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password, displayName: `Booker ${i}` }),
      });
      const response = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: base },
        body: new URLSearchParams({ email, password }),
      });
      return response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .find((c) => c.startsWith("__session="));
    }),
  );
}

/** Every show of the first movies tomorrow and the day after, with the seat page it is booked from. */
async function benchShows(base) {
  const home = await (await fetch(base, { headers: HEADERS })).text();
  const movieIds = [...home.matchAll(/href="\/movies\/(\d+)"/g)].map((m) => m[1]);
  const shows = [];
  for (const movieId of [...new Set(movieIds)].slice(0, BOOKING_MOVIES)) {
    for (const offset of [1, 2]) {
      const day = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const page = await (await fetch(`${base}/movies/${movieId}/${day}`)).text();
      for (const [, id] of page.matchAll(/name="time" value="([0-9a-f-]{36})"/g))
        shows.push({ id, path: `/movies/${movieId}/${day}` });
    }
  }
  return shows;
}

/**
 * Booking posts from 50 signed-in customers at once, each for one random seat of a random show: the throughput of
 * the whole booking transaction, and what it answered.
 */
async function benchBookings(base) {
  const cookies = (await benchCustomers(base)).filter(Boolean);
  const shows = await benchShows(base);
  const pick = (items) => items[Math.floor(Math.random() * items.length)];
  const statuses = {};
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: BOOKING_CUSTOMERS,
        duration: DURATION_S,
        requests: [
          {
            method: "POST",
            setupRequest(request) {
              const show = pick(shows);
              const seat = `${pick("ABCDEFGHIJ")}${1 + Math.floor(Math.random() * 9)}`;
              const body = new URLSearchParams({ time: show.id, seats: seat, requestToken: crypto.randomUUID() });
              return {
                ...request,
                path: show.path,
                headers: {
                  cookie: pick(cookies),
                  origin: base,
                  "content-type": "application/x-www-form-urlencoded",
                },
                body: body.toString(),
              };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, statusCode) => (statuses[statusCode] = (statuses[statusCode] ?? 0) + 1));
  });
  console.log(
    `\nBooking posts (${cookies.length} signed-in customers at once, ${shows.length} shows, one random seat each)\n`,
  );
  console.log(
    `posts/s ${result.requests.average.toFixed(0)}, p99 ${result.latency.p99} ms, answers ${JSON.stringify(statuses)}`,
  );
  console.log("(302 booked, 409 seat taken or a limit, 5xx none expected)");
}

/** Seats that more than one running or paid booking holds, read from the stopped site's database: must be 0. */
async function seatsSoldTwice() {
  const db = new PGlite(path.join(dataDir, "db"));
  const [row] = (
    await db.query(
      `select count(*)::int as twice, (select count(*)::int from bookings) as bookings from (
         select show_id, seat from bookings, unnest(seats) as seat
         where status = 'paid' or (status = 'pending' and hold_expires_at > now())
         group by 1, 2 having count(*) > 1) doubled`,
    )
  ).rows;
  await db.close();
  return row;
}

const build = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cinema-bench-"));
const server = spawn(process.execPath, ["build/index.js", "start"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    // The booking bench wants the race, not the limits that keep one account from holding a hall.
    MAX_UNPAID_BOOKINGS: "1000",
    STRANDED_SEAT_RULE: "false",
    POST_LIMITS: "false",
  },
});
async function stopServer() {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await Promise.race([exited, sleep(20_000)]);
  }
}
// The data folder goes only after the server has closed its database.
async function stop() {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.once("SIGINT", () => stop().then(() => process.exit(130)));

try {
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/`, server);
  await main(base);
  await benchBookings(base);
  await stopServer();
  const { twice, bookings } = await seatsSoldTwice();
  console.log(`${bookings} bookings stored; seats sold twice: ${twice} ${twice === 0 ? "ok" : "MISS"}`);
  if (twice !== 0) process.exitCode = 1;
} catch (error) {
  console.error(`\nbench failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await stop();
}
