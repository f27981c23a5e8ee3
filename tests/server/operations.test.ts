// What the people running the site see: one log line per request and never a secret in it, the request id on every
// error page, /healthz for the load balancer and /metrics for Prometheus.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signTicketCode } from "~/services/tickets.server";
import {
  freePort,
  holdFirstFreeSeat,
  openGateway,
  payOnGateway,
  postForm,
  register,
  signedInStaff,
  signIn,
  startSite,
  type Site,
} from "./site";

/** The site's secret, so the test can sign the ticket code a QR code would carry. */
const TICKET_SECRET = "operations-secret";

const METRICS_TOKEN = `metrics-${randomUUID()}`;
const CARD = "4242 4242 4242 4242";
const CVC = "8517";
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

let site: Site;
let movieId: string;
beforeAll(async () => {
  site = await startSite({
    env: { METRICS_TOKEN, TRUST_PROXY: "true", SITE_HEAP_MB: "384", SESSION_SECRET: TICKET_SECRET },
  });
  movieId = /href="\/movies\/(\d+)"/.exec(await (await fetch(site.url)).text())![1];
});
afterAll(async () => {
  expect(await site.stop()).toBe(0);
  fs.rmSync(site.dataDir, { recursive: true, force: true });
});

type LogLine = Record<string, unknown> & { reqId?: string; msg?: string };

/** The JSON lines the site has logged so far. */
function logLines(): LogLine[] {
  return site
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
}

/** The log lines of one request, once it has been logged (a line is written as the answer ends). */
async function linesOf(requestId: string) {
  for (let i = 0; i < 50; i++) {
    const lines = logLines().filter((line) => line.reqId === requestId && line.msg === "request");
    if (lines.length) return lines;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

const cookieValue = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

describe("the request log", () => {
  it("has one JSON line per request: time, id, method, route, status, duration, and the viewer when signed in", async () => {
    const anonymous = await fetch(`${site.url}/movies/${movieId}?secret-query=1`);
    const [line, ...more] = await linesOf(anonymous.headers.get("X-Request-Id")!);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: "info", method: "GET", route: "routes/movies.$id._index", status: 200 });
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(line.ms).toEqual(expect.any(Number));
    expect(line).not.toHaveProperty("uid");
    expect(JSON.stringify(line)).not.toMatch(new RegExp(`secret-query|/movies/${movieId}`));

    const { email, password } = await register(site, `logged-${Date.now()}@example.com`);
    const cookie = (await signIn(site, email, password))!;
    const signedIn = await fetch(`${site.url}/legal`, { headers: { Cookie: cookie } });
    const [signedInLine] = await linesOf(signedIn.headers.get("X-Request-Id")!);
    expect(signedInLine).toMatchObject({ route: "routes/legal", path: "/legal", status: 200 });
    expect(signedInLine.uid).toEqual(expect.stringMatching(/^\w+$/));
  });
});

describe("secrets", () => {
  it("never reach the logs, whatever flow runs: sign-up, sign-in, booking, payment, cancel, check-in", async () => {
    const email = `secrets-${Date.now()}@example.com`;
    const { password } = await register(site, email, `Pw-${randomUUID()}`);
    const wrongPassword = `Wrong-${randomUUID()}`;
    expect((await postForm(site, "/login", { email, password: wrongPassword })).status).toBe(400);
    const cookie = (await signIn(site, email, password))!;
    const fakeIdToken = `eyJhbGciOiJSUzI1NiJ9.${randomUUID()}.signature`;
    expect((await postForm(site, "/auth/google", { idToken: fakeIdToken, remember: "on" })).status).toBeLessThan(500);
    expect((await postForm(site, "/forgot-password", { email })).status).toBe(302);

    const bookingId = await holdFirstFreeSeat(site, cookie);
    // The card is typed on the test gateway's page, which the site serves too: it must not reach the logs either.
    const gateway = (await openGateway(site, bookingId, cookie))!;
    const returnPath = (await payOnGateway(site, gateway, CARD, CVC))!;
    const back = await fetch(site.url + returnPath, { redirect: "manual", headers: { Cookie: cookie } });
    expect(back.status).toBe(302);
    // What the ticket's QR code carries, which no page shows the customer.
    const code = signTicketCode(bookingId, TICKET_SECRET);

    const staffPassword = site.staffPassword();
    const staffCookie = await signedInStaff(site);
    expect(staffCookie).toBeTruthy();
    // Tomorrow's ticket is refused at the door today (409); the check-in ran all the same.
    const checkIn = await postForm(site, `/admin/check-in/${code}`, {}, { Cookie: staffCookie });
    expect(checkIn.status).toBe(409);
    expect((await postForm(site, `/my-bookings/${bookingId}/cancel`, {}, { Cookie: cookie })).status).toBe(302);
    expect((await postForm(site, "/logout", {}, { Cookie: cookie })).status).toBe(302);

    await linesOf(checkIn.headers.get("X-Request-Id")!);
    // Process ids, durations and ports are numbers that could contain the security code's digits by chance.
    const output = site.output().replace(/"(pid|ms)":[\d.]+|:\d{2,5}\b/g, "");
    const secrets = {
      password,
      wrongPassword,
      "staff password": staffPassword,
      "session cookie": cookieValue(cookie),
      "staff session cookie": cookieValue(staffCookie),
      "ID token": fakeIdToken,
      "card number": CARD,
      "card number, digits only": CARD.replaceAll(" ", ""),
      "security code": CVC,
    };
    for (const [name, secret] of Object.entries(secrets)) expect(output, name).not.toContain(secret);
    expect(site.output()).toContain(`"route":"routes/admin.check-in.$code","status":409`);
  });
});

/** The request id an error page shows; the same must be in its X-Request-Id header and a log line. */
async function expectRequestIdShown(response: Response, status: number) {
  expect(response.status).toBe(status);
  const id = response.headers.get("X-Request-Id")!;
  expect(id).toMatch(/^[0-9a-z]{8}$/);
  const page = await response.text();
  expect(page).toContain(`Request id: <code>${id}</code>`);
  expect(await linesOf(id)).toEqual([expect.objectContaining({ reqId: id, status })]);
  return page;
}

describe("error pages", () => {
  it("show the request's id, also in the X-Request-Id header and the log line", async () => {
    await expectRequestIdShown(await fetch(`${site.url}/no-such-page`), 404);
    await expectRequestIdShown(await fetch(`${site.url}/%E0%A4%A`), 400);
    const crossSite = await postForm(site, "/login", "email=a%40b.co", { Origin: "https://evil.example" });
    await expectRequestIdShown(crossSite, 403);
  });

  it("a 429 says when to try again, in the page and in Retry-After, and books nothing", async () => {
    const { email, password } = await register(site, `limited-${Date.now()}@example.com`);
    const cookie = (await signIn(site, email, password))!;
    const post = () => postForm(site, `/movies/${movieId}/${tomorrow}`, "time=bad", { Cookie: cookie });
    for (let i = 0; i < 30; i++) expect((await post()).status).toBe(400);
    const refused = await post();
    const page = await expectRequestIdShown(refused, 429);
    expect(refused.headers.get("Retry-After")).toBe("600");
    expect(page).toContain("Too many booking attempts in a short time. Please wait 10 minutes and try again.");
  });
});

describe("/healthz", () => {
  it("answers 200 with what it checked, never cached, and logs no line at info level", async () => {
    const response = await fetch(`${site.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", checks: { database: "ok", identity: "ok" } });
    await fetch(`${site.url}/`);
    expect(logLines().filter((line) => line.reqId === response.headers.get("X-Request-Id"))).toEqual([]);
  });
});

describe("/metrics", () => {
  it("answers a client on this machine and anyone with the token, in Prometheus' format", async () => {
    const local = await fetch(`${site.url}/metrics`);
    expect(local.status).toBe(200);
    expect(local.headers.get("Content-Type")).toMatch(/^text\/plain;.* version=0\.0\.4/);
    const text = await local.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="routes\/_index",status="200"\} \d+/);
    expect(text).toMatch(/marquee_bookings\{status="paid"\} \d+/);
    const withToken = await fetch(`${site.url}/metrics`, {
      headers: { "X-Forwarded-For": "203.0.113.5", Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.status).toBe(200);
  });

  it("says how far the site's heap may grow: SITE_HEAP_MB's 384 MB, and the young generation", async () => {
    const text = await (await fetch(`${site.url}/metrics`)).text();
    const megabytes = Number(/^marquee_heap_limit_bytes (\d+)$/m.exec(text)?.[1]) / 2 ** 20;
    expect(megabytes).toBeGreaterThanOrEqual(384);
    expect(megabytes).toBeLessThan(448);
    expect(text).toMatch(/^marquee_outbox_due_messages \d+$/m);
  });

  it("is a plain 404 page for a client the proxy forwards from elsewhere, or with a wrong token", async () => {
    for (const headers of <Record<string, string>[]>[
      { "X-Forwarded-For": "203.0.113.5" },
      { "X-Forwarded-For": "203.0.113.5", Authorization: "Bearer wrong-token-0123456789" },
    ]) {
      const response = await fetch(`${site.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("We could not find a page at /metrics.");
    }
  });
});

/** A TCP relay to `target` that can be cut, as a network failure between the site and its database would. */
async function relay(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)("/healthz on PostgreSQL", () => {
  it("answers 503, naming the database, once the database cannot be reached", async () => {
    const database = `health_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`create database ${database}`);
    const target = new URL(adminUrl!);
    const link = await relay(target);
    const url = new URL(adminUrl!);
    url.port = String(link.port);
    url.pathname = `/${database}`;
    const instance = await startSite({ env: { DATABASE_URL: url.toString(), SESSION_SECRET: "health-secret" } });
    try {
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
      link.cut();
      const started = Date.now();
      const failing = await fetch(`${instance.url}/healthz`);
      expect(failing.status).toBe(503);
      expect(await failing.json()).toEqual({ status: "failing", checks: { database: "failing", identity: "ok" } });
      expect(Date.now() - started).toBeLessThan(4_000);
      // A page the app renders (a cookie passes the page cache by) answers the clear 503 page, readable in whatever
      // encoding was asked for now that pages come compressed whole (decision 32).
      for (const encoding of ["br", "gzip", "identity"]) {
        const page = await fetch(`${instance.url}/movies`, { headers: { Cookie: "x=1", "Accept-Encoding": encoding } });
        expect(page.status, encoding).toBe(503);
        expect(await page.text(), encoding).toContain("Briefly unavailable");
      }
    } finally {
      await instance.stop();
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });
});
