import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LEASE_SECONDS, deliverDueMessages } from "~/models/outbox-worker.server";
import {
  MAX_ATTEMPTS,
  claimDueMessages,
  enqueueMessage,
  markSent,
  retryDelaySeconds,
  type NewMessage,
} from "~/models/outbox.server";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import type { MailMessage, Mailer } from "~/services/mailer.server";

// The outbox on PGlite, whose now() is the JavaScript clock: vi.setSystemTime moves the database's clock too.

const START = new Date("2031-03-01T12:00:00Z");

// A mail made from its payload alone (a booking mail reads its booking again when it is sent).
const paymentReturned = (recipient: string): NewMessage => ({
  kind: "payment-returned",
  recipient,
  subject: `Payment refunded for ${recipient}`,
  payload: {
    booking: {
      id: "0b5a3d7e-1111-4222-8333-944455556666",
      startsAt: "2031-03-09T19:30:00Z",
      hallName: "Screen 1",
      seats: ["D4", "D5"],
      amountCents: 9800,
      movie: { id: "m", title: "The Outbox", posterUrl: "/p.svg", runtime: 100 },
    },
    name: "Ann",
    refundedCents: 9800,
    cardLast4: "4242",
  },
});

async function add(message: NewMessage) {
  const db = await getDb();
  await db.transaction((tx) => enqueueMessage(tx, message));
}

async function rows(recipient: string) {
  const db = await getDb();
  return db.query<{ status: string; attempts: number; dueAt: Date; lastError: string | null; textBody: string }>(
    `select status, attempts, due_at as "dueAt", last_error as "lastError", text_body as "textBody"
     from outbox where recipient = $1`,
    [recipient],
  );
}

/** A mailer that records what it was given, and fails while `failing` says so. */
function recordingMailer(failing: { permanent?: boolean; times: number } = { times: 0 }) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = async (message) => {
    if (failing.times > 0) {
      failing.times--;
      return { ok: false, permanent: failing.permanent ?? false, error: "421 try later" };
    }
    sent.push(message);
    return { ok: true };
  };
  return { sent, mailer };
}

const secondsAfter = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
  const db = await getDb();
  await db.query("delete from outbox");
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("writing messages", () => {
  it("keeps a message only if the transaction that wrote it commits", async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMessage(tx, paymentReturned("rolled-back@example.com"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await add(paymentReturned("committed@example.com"));
    expect(await rows("rolled-back@example.com")).toEqual([]);
    expect(await rows("committed@example.com")).toHaveLength(1);
  });

  it("leaves out a message due at a moment already past, and keeps one due later until then", async () => {
    await add({ ...paymentReturned("past@example.com"), dueAt: secondsAfter(START, -1).toISOString() });
    await add({ ...paymentReturned("later@example.com"), dueAt: secondsAfter(START, 3600).toISOString() });
    expect(await rows("past@example.com")).toEqual([]);
    expect(await claimDueMessages(10, LEASE_SECONDS)).toEqual([]);
    vi.setSystemTime(secondsAfter(START, 3600));
    expect(await claimDueMessages(10, LEASE_SECONDS)).toMatchObject([{ recipient: "later@example.com" }]);
  });
});

describe("claiming", () => {
  it("leases a message to one claim, and lets it be claimed again only when the lease has run out", async () => {
    await add(paymentReturned("lease@example.com"));
    const [first] = await claimDueMessages(10, LEASE_SECONDS);
    expect(first).toMatchObject({ recipient: "lease@example.com", attempts: 1 });
    expect(await claimDueMessages(10, LEASE_SECONDS)).toEqual([]);
    vi.setSystemTime(secondsAfter(START, LEASE_SECONDS - 1));
    expect(await claimDueMessages(10, LEASE_SECONDS)).toEqual([]);
    vi.setSystemTime(secondsAfter(START, LEASE_SECONDS));
    const [again] = await claimDueMessages(10, LEASE_SECONDS);
    expect(again).toMatchObject({ id: first.id, attempts: 2 });
    // The first claim's late answer cannot overwrite what the second claim does with the message.
    expect(await markSent(first, "late")).toBe(false);
    expect(await markSent(again, "on time")).toBe(true);
    expect(await rows("lease@example.com")).toMatchObject([{ status: "sent", textBody: "on time" }]);
  });

  it("claims at most a batch, oldest due first", async () => {
    for (let i = 0; i < 7; i++) {
      await add({ ...paymentReturned(`batch-${i}@example.com`), dueAt: secondsAfter(START, i + 1).toISOString() });
    }
    vi.setSystemTime(secondsAfter(START, 60));
    const claimed = await claimDueMessages(5, LEASE_SECONDS);
    expect(claimed.map((m) => m.recipient).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `batch-${i}@example.com`));
  });
});

describe("the worker", () => {
  it("sends a due message once, with a Message-ID made from its id, and keeps its text", async () => {
    await add(paymentReturned("once@example.com"));
    const { sent, mailer } = recordingMailer();
    expect(await deliverDueMessages(mailer)).toBe(1);
    expect(await deliverDueMessages(mailer)).toBe(0);
    expect(sent).toHaveLength(1);
    const [row] = await rows("once@example.com");
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row.textBody).toContain("$98.00 is refunded to your card ending 4242.");
    expect(sent[0].messageId).toBe(`<${sent[0].id}@marquee.example>`);
  });

  it("tries a failed message again after a doubling wait, and gives it up after the last attempt", async () => {
    const gaveUp = vi.spyOn(logger, "error").mockImplementation(() => {});
    await add(paymentReturned("flaky@example.com"));
    const { sent, mailer } = recordingMailer({ times: MAX_ATTEMPTS });
    let now = START;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueMessages(mailer), `attempt ${attempt}`).toBe(1);
      const [row] = await rows("flaky@example.com");
      expect(row.lastError).toBe("421 try later");
      if (attempt === MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
        break;
      }
      expect(row.status).toBe("pending");
      expect(new Date(row.dueAt)).toEqual(secondsAfter(now, retryDelaySeconds(attempt)));
      // Not a moment before it is due again.
      vi.setSystemTime(secondsAfter(now, retryDelaySeconds(attempt) - 1));
      expect(await deliverDueMessages(mailer)).toBe(0);
      now = secondsAfter(now, retryDelaySeconds(attempt));
      vi.setSystemTime(now);
    }
    vi.setSystemTime(secondsAfter(now, 24 * 3600));
    expect(await deliverDueMessages(mailer)).toBe(0);
    expect(sent).toEqual([]);
    expect(gaveUp).toHaveBeenCalledTimes(1);
  });

  it("gives a message up at once when the receiver refuses it for good", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    await add(paymentReturned("refused@example.com"));
    const { mailer } = recordingMailer({ times: 1, permanent: true });
    await deliverDueMessages(mailer);
    expect(await rows("refused@example.com")).toMatchObject([{ status: "failed", attempts: 1 }]);
  });

  it("gives back, untried, the messages of its batch it has not started when it is stopped", async () => {
    for (const name of ["first", "second", "third"]) await add(paymentReturned(`${name}@example.com`));
    const { sent, mailer } = recordingMailer();
    let stopping = false;
    await deliverDueMessages(
      async (message) => {
        stopping = true;
        return mailer(message);
      },
      () => stopping,
    );
    expect(sent).toHaveLength(1);
    const db = await getDb();
    const left = await db.query<{ attempts: number; lockedUntil: Date | null }>(
      `select attempts, locked_until as "lockedUntil" from outbox where status = 'pending'`,
    );
    expect(left).toEqual([
      { attempts: 0, lockedUntil: null },
      { attempts: 0, lockedUntil: null },
    ]);
  });

  it("doubles its wait from 30 seconds up to an hour", () => {
    expect([1, 2, 3, 4, 7, 8, 9, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 1920, 3600, 3600, 3600]);
  });
});
