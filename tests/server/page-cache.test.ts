import crypto, { randomUUID } from "node:crypto";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm, register, signedInStaff, signIn, startSite, tempDataDir, type Site } from "./site";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function start(env: Record<string, string> = {}, dataDir = tempDataDir()) {
  const site = await startSite({ dataDir, env });
  cleanups.push(async () => {
    await site.stop();
    fs.rmSync(site.dataDir, { recursive: true, force: true });
  });
  return site;
}

const get = (site: Site, pathname: string, headers: Record<string, string> = {}) =>
  fetch(site.url + pathname, { redirect: "manual", headers });

/** A movie now showing, the first day it has shows and that day's first show. */
async function firstShow(site: Site) {
  const home = await (await get(site, "/")).text();
  const movieId = /href="\/movies\/([^"/#?]+)"/.exec(home)![1];
  const moviePage = await (await get(site, `/movies/${movieId}`)).text();
  const [, day, showId] = /href="\/movies\/[^/]+\/(\d{4}-\d{2}-\d{2})\?time=([0-9a-f-]{36})/.exec(moviePage)!;
  return { movieId, day, showId };
}

/** Each inline script of a page must be allowed by a hash in its own CSP, and nothing else inline. */
function expectScriptsAllowed(html: string, csp: string | null, label: string) {
  const scriptSrc = csp?.split("; ").find((directive) => directive.startsWith("script-src "));
  expect(scriptSrc, label).toBeTruthy();
  expect(scriptSrc, label).not.toContain("unsafe-inline");
  expect(scriptSrc, label).not.toContain("nonce-");
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes, text]) => !/\ssrc=/.test(attributes) && text,
  );
  expect(inline.length, label).toBeGreaterThan(0);
  for (const [, , text] of inline) {
    const hash = crypto.createHash("sha256").update(text).digest("base64");
    expect(scriptSrc, `${label}: ${text.slice(0, 60)}`).toContain(`'sha256-${hash}'`);
  }
}

/**
 * A page is one document: everything, Remix's streamed data scripts too, inside its body, nothing after `</html>`
 * (which an HTML validator reports as an error).
 */
function expectOneDocument(html: string, label: string) {
  expect(html.endsWith("</body></html>"), `${label}: ${html.slice(-120)}`).toBe(true);
  expect(html.match(/<\/body>/g), label).toHaveLength(1);
  expect(html.match(/<\/html>/g), label).toHaveLength(1);
  expect(html, label).toContain("window.__remixContext.streamController.close();</script>");
}

describe("the page cache on one instance", () => {
  let site: Site;
  let show: Awaited<ReturnType<typeof firstShow>>;
  beforeAll(async () => {
    site = await start();
    show = await firstShow(site);
  });

  it("renders a page once and serves the repeats from memory, brotli or gzip as asked, counted in /metrics", async () => {
    const first = await get(site, "/legal", { "Accept-Encoding": "br" });
    expect(first.headers.get("X-Cache")).toBe("miss");
    expect(first.headers.get("Content-Encoding")).toBe("br");
    const html = await first.text();
    const again = await get(site, "/legal", { "Accept-Encoding": "gzip" });
    expect(again.headers.get("X-Cache")).toBe("hit");
    expect(again.headers.get("Content-Encoding")).toBe("gzip");
    expect(again.headers.get("Vary")).toContain("Accept-Encoding");
    expect(again.headers.get("Cache-Control")).toBe("no-cache");
    expect(again.headers.get("X-Request-Id")).toMatch(/^\w{8}$/);
    expect(await again.text()).toBe(html);
    // Its single-fetch data too, and the same page however its parameters are ordered.
    expect((await get(site, "/legal.data")).headers.get("X-Cache")).toBe("miss");
    expect((await get(site, "/legal.data")).headers.get("X-Cache")).toBe("hit");
    await get(site, `/movies/${show.movieId}?day=${show.day}&dates=1`);
    expect((await get(site, `/movies/${show.movieId}?dates=1&day=${show.day}`)).headers.get("X-Cache")).toBe("hit");

    const metrics = await (await get(site, "/metrics")).text();
    const count = (result: string) =>
      Number(new RegExp(`marquee_page_cache_requests_total\\{result="${result}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
    expect(count("hit")).toBeGreaterThanOrEqual(3);
    expect(count("miss")).toBeGreaterThanOrEqual(3);
  });

  it("keeps no page for an address with a parameter the page does not read, nor for a request with a cookie", async () => {
    const crafted = await get(site, `/?utm_source=${randomUUID()}`);
    expect(crafted.status).toBe(200);
    expect(crafted.headers.get("X-Cache")).toBeNull();
    const withCookie = await get(site, "/legal", { Cookie: "toast=x" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("X-Cache")).toBeNull();
  });

  it("serves a kept page to a browser whose only cookie is the known-device one, which changes no page", async () => {
    await get(site, "/legal");
    const knownDevice = await get(site, "/legal", { Cookie: "known_device=x" });
    expect(knownDevice.headers.get("X-Cache")).toBe("hit");
    const withToast = await get(site, "/legal", { Cookie: "known_device=x; toast=y" });
    expect(withToast.headers.get("X-Cache")).toBeNull();
  });

  it("sends a page rendered for one viewer compressed as asked, with a CSP that fits it, and plain with its length", async () => {
    const { email } = await register(site, `whole-${randomUUID().slice(0, 8)}@example.com`);
    const cookie = (await signIn(site, email))!;
    const seatPage = `/movies/${show.movieId}/${show.day}?time=${show.showId}`;
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await get(site, seatPage, { Cookie: cookie, "Accept-Encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Cache")).toBeNull();
      expect(response.headers.get("Content-Encoding"), accept).toBe(encoding);
      expect(response.headers.get("Vary"), accept).toContain("Accept-Encoding");
      const html = await response.text();
      expect(html, accept).toContain("Test Customer");
      expect(html, accept).toContain("</html>");
      if (!encoding) expect(Number(response.headers.get("Content-Length"))).toBe(Buffer.byteLength(html));
      expectScriptsAllowed(html, response.headers.get("Content-Security-Policy"), accept);
    }
  });

  it("sends a viewer's single-fetch data compressed as asked, and under 1 KB plain with its length", async () => {
    const { email } = await register(site, `data-${randomUUID().slice(0, 8)}@example.com`);
    const cookie = (await signIn(site, email))!;
    const seatData = `/movies/${show.movieId}/${show.day}.data?time=${show.showId}`;
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await get(site, seatData, { Cookie: cookie, "Accept-Encoding": accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get("Content-Encoding"), accept).toBe(encoding);
      expect(response.headers.get("Vary"), accept).toContain("Accept-Encoding");
      const length = Number(response.headers.get("Content-Length"));
      const text = await response.text();
      expect(text, accept).toContain("Test Customer");
      expect(text, accept).toContain(show.showId);
      if (!encoding) expect(length).toBe(Buffer.byteLength(text));
    }
    const rootOnly = await get(site, `${seatData}&_routes=root`, { Cookie: cookie, "Accept-Encoding": "br" });
    const text = await rootOnly.text();
    expect(Buffer.byteLength(text)).toBeLessThan(1024);
    expect(rootOnly.headers.get("Content-Encoding")).toBeNull();
    expect(Number(rootOnly.headers.get("Content-Length"))).toBe(Buffer.byteLength(text));
    expect(text).toContain("Test Customer");
  });

  it("never puts one viewer's data in a kept page: their name, a toast, their form token", async () => {
    const { email } = await register(site, `kept-${randomUUID().slice(0, 8)}@example.com`);
    const cookie = (await signIn(site, email))!;
    const seatPage = `/movies/${show.movieId}/${show.day}?time=${show.showId}`;
    const theirs = await (await get(site, seatPage, { Cookie: cookie })).text();
    expect(theirs).toContain("Test Customer");
    const token = /name="requestToken" value="([0-9a-f-]{36})"/.exec(theirs)![1];
    // A date without shows sends them back to the show times with a toast.
    const refused = await get(site, `/movies/${show.movieId}/2099-01-01`, { Cookie: cookie });
    const toastCookie = refused.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("toast="))!;
    const withToast = await (
      await get(site, `/movies/${show.movieId}`, { Cookie: `${cookie}; ${toastCookie}` })
    ).text();
    expect(withToast).toContain("There are no shows on that date");

    for (const pathname of ["/", `/movies/${show.movieId}`, seatPage, `/movies/${show.movieId}.data`]) {
      for (let i = 0; i < 2; i++) {
        const response = await get(site, pathname);
        expect(response.headers.get("X-Cache"), pathname).toMatch(/hit|miss/);
        expect(response.headers.get("Set-Cookie"), pathname).toBeNull();
        const page = await response.text();
        expect(page, pathname).not.toContain("Test Customer");
        expect(page, pathname).not.toContain("There are no shows on that date");
        expect(page, pathname).not.toContain(token);
        expect(page, pathname).not.toContain("Logout");
      }
    }
  });

  it("shows a seat taken at most a second after it was sold", async () => {
    const seatPage = `/movies/${show.movieId}/${show.day}?time=${show.showId}`;
    const seatInput = (html: string, seat: string) => new RegExp(`<input[^>]*value="${seat}"[^>]*>`).exec(html)![0];
    const before = await (await get(site, seatPage)).text();
    const seat = /aria-label="Row [A-Z], seat \d+(?:, premium seat)?, available" value="([A-Z]\d+)"/.exec(before)![1];
    const { email } = await register(site, `buyer-${randomUUID().slice(0, 8)}@example.com`);
    const cookie = (await signIn(site, email))!;
    // Kept again just before the seat is sold.
    expect(seatInput(await (await get(site, seatPage)).text(), seat)).not.toContain("disabled");
    const booked = await postForm(
      site,
      `/movies/${show.movieId}/${show.day}`,
      new URLSearchParams([
        ["time", show.showId],
        ["seats", seat],
        ["requestToken", randomUUID()],
      ]).toString(),
      { Cookie: cookie },
    );
    expect(booked.status).toBe(302);
    await sleep(1_000);
    expect(seatInput(await (await get(site, seatPage)).text(), seat)).toContain("disabled");
  });

  it("gives every page its scripts inside its body and a CSP that allows exactly its inline scripts", async () => {
    const { email } = await register(site, `csp-${randomUUID().slice(0, 8)}@example.com`);
    const customer = (await signIn(site, email))!;
    const staff = await signedInStaff(site);
    const seatPage = `/movies/${show.movieId}/${show.day}`;
    const pages: [string, string | null][] = [
      ["/", null],
      ["/legal", null],
      ["/login", null],
      ["/register", null],
      ["/forgot-password", null],
      [`/movies/${show.movieId}`, null],
      [`/movies/${show.movieId}?trailer`, null],
      [seatPage, null],
      [`${seatPage}?time=${show.showId}`, null],
      ["/no-such-page", null],
      ["/", customer],
      ["/movies", customer],
      ["/favourites", customer],
      ["/my-bookings", customer],
      [`${seatPage}?time=${show.showId}`, customer],
      ["/admin", staff],
      ["/admin/add-shows", staff],
      ["/admin/list-shows", staff],
      ["/admin/halls", staff],
    ];
    for (const [pathname, cookie] of pages) {
      // Twice: the copy served from memory must carry the policy of its own scripts too.
      for (let i = 0; i < 2; i++) {
        const response = await get(site, pathname, cookie ? { Cookie: cookie } : {});
        expect(response.headers.get("Content-Type"), pathname).toContain("text/html");
        const label = `${pathname} ${cookie ? "signed in" : "visitor"} ${response.headers.get("X-Cache") ?? ""}`;
        const html = await response.text();
        expectOneDocument(html, label);
        expectScriptsAllowed(html, response.headers.get("Content-Security-Policy"), label);
      }
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)("the page cache on two instances of one PostgreSQL", () => {
  let first: Site;
  let second: Site;
  let db: pg.Client;
  let show: Awaited<ReturnType<typeof firstShow>>;
  beforeAll(async () => {
    const database = `cache_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`create database ${database}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    });
    const shared = {
      DATABASE_URL: adminUrl!.replace(/\/[^/]*$/, `/${database}`),
      SESSION_SECRET: "cache-secret",
      SECURE_COOKIES: "false",
      SAMPLE_DATA: "true",
    };
    first = await start(shared);
    second = await start(shared);
    db = new pg.Client(shared.DATABASE_URL);
    await db.connect();
    cleanups.push(() => db.end());
    show = await firstShow(first);
  });

  it("a show staff add on one instance is on the other's kept page within a second", async () => {
    const day = new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const moviePage = `/movies/${show.movieId}?day=${day}`;
    await get(second, moviePage);
    expect((await get(second, moviePage)).headers.get("X-Cache")).toBe("hit");
    const staff = await signedInStaff(first);
    const [{ id: hallId }] = (await db.query("select id from halls where name = 'Screen 1'")).rows;
    const added = await postForm(
      first,
      "/admin/add-shows",
      {
        intent: "create",
        movieId: show.movieId,
        hallId,
        "priceTypes[0]": "00000000-0000-4000-8000-00000000a001",
        "prices[0]": "12",
        "times[0]": `${day}T04:07`,
      },
      { Cookie: staff },
    );
    expect(added.status).toBe(302);
    const addedAt = Date.now();
    const [{ id }] = (await db.query("select id from shows where starts_at = $1", [`${day}T04:07:00Z`])).rows;
    await sleep(1_000 - (Date.now() - addedAt));
    for (const site of [second, first]) expect(await (await get(site, moviePage)).text()).toContain(id);
  });

  it("a kept page lives no longer than the next show's start: a show that starts leaves the page", async () => {
    const moviePage = `/movies/${show.movieId}`;
    const [{ id, starts_at: startsAt }] = (
      await db.query(
        `with added as (
           insert into shows (movie_id, hall_id, starts_at)
           select $1, id, now() + interval '3 seconds' from halls where name = 'Screen 1'
           returning id, starts_at),
         priced as (insert into show_prices (show_id, ticket_type_id, price_cents) select added.id, t.id, 1200 from added, ticket_types t)
         select id, starts_at from added`,
        [show.movieId],
      )
    ).rows;
    await sleep(1_100);
    expect(await (await get(second, moviePage)).text()).toContain(id);
    const kept = await get(second, moviePage);
    expect(kept.headers.get("X-Cache")).toBe("hit");
    expect(await kept.text()).toContain(id);
    await sleep(new Date(startsAt).getTime() - Date.now() + 50);
    const after = await get(second, moviePage);
    expect(after.headers.get("X-Cache")).toBe("miss");
    expect(await after.text()).not.toContain(id);
  });
});
