import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Queryable } from "~/services/db.server";
import { moviesFirstIn } from "../sample-catalogue";
import { postForm, signedInCustomers, startSite, type Site } from "./site";

const CUSTOMERS = 50;
const POSTS = 200;
// Twenty seats of one show, which Screen 1 and Screen 2 (with its centre aisle) both have: every post wants one or two
// of them, so most lose a race.
const CONTESTED = [
  ...Array.from({ length: 9 }, (_, i) => `A${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `B${i + 1}`),
  "C1",
  "C2",
];
// Limits and the stranded-seat rule would refuse many posts before they reach the race this test is about.
const RACE_SETTINGS = { STRANDED_SEAT_RULE: "false", MAX_UNPAID_BOOKINGS: "100", POST_LIMITS: "false" };

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Target = { movieId: string; day: string; showId: string };

/** A movie whose first show tomorrow plays in the hall (the sample schedule decides), and that show's id. */
async function showInHall(site: Site, hallName: string): Promise<Target> {
  const day = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const movieId = moviesFirstIn(hallName, day)[0].id;
  const page = await (await fetch(`${site.url}/movies/${movieId}/${day}`)).text();
  return { movieId, day, showId: /name="time" value="([0-9a-f-]{36})"/.exec(page)![1] };
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

/** 200 booking posts at once, spread over the sites and customers; every answer and what it asked for. */
async function race(sites: Site[], cookies: string[], { movieId, day, showId }: Target) {
  const posts = Array.from({ length: POSTS }, (_, i) => {
    const first = pick(CONTESTED);
    // Only a customer's first post may ask for two seats: their four posts then want at most 5 seats in all, the
    // most one customer may hold per show, so every refusal here is a lost race.
    const firstPostOfCustomer = i < cookies.length;
    const seats = firstPostOfCustomer && Math.random() < 0.5 ? [...new Set([first, pick(CONTESTED)])] : [first];
    const body = new URLSearchParams([
      ["time", showId],
      ["requestToken", randomUUID()],
      ...seats.map((s) => ["seats", s]),
    ]);
    return { site: sites[i % sites.length], cookie: cookies[i % cookies.length], seats, body };
  });
  return Promise.all(
    posts.map(async (post) => {
      const response = await postForm(post.site, `/movies/${movieId}/${day}`, post.body.toString(), {
        Cookie: post.cookie,
      });
      return { seats: post.seats, status: response.status, text: await response.text() };
    }),
  );
}

async function expectEachSeatSoldOnce(db: Queryable, showId: string, answers: Awaited<ReturnType<typeof race>>) {
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  const won = answers.filter((a) => a.status === 302);
  const lost = answers.filter((a) => a.status !== 302);
  expect(won.length).toBeGreaterThan(0);
  expect(lost.length).toBeGreaterThan(0);
  for (const loser of lost) {
    expect(loser.status).toBe(409);
    const named = /Sorry, seat\(s\) ([A-J1-9, ]+) were just taken\. Please choose again\./.exec(loser.text)?.[1];
    expect(named, loser.text.slice(0, 200)).toBeTruthy();
    for (const seat of named!.split(", ")) expect(loser.seats).toContain(seat);
  }
  const sold = await db.query<{ seat: string; bookings: number }>(
    `select seat, count(*)::int as bookings from bookings, unnest(seats) as seat
     where show_id = $1 and status in ('pending', 'paid') group by seat`,
    [showId],
  );
  expect(sold.filter((s) => s.bookings > 1)).toEqual([]);
  expect(sold.map((s) => s.seat).sort()).toEqual(won.flatMap((w) => w.seats).sort());
  const [{ rows }] = await db.query<{ rows: number }>(
    "select count(*)::int as rows from booked_seats where show_id = $1",
    [showId],
  );
  expect(rows).toBe(sold.length);
}

describe("booking races", () => {
  it("on PGlite, in Screen 1 and in a hall with an aisle: each seat sold at most once, every loser told which seats, no 5xx", async () => {
    const site = await startSite({ env: RACE_SETTINGS });
    cleanups.push(() => fs.rmSync(site.dataDir, { recursive: true, force: true }));
    const cookies = await signedInCustomers(site, CUSTOMERS, "racer");
    const targets = [await showInHall(site, "Screen 1"), await showInHall(site, "Screen 2")];
    const answers = [];
    for (const target of targets) answers.push(await race([site], cookies, target));
    expect(await site.stop()).toBe(0);
    const db = openDatabase(path.join(site.dataDir, "db"));
    try {
      for (const [index, target] of targets.entries()) await expectEachSeatSoldOnce(db, target.showId, answers[index]);
    } finally {
      await db.close();
    }
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!adminUrl)("on PostgreSQL with two app instances, in the hall with an aisle: the same", async () => {
    const database = `race_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`create database ${database}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    });
    const shared = {
      ...RACE_SETTINGS,
      DATABASE_URL: adminUrl!.replace(/\/[^/]*$/, `/${database}`),
      SESSION_SECRET: "race-secret",
      SECURE_COOKIES: "false",
      SAMPLE_DATA: "true",
    };
    const [first, second] = [await startSite({ env: shared }), await startSite({ env: shared })];
    for (const site of [second, first]) {
      cleanups.push(async () => {
        await site.stop();
        fs.rmSync(site.dataDir, { recursive: true, force: true });
      });
    }
    const cookies = await signedInCustomers(first, CUSTOMERS, "racer");
    const target = await showInHall(first, "Screen 2");
    const answers = await race([first, second], cookies, target);
    const db = openDatabase(shared.DATABASE_URL);
    try {
      await expectEachSeatSoldOnce(db, target.showId, answers);
    } finally {
      await db.close();
    }
  });
});
