// PostgreSQL restarted under load: while it is away the sites answer 503 with a page that says so (never a 500),
// they reconnect by themselves when it is back, and every booking they acknowledged is still there.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { postForm } from "../lib/site.mjs";
import { figure, freeScreenOneShow, insertSignedInCustomers, SCREEN_ONE_SEATS } from "./common.mjs";

const LOAD_MS = 20_000;
const RESTART_AT_MS = 5_000;
const DOWN_MS = 3_000;
const RATE_PER_S = 40;
const UNAVAILABLE = /briefly unavailable/i;
const REQUEST_ID = /Request id: <code>[\w-]+<\/code>/;

/**
 * @param {Awaited<ReturnType<typeof import("./common.mjs").startSites>>} setup
 * @param {{ postgres: { restart(downMs: number): Promise<void> } }} options
 */
export async function postgresRestart(setup, { postgres }) {
  const total = (LOAD_MS / 1000) * RATE_PER_S;
  const { customers, shows } = await setup.withDb(async (db) => {
    const first = await freeScreenOneShow(db);
    const second = await freeScreenOneShow(db, [first.id]);
    const third = await freeScreenOneShow(db, [first.id, second.id]);
    // Every customer books one seat, so 270 seats over three shows; half the requests are page views.
    return {
      customers: await insertSignedInCustomers(db, Math.ceil(total / 2), "restart"),
      shows: [first, second, third],
    };
  });
  const { sites } = setup;
  const start = Date.now();
  let restarted = { downAt: 0, upAt: 0 };
  const restart = sleep(RESTART_AT_MS).then(async () => {
    const downAt = Date.now() - start;
    await postgres.restart(DOWN_MS);
    restarted = { downAt, upAt: Date.now() - start };
  });

  const answers = await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      await sleep(start + (i / total) * LOAD_MS - Date.now());
      const site = sites[i % sites.length];
      const sentAt = Date.now() - start;
      try {
        if (i % 2 === 0) {
          const response = await fetch(`${site.url}/movies/${shows[0].movieId}`);
          return { sentAt, kind: "page", status: response.status, text: await response.text() };
        }
        const customer = customers[(i - 1) / 2];
        const show = shows[Math.floor((i - 1) / 2 / 90) % shows.length];
        const seat = SCREEN_ONE_SEATS[((i - 1) / 2) % 90];
        const response = await postForm(
          site,
          show.path,
          { time: show.id, seats: seat, requestToken: randomUUID() },
          { Cookie: customer.cookie },
        );
        const id = /^\/my-bookings\/([0-9a-f-]{36})\/pay$/.exec(response.headers.get("location") ?? "")?.[1];
        return { sentAt, kind: "booking", status: response.status, text: await response.text(), id, seat };
      } catch (error) {
        // fetch's own message says only "fetch failed": the cause (refused, reset) says whether the site was there.
        const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause?.code;
        return {
          sentAt,
          kind: "error",
          status: 0,
          text: `${error}${cause ? ` (${cause})` : ""}`,
          site: i % sites.length,
        };
      }
    }),
  );
  await restart;

  const acknowledged = answers.filter((a) => a.id);
  const stored = await setup.withDb(async (db) =>
    db.query(`select b.id, array(select seat from booked_seats where booking_id = b.id) as seats from bookings b`),
  );
  const seatsById = new Map(stored.map((b) => [b.id, b.seats]));
  const lost = acknowledged.filter((a) => seatsById.get(a.id)?.join() !== a.seat).length;
  const fiveHundreds = answers.filter((a) => a.status >= 500 && a.status !== 503).length;
  const noAnswer = answers.filter((a) => a.status === 0).length;
  const unavailable = answers.filter((a) => a.status === 503);
  const unclear = unavailable.filter((a) => !UNAVAILABLE.test(a.text) || !REQUEST_ID.test(a.text)).length;
  // Back: every request sent from 2 s after the database returned was answered as usual.
  const after = answers.filter((a) => a.sentAt > restarted.upAt + 2_000);
  const notRecovered = after.filter((a) => a.status >= 500 || a.status === 0).length;
  const lastUnavailable = Math.max(0, ...unavailable.map((a) => a.sentAt));
  return {
    figures: [
      figure(
        `PostgreSQL restart under load (${total} requests over ${LOAD_MS / 1000} s, ${sites.length} instances)`,
        `down ${((restarted.upAt - restarted.downAt) / 1000).toFixed(1)} s`,
        "report",
        true,
      ),
      figure("answers 500 (not 503) while it was away", fiveHundreds, "0", fiveHundreds === 0),
      figure("requests with no answer at all", noAnswer, "0", noAnswer === 0),
      figure(
        "503 answers without the clear page and request id",
        `${unclear} of ${unavailable.length}`,
        "0",
        unclear === 0,
      ),
      figure(
        "failures from 2 s after it was back",
        `${notRecovered} of ${after.length}`,
        "0 (reconnects by itself)",
        notRecovered === 0 && after.length > 0,
      ),
      figure("acknowledged bookings lost", `${lost} of ${acknowledged.length}`, "0", lost === 0),
    ],
    notes: [
      `database down at ${restarted.downAt} ms, back at ${restarted.upAt} ms; last 503 for a request sent at ${lastUnavailable} ms`,
      ...answers
        .filter((a) => (a.status >= 500 && a.status !== 503) || a.status === 0)
        .slice(0, 2)
        .map((a) => `${a.kind} ${a.status}: ${a.text.replace(/<[^>]+>/g, " ").slice(0, 160)}`),
      // A request nothing answered: whether its instance was still running, and the last it wrote.
      ...[...new Set(answers.filter((a) => a.status === 0).map((a) => a.site))].map((index) => {
        const site = sites[index];
        const exit = site.supervisor.exitCode ?? site.supervisor.signalCode;
        const tail = site.output().trimEnd().split("\n").slice(-8).join("\n    ");
        return `instance ${index + 1} ${exit === null ? "still running" : `exited (${exit})`}; its last lines:\n    ${tail}`;
      }),
    ],
  };
}
