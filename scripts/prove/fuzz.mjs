// Hostile input at scale: requests made by fast-check to every route of app/routes (GET with a fuzzed query, POST
// with a fuzzed form), as a visitor, a customer and staff, with ids of other customers' bookings, seats outside the
// hall, huge and odd values. No answer may be a 5xx, every refusal must say why, a refused post must change no row
// (on PostgreSQL the tables are compared around each post), memory must stay flat and no secret may reach the logs.
import fs from "node:fs";
import net from "node:net";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { payThroughGateway, postForm, register, residentMegabytes, signIn } from "../lib/site.mjs";
import { figure, openDb, sendAgainIfClosed } from "./common.mjs";

const RSS_GROWTH_TARGET_MB = 100;
// Tables whose rows a refused request must leave alone. Not compared: what counts attempts (rate limits, failed
// sign-ins), sessions, and what the background workers change on their own (the outbox, the schedule).
const WATCHED = ["bookings", "booked_seats", "payments", "users", "favourites", "halls", "movies"];
// A refusal's words: a field's or the form's error, an error page, an alert, or the intro a link's page says its
// problem in.
const READABLE =
  /(?:class="(?:field-error|form-errors|error-page|hold-ended|auth-intro)"|role="alert")[^>]*>\s*(?:<[^>]+>\s*)*[^<\s]/;
/**
 * The status of the answer to a request that fetch got no answer to: one too large for Node's parser (a request line
 * and headers over 16 KB), which the site refuses in words with a 431 before the app sees it, and closes
 * while the client is still sending, which fetch reports as a failure: a raw socket reads what came back.
 */
function statusOfOversizedRequest(site, method, url, headers) {
  const { hostname, port } = new URL(site.url);
  const lines = [
    `${method} ${url} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(Number(port), hostname, () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => {});
    socket.on("close", () => resolve(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? "none"));
    socket.setTimeout(5_000, () => socket.destroy());
  });
}
// What must never be logged: form fields of secrets, ID tokens (JWTs).
const SECRET_FIELD = /"(?:password|confirmPassword|cvc|cardNumber|idToken)"\s*:/i;
const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./;

/** The URL pattern of each route module in app/routes (Remix's flat routes: `.` is `/`, `$x` a parameter). */
export function routePatterns(dir = "app/routes") {
  return fs
    .readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => {
      const name = file.replace(/\.tsx?$/, "").replace(/\[(.*?)\]/g, (_, literal) => literal.replaceAll(".", "\0"));
      const segments = name.split(".").map((s) => s.replaceAll("\0", ".").replace(/_$/, ""));
      return "/" + segments.filter((s) => s !== "_index" && s !== "").join("/");
    });
}

/**
 * @param {Awaited<ReturnType<typeof import("./common.mjs").startSites>>} setup
 * @param {{ fuzzRequests: number }} scale
 */
export async function fuzz(setup, { fuzzRequests }) {
  const site = setup.sites[0];
  const { db, embedded } = await openWatch(setup);
  try {
    return await run(setup, site, db, embedded, fuzzRequests);
  } finally {
    await db?.close();
  }
}

/** On PostgreSQL a connection of our own to compare tables; PGlite belongs to the site, so no comparison there. */
async function openWatch(setup) {
  if (setup.embedded) return { db: null, embedded: true };
  return { db: await openDb(setup.databaseLocation), embedded: false };
}

async function snapshot(db) {
  const rows = await db.query(
    WATCHED.map(
      (table) =>
        `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from ${table} x`,
    ).join(" union all "),
  );
  return JSON.stringify(rows);
}

async function run(setup, site, db, embedded, total) {
  // The people: two customers with a booking each (the second's ids are "other users' ids"), and staff.
  const show = await showOf(site);
  const customers = [];
  for (const [index, name] of ["a", "b"].entries()) {
    const email = `fuzz-${name}-${randomUUID().slice(0, 8)}@example.com`;
    const password = `Fuzz-${randomUUID().slice(0, 8)}-pass`;
    await register(site, email, password);
    const cookie = await signIn(site, email, password);
    if (!cookie) throw new Error("the fuzz customer could not sign in");
    const booked = await postForm(
      site,
      show.path,
      { time: show.id, seats: show.freeSeats[index], requestToken: randomUUID() },
      { Cookie: cookie },
    );
    const bookingId = /\/my-bookings\/([0-9a-f-]{36})/.exec(booked.headers.get("location") ?? "")?.[1];
    if (!bookingId) throw new Error(`the fuzz customer's booking answered ${booked.status}`);
    customers.push({ email, password, cookie, bookingId });
  }
  // A payment on the test gateway's page, which the site serves, so its card reaches the server and can be looked
  // for in the logs.
  if (!(await payThroughGateway(site, customers[0].bookingId, customers[0].cookie)))
    throw new Error("the fuzz customer's payment failed");
  const staffPassword = site.staffPassword();
  const staffCookie = await signIn(site, "staff@marquee.example", staffPassword);
  if (!staffCookie) throw new Error("staff could not sign in");
  const cookies = { visitor: undefined, customer: customers[0].cookie, staff: staffCookie };

  const ids = [customers[0].bookingId, customers[1].bookingId, show.id, show.movieId, randomUUID()];
  const routes = routePatterns().filter((r) => r !== "/logout");
  const nasty = fc.constantFrom(
    ...["", " ", "\u0000", "a\u0000b", "__proto__", "constructor", "prototype", "toString", "hasOwnProperty"],
    ...[
      "1e308",
      "-1e308",
      "-0",
      "0",
      "NaN",
      "Infinity",
      "-1",
      "2147483648",
      "9007199254740993",
      "0x1F",
      "1,5",
      "1.005",
    ],
    ...["A1", "J9", "K1", "A0", "A10", "Z99", "a1", "P1", "J 9", "A1,A2", "A1\nA2"],
    ...["2026-03-08", "2026-03-08T02:30", "2026-03-29T02:30", "2026-10-25T01:30", "2026-11-01T01:30", "2026-02-30"],
    ...["9999-12-31", "0000-01-01", "1970-01-01", "24:00", "02:30", "12/34", "00/00", "13/99"],
    ...["<script>alert(1)</script>", "' or 1=1 --", "%", "%00", "%E0%A4%A", "../../etc/passwd", "true", "on", "null"],
    ...["[]", "{}", '{"__proto__":{"x":1}}', "𝒜𝒷", "\uD800", "\u202E", "e\u0301", "ﷺ", "🎬".repeat(50)],
    ...ids,
  );
  const value = fc.oneof(
    { weight: 6, arbitrary: nasty },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.constantFrom("9".repeat(100_000), "A1".repeat(20_000), "x".repeat(5_000)) },
  );
  const fieldName = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.constantFrom(
        ...["time", "seats", "requestToken", "cardNumber", "expiry", "cvc", "decision", "email", "password"],
        ...["confirmPassword", "fullName", "terms", "remember", "redirectTo", "intent", "code", "q", "genre", "date"],
        ...["day", "movieId", "hallId", "hall", "startsAt", "times", "prices", "priceTypes", "name", "layout"],
        ...["status", "types", "counts"],
        ...["page", "sort", "from", "to", "show", "booking", "id", "__proto__", "constructor", "_data", "index"],
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const request = fc.record({
    who: fc.constantFrom("visitor", "customer", "staff"),
    route: fc.constantFrom(...routes),
    method: fc.constantFrom("GET", "GET", "POST"),
    params: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ids, show.day, "2026-03-08", "2026-11-01", "1") },
        { weight: 2, arbitrary: value },
      ),
      { minLength: 3, maxLength: 3 },
    ),
    query: fc.array(fc.tuple(fieldName, value), { maxLength: 4 }),
    fields: fc.array(fc.tuple(fieldName, value), { maxLength: 10 }),
  });
  const requests = fc.sample(request, { numRuns: total, seed: Number(process.env.PROVE_SEED ?? 20261123) });

  const pid = site.sitePid();
  let rssBefore = 0;
  const failures = { fivexx: [], unreadable: [], changedByRefusal: [], changedByGet: 0 };
  let before = db ? await snapshot(db) : null;
  let refused = 0;
  for (const [index, r] of requests.entries()) {
    if (index === Math.floor(total / 10)) rssBefore = residentMegabytes(pid);
    let n = 0;
    const pathname = r.route.replace(/\$[a-z]*/gi, () => {
      const v = String(r.params[n++ % 3]);
      // A lone surrogate cannot be percent-encoded: it goes as U+FFFD, as a browser sends it.
      return v.startsWith("%") ? v : encodeURIComponent(v.toWellFormed());
    });
    const url = `${pathname}${r.query.length ? `?${new URLSearchParams(r.query)}` : ""}`;
    const headers = cookies[r.who] ? { Cookie: cookies[r.who] } : {};
    if (db && r.method === "POST") {
      const now = await snapshot(db);
      if (now !== before) failures.changedByGet++;
      before = now;
    }
    const send = () =>
      r.method === "POST"
        ? postForm(site, url, new URLSearchParams(r.fields), headers)
        : fetch(site.url + url, { redirect: "manual", headers });
    let response;
    try {
      response = await sendAgainIfClosed(send);
    } catch (error) {
      if ((await statusOfOversizedRequest(site, r.method, url, headers)) === "431") {
        refused++;
        continue;
      }
      failures.fivexx.push(`${r.method} ${url.slice(0, 120)} as ${r.who}: no answer (${error?.cause?.code ?? error})`);
      continue;
    }
    const text = await response.text();
    if (response.status >= 500)
      failures.fivexx.push(`${r.method} ${url.slice(0, 120)} as ${r.who}: ${response.status}`);
    if (response.status >= 400 && response.status < 500) {
      refused++;
      const html = /html/.test(response.headers.get("content-type") ?? "");
      if (html ? !READABLE.test(text) : text.trim() === "")
        failures.unreadable.push(`${r.method} ${url.slice(0, 120)} as ${r.route}: ${response.status}`);
    }
    if (db && r.method === "POST") {
      const after = await snapshot(db);
      if (after !== before && response.status >= 400)
        failures.changedByRefusal.push(`${r.method} ${url.slice(0, 120)} as ${r.who}: ${response.status}`);
      before = after;
    }
  }
  const rssAfter = residentMegabytes(pid);
  const growth = rssAfter - rssBefore;

  const logs = setup.sites.map((s) => s.output()).join("\n");
  const secrets = [
    ...customers.flatMap((c) => [c.password, c.cookie.split("=")[1]]),
    staffPassword,
    staffCookie.split("=")[1],
    "4242424242424242",
    "4242 4242 4242 4242",
  ];
  const leaked =
    secrets.filter((secret) => logs.includes(secret)).length +
    (SECRET_FIELD.test(logs) ? 1 : 0) +
    (JWT.test(logs) ? 1 : 0);

  const changedTarget = embedded ? "0 (checked on PostgreSQL)" : "0";
  return {
    figures: [
      figure(
        `fuzz: requests (${routes.length} routes; visitor, customer, staff)`,
        `${requests.length}, ${refused} refused (4xx)`,
        "report",
        true,
      ),
      figure("answers 5xx (or no answer)", failures.fivexx.length, "0", failures.fivexx.length === 0),
      figure("refusals without a readable message", failures.unreadable.length, "0", failures.unreadable.length === 0),
      figure(
        "refused posts that changed rows",
        embedded ? "not compared" : failures.changedByRefusal.length,
        changedTarget,
        embedded || failures.changedByRefusal.length === 0,
      ),
      figure(
        "resident memory growth (10% in to the end)",
        `${Math.round(growth)} MB (${Math.round(rssBefore)} → ${Math.round(rssAfter)})`,
        `≤ ${RSS_GROWTH_TARGET_MB} MB`,
        growth <= RSS_GROWTH_TARGET_MB,
      ),
      figure(
        "secrets in the logs (passwords, session cookies, ID tokens, card numbers, security codes)",
        leaked,
        "0",
        leaked === 0,
      ),
    ],
    notes: [
      ...(db ? [`windows of GET requests that changed watched rows: ${failures.changedByGet}`] : []),
      ...failures.fivexx.slice(0, 5),
      ...Object.entries(
        failures.unreadable.reduce((kinds, f) => {
          const kind = f.replace(/ \S+ as /, " ");
          kinds[kind] = (kinds[kind] ?? 0) + 1;
          return kinds;
        }, {}),
      ).map(([kind, n]) => `unreadable (${n}): ${kind}`),
      ...failures.changedByRefusal.slice(0, 5).map((f) => `changed rows: ${f}`),
    ],
  };
}

/** The show the fuzz customers book in: read through the site (PGlite belongs to it). */
async function showOf(site) {
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const home = await (await fetch(site.url + "/")).text();
  for (const [, movieId] of home.matchAll(/href="\/movies\/([^"/#?]+)"/g)) {
    const path = `/movies/${movieId}/${day}`;
    const id = /name="time" value="([0-9a-f-]{36})"/.exec(await (await fetch(`${site.url}${path}`)).text())?.[1];
    if (!id) continue;
    // The first and the last free seat of the show's own hall (the sample schedule chooses the hall by the day):
    // each ends a row, so booking it leaves no single seat alone, which the site refuses.
    const seatPage = await (await fetch(`${site.url}${path}?time=${id}`)).text();
    const freeSeats = [...seatPage.matchAll(/name="seats" aria-label="[^"]*, available" value="([A-Z]+\d+)"/g)].map(
      ([, seat]) => seat,
    );
    if (freeSeats.length >= 2) return { id, movieId, day, path, freeSeats: [freeSeats[0], freeSeats.at(-1)] };
  }
  throw new Error("no show to book in the fuzz");
}
