// A backup during a crowd of bookings (decision 62): `npm run backup` of the running embedded default while booking
// posts keep coming, then `npm run restore` of it into a fresh data folder. Every booking whose post was answered
// before the backup began must be in the restored copy with its seats, and nothing in the copy may be half-written.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { postForm } from "../lib/site.mjs";
import {
  bookingIdIn,
  figure,
  freeScreenOneShow,
  halfWrittenBookings,
  insertSignedInCustomers,
  openDb,
  SCREEN_ONE_SEATS,
  sendAgainIfClosed,
  SESSION_SECRET,
} from "./common.mjs";

// The crowd: up to this many customers for each booking post of the scale, one seat each (as many as the free shows
// of Screen 1 seat), posted by this many clients, each pausing between its posts so the seats last through a backup
// of a minute on a busy machine.
const CUSTOMERS_PER_BOOKING_POST = 30;
const POSTS_AT_ONCE = 10;
const PAUSE_MS = 100;
// Seats kept from the crowd until the backup has ended, and how long it goes on after: however long the backup takes
// on a busy machine, some bookings are still answered once it is over.
const KEPT_FOR_AFTER = POSTS_AT_ONCE * 3;
const AFTER_MS = 1000;

/**
 * `node build/index.js <command> ...args` on the data folder `dataDir`; answers its exit code and output.
 * @param {string} command @param {string[]} args @param {string} dataDir
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runCommand(command, args, dataDir) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["build/index.js", command, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        SESSION_SECRET,
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output: output.trim() }));
  });
}

/**
 * @param {Awaited<ReturnType<typeof import("./common.mjs").startSites>>} setup
 * @param {{ bookingPosts: number }} scale
 */
export async function backupDuringCrowd(setup, { bookingPosts }) {
  const { slots, customers } = await setup.withDb(async (db) => {
    const shows = [];
    const wanted = Math.ceil((bookingPosts * CUSTOMERS_PER_BOOKING_POST) / SCREEN_ONE_SEATS.length);
    while (shows.length < wanted) {
      const show = await freeScreenOneShow(
        db,
        shows.map((s) => s.id),
      ).catch(() => null);
      if (!show) break;
      shows.push(show);
    }
    const slots = shows.flatMap((show) => SCREEN_ONE_SEATS.map((seat) => ({ show, seat })));
    return { slots, customers: await insertSignedInCustomers(db, slots.length, "backup") };
  });

  // After withDb, which starts the site again.
  const [site] = setup.sites;
  const backupDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cinema-backups-")), "backup");
  const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "cinema-restored-"));
  try {
    /** @type {{ id: string, seat: string, answeredAt: number }[]} */
    const acknowledged = [];
    let backupStartedAt = Infinity;
    let backupEndedAt = Infinity;
    let next = 0;
    /** @type {string[]} why each post that got no answer failed */
    const unanswered = [];
    const poster = async () => {
      while (next < slots.length && Date.now() < backupEndedAt + AFTER_MS) {
        if (backupEndedAt === Infinity && next >= slots.length - KEPT_FOR_AFTER) {
          await sleep(PAUSE_MS);
          continue;
        }
        const index = next++;
        const { show, seat } = slots[index];
        const fields = new URLSearchParams([
          ["time", show.id],
          ["requestToken", randomUUID()],
          ["seats", seat],
        ]);
        // The same form again, its request token too, so a post the site did take answers the booking it made.
        const response = await sendAgainIfClosed(() =>
          postForm(site, show.path, fields, { Cookie: customers[index].cookie }),
        ).catch((error) => {
          unanswered.push(String(error.cause ?? error));
          return null;
        });
        if (!response) continue;
        const id = response.status === 302 ? bookingIdIn(response.headers.get("location") ?? "") : null;
        if (id) acknowledged.push({ id, seat, answeredAt: Date.now() });
        await sleep(PAUSE_MS);
      }
    };
    const crowd = Promise.all(Array.from({ length: POSTS_AT_ONCE }, poster));
    crowd.catch(() => {}); // awaited below, once the backup has run
    // The backup begins once the crowd is well under way, and the crowd goes on until a second after it has ended.
    while (acknowledged.length < Math.min(50, slots.length / 4) && next < slots.length) {
      await sleep(10);
    }
    backupStartedAt = Date.now();
    const backup = await runCommand("backup", [backupDir], site.dataDir);
    backupEndedAt = Date.now();
    await crowd;
    const before = acknowledged.filter((b) => b.answeredAt < backupStartedAt);
    const during = acknowledged.filter((b) => b.answeredAt >= backupStartedAt && b.answeredAt <= backupEndedAt);
    // Posts still in flight when the backup ended were in flight while the database was copied.
    const after = acknowledged.filter((b) => b.answeredAt > backupEndedAt);
    if (backup.code !== 0) throw new Error(`npm run backup exited with ${backup.code}: ${backup.output}`);

    const restore = await runCommand("restore", [backupDir], restoredDir);
    if (restore.code !== 0) throw new Error(`npm run restore exited with ${restore.code}: ${restore.output}`);
    const db = await openDb(path.join(restoredDir, "db"));
    const stored = await (async () => {
      try {
        const rows = await db.query(
          `select b.id, b.seats, array(select seat from booked_seats bs where bs.booking_id = b.id) as "seatRows"
           from bookings b where b.id = any($1::uuid[])`,
          [acknowledged.map((b) => b.id)],
        );
        return { bookings: new Map(rows.map((row) => [row.id, row])), ...(await halfWrittenBookings(db)) };
      } finally {
        await db.close();
      }
    })();
    const kept = (/** @type {{ id: string, seat: string }} */ b) => {
      const row = stored.bookings.get(b.id);
      return row && row.seats.join() === b.seat && row.seatRows.join() === b.seat;
    };
    const missing = before.filter((b) => !kept(b)).length;
    const halfWritten = stored.halfWritten + stored.orphanSeats;
    return {
      figures: [
        figure(
          `backup during a crowd of ${acknowledged.length} bookings`,
          `${((backupEndedAt - backupStartedAt) / 1000).toFixed(1)} s; ${during.length} answered meanwhile, ${after.length} after`,
          "bookings answered while it ran and after",
          during.length > 0 && after.length > 0,
        ),
        figure(
          "bookings answered before the backup began, missing from its restored copy",
          `${missing} of ${before.length}`,
          "0",
          missing === 0 && before.length > 0,
        ),
        figure("half-written bookings in the restored copy", halfWritten, "0", halfWritten === 0),
        figure(
          "booking posts with no answer",
          unanswered.length ? `${unanswered.length} (${unanswered[0]})` : 0,
          "0",
          unanswered.length === 0,
        ),
      ],
      notes: [
        `bookings answered after the backup began found in the copy: ${acknowledged.filter((b) => b.answeredAt >= backupStartedAt && kept(b)).length} of ${acknowledged.length - before.length}`,
      ],
    };
  } finally {
    fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
    fs.rmSync(restoredDir, { recursive: true, force: true });
  }
}
