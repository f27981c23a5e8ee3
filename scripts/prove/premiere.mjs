// The premiere: thousands of signed-in customers each post for 1 to 4 seats of one 90-seat show within 10 seconds,
// spread over the sites. Every seat must be sold once, every winner sent to their booking, every other buyer told
// which seats went or that the show is sold out, with no 5xx, a p99 within a second and modest memory.
import { randomUUID } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { setTimeout as sleep } from "node:timers/promises";
import { acceptQueueLength } from "../../server/listen-queue.js";
import { seededRandom } from "../lib/seeded-random.mjs";
import { residentMegabytes, toastMessage } from "../lib/site.mjs";
import { figure, freeScreenOneShow, insertSignedInCustomers, percentile, SCREEN_ONE_SEATS } from "./common.mjs";

const WINDOW_MS = 10_000;
const P99_TARGET_MS = 1000;
const RSS_TARGET_MB = 500;
const TAKEN = /Sorry, seat\(s\) ([A-J][1-9](?:, [A-J][1-9])*) were just taken\. Please choose again\./;
const SOLD_OUT = /sold out/i;
// Reading the kernel's socket tables costs the load generator a few milliseconds with thousands of connections open.
const QUEUE_SAMPLE_MS = 500;

// The crowd's posts go out through node:http, not fetch: fetch's connection pool looks through every open connection
// for a free one on each request, and with thousands open the load generator took most of a CPU from the site.
const crowdAgent = new http.Agent({ keepAlive: true });

/**
 * A buyer's form post as a browser without JavaScript sends it (gzip accepted, as fetch asks): its status, where it
 * redirects, the toast it sets and its page's text.
 * @param {{ url: string }} site @param {string} pathname @param {URLSearchParams} body @param {string} cookie
 * @returns {Promise<{ status: number, location: string, toast: string, text: string }>}
 */
function crowdPost(site, pathname, body, cookie) {
  const payload = body.toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      site.url + pathname,
      {
        method: "POST",
        agent: crowdAgent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(payload),
          "Accept-Encoding": "gzip, deflate",
          Origin: site.url,
          "Sec-Fetch-Site": "same-origin",
          Cookie: cookie,
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? "",
            toast: toastMessage(response.headers["set-cookie"]?.join(", ")) ?? "",
            text: (encoding === "gzip"
              ? zlib.gunzipSync(bytes)
              : encoding === "deflate"
                ? zlib.inflateSync(bytes)
                : bytes
            ).toString("utf8"),
          });
        });
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/**
 * The premiere's crowd: PREMIERE_BUYERS when it is set, else the scale's.
 * @param {string | undefined} setting @param {number} otherwise
 */
export function crowdSize(setting, otherwise) {
  if (setting === undefined || setting === "") return otherwise;
  if (!/^[1-9]\d{0,4}$/.test(setting)) {
    throw new Error(`PREMIERE_BUYERS must be a whole number from 1 to 99999, not "${setting.slice(0, 20)}"`);
  }
  return Number(setting);
}

/** @template T @param {T[]} items @param {number} count @param {() => number} random */
function sample(items, count, random) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

/**
 * @param {Awaited<ReturnType<typeof import("./common.mjs").startSites>>} setup
 * @param {{ buyers: number }} scale
 */
export async function premiere(setup, { buyers }) {
  const { customers, show } = await setup.withDb(async (db) => ({
    customers: await insertSignedInCustomers(db, buyers, "premiere"),
    show: await freeScreenOneShow(db),
  }));
  const { sites } = setup;
  // Each site's page once, so the first buyers do not pay for compiling it.
  for (const site of sites) await fetch(site.url + show.path, { headers: { Cookie: customers[0].cookie } });

  const pids = sites.map((site) => site.sitePid());
  const peakRss = pids.map(() => 0);
  const sampler = setInterval(() => {
    pids.forEach((pid, i) => (peakRss[i] = Math.max(peakRss[i], residentMegabytes(pid))));
  }, 100);
  // Buyers a site is too busy to take up wait in the kernel's accept queue, unseen by the site's own request log.
  const ports = sites.map((site) => Number(new URL(site.url).port));
  const peakWaiting = ports.map(() => 0);
  const queueSampler = setInterval(() => {
    ports.forEach((port, i) => (peakWaiting[i] = Math.max(peakWaiting[i], acceptQueueLength(port) ?? 0)));
  }, QUEUE_SAMPLE_MS);

  // Which seats the crowd asks for decides how long the sale lasts, and with it most of the figures: PREMIERE_SEED
  // draws a crowd again.
  const seed = Number(process.env.PREMIERE_SEED ?? Date.now() % 1_000_000);
  const random = seededRandom(seed);
  const choices = customers.map(() => sample(SCREEN_ONE_SEATS, 1 + Math.floor(random() * 4), random));
  const start = Date.now();
  const answers = await Promise.all(
    customers.map(async (customer, i) => {
      const seats = choices[i];
      const body = new URLSearchParams([
        ["time", show.id],
        ["requestToken", randomUUID()],
        ...seats.map((seat) => ["seats", seat]),
      ]);
      await sleep(start + (i / customers.length) * WINDOW_MS - Date.now());
      const sent = performance.now();
      const site = sites[i % sites.length];
      const answer = await crowdPost(site, show.path, body, customer.cookie)
        // A sold-out show is refused with a redirect back to its seat page and the reason as a toast.
        .then((response) => ({ ...response, text: response.status === 303 ? response.toast : response.text }))
        .catch((error) => ({ status: 0, location: "", text: String(error) }));
      return { seats, ...answer, ms: performance.now() - sent, answeredAtMs: Date.now() - start };
    }),
  );
  const lastAnswerAfterMs = Date.now() - start;
  clearInterval(sampler);
  clearInterval(queueSampler);

  const stored = await setup.withDb(async (db) => ({
    seatRows: await db.query(`select seat, booking_id as "bookingId" from booked_seats where show_id = $1`, [show.id]),
    bookings: await db.query(
      `select id, seats, status from bookings where show_id = $1 and status in ('pending', 'paid')`,
      [show.id],
    ),
    orphanSeats: (
      await db.query(
        `select count(*)::int as n from booked_seats bs left join bookings b on b.id = bs.booking_id
         where bs.show_id = $1 and (b.id is null or b.status = 'cancelled')`,
        [show.id],
      )
    )[0].n,
    seatlessBookings: (
      await db.query(
        `select count(*)::int as n from bookings b where b.show_id = $1 and b.status in ('pending', 'paid')
           and cardinality(b.seats) <> (select count(*) from booked_seats bs where bs.booking_id = b.id)`,
        [show.id],
      )
    )[0].n,
  }));

  const winners = answers.filter((a) => a.status === 302);
  const losers = answers.filter((a) => a.status !== 302);
  const bookingById = new Map(stored.bookings.map((b) => [b.id, b]));
  const seatCount = new Map();
  for (const row of stored.seatRows) seatCount.set(row.seat, (seatCount.get(row.seat) ?? 0) + 1);
  const soldTwice = [...seatCount.values()].filter((n) => n > 1).length;
  const winnersMisled = winners.filter((w) => {
    const id = /^\/my-bookings\/([0-9a-f-]{36})\/pay$/.exec(w.location)?.[1];
    const booking = id && bookingById.get(id);
    return !booking || [...booking.seats].sort().join() !== [...w.seats].sort().join();
  }).length;
  const wonSeats = winners.flatMap((w) => w.seats);
  const unaccounted = stored.seatRows.length !== wonSeats.length || new Set(wonSeats).size !== wonSeats.length ? 1 : 0;
  const losersMisled = losers.filter((l) => {
    if (l.status === 303) return !SOLD_OUT.test(l.text);
    if (l.status !== 409) return true;
    const named = TAKEN.exec(l.text)?.[1];
    if (named) return !named.split(", ").every((seat) => l.seats.includes(seat));
    return !SOLD_OUT.test(l.text);
  });
  const fivexx = answers.filter((a) => a.status >= 500 || a.status === 0).length;
  const p99 = percentile(
    answers.map((a) => a.ms),
    99,
  );
  const rss = Math.max(...peakRss);
  const label = `${buyers} buyers, ${sites.length} instance${sites.length > 1 ? "s" : ""}`;
  return {
    figures: [
      figure(`premiere (${label}): last answer after`, `${(lastAnswerAfterMs / 1000).toFixed(1)} s`, "report", true),
      figure("seats sold more than once", soldTwice, "0", soldTwice === 0),
      figure("seats sold / seats in the hall", `${stored.seatRows.length}/90`, "report", true),
      figure("sold seats not matching a winner's answer", unaccounted, "0", unaccounted === 0),
      figure("seat rows without a live booking", stored.orphanSeats, "0", stored.orphanSeats === 0),
      figure("bookings without all their seat rows", stored.seatlessBookings, "0", stored.seatlessBookings === 0),
      figure(
        "winners not redirected to their booking",
        `${winnersMisled} of ${winners.length}`,
        "0",
        winnersMisled === 0,
      ),
      figure(
        "other buyers not told which seats / sold out",
        `${losersMisled.length} of ${losers.length}`,
        "0",
        losersMisled.length === 0,
      ),
      figure("answers 5xx (or no answer)", fivexx, "0", fivexx === 0),
      figure("p99 latency", `${Math.round(p99)} ms`, `≤ ${P99_TARGET_MS} ms`, p99 <= P99_TARGET_MS, { speed: true }),
      figure(
        "peak resident memory per instance",
        `${Math.round(rss)} MB`,
        `≤ ${RSS_TARGET_MB} MB`,
        rss <= RSS_TARGET_MB,
        { speed: true },
      ),
    ],
    notes: [
      `latency p50 ${Math.round(
        percentile(
          answers.map((a) => a.ms),
          50,
        ),
      )} ms, p90 ${Math.round(
        percentile(
          answers.map((a) => a.ms),
          90,
        ),
      )} ms; ${winners.length} bookings, the last answered ${Math.round(
        Math.max(0, ...winners.map((w) => w.answeredAtMs)),
      )} ms in; ${losers.filter((l) => l.status === 409).length} told seats were taken, ${
        losers.filter((l) => l.status === 303).length
      } told sold out`,
      `the crowd's seats drawn with PREMIERE_SEED=${seed}`,
      `connections waiting for a site to accept them, at most: ${peakWaiting.join(", ")} (sampled every ${QUEUE_SAMPLE_MS} ms)`,
      // What the sites logged of their first failure, if any.
      ...sites
        .flatMap((site) => site.output().split("\n"))
        .filter((line) => /"level":(50|"error")/.test(line))
        .slice(0, 2)
        .map((line) => `logged: ${line.slice(0, 400)}`),
      ...losersMisled
        .slice(0, 3)
        .map((l) => `misled buyer: ${l.status} ${l.text.replace(/<[^>]+>/g, " ").slice(0, 200)}`),
    ],
  };
}
