import { describe, expect, it } from "vitest";
import type { Mailer } from "~/services/mailer.server";
import { testPostgresUrl, usePostgresDatabase } from "./postgres-database";

// What only PostgreSQL can show of the outbox: two workers claiming at once on connections of their own, as two app
// instances do (the embedded PGlite runs one transaction at a time and has one worker).

const models = () =>
  Promise.all([
    import("~/services/db.server"),
    import("~/models/outbox.server"),
    import("~/models/outbox-worker.server"),
  ]);

const MESSAGES = 40;
// A mail made from its payload alone (a booking mail reads its booking again when it is sent).
const refundMail = {
  booking: {
    id: "0b5a3d7e-1111-4222-8333-944455556666",
    startsAt: "2031-03-09T19:30:00Z",
    hallName: "Screen 1",
    seats: ["D4"],
    amountCents: 4900,
    movie: { id: "m", title: "Twice", posterUrl: "/p.svg", runtime: 100 },
  },
  name: "Ann",
  refundedCents: 4900,
  cardLast4: "4242",
};

describe.skipIf(!testPostgresUrl)("on PostgreSQL, the outbox", () => {
  usePostgresDatabase();

  it("sends each message once though two workers claim at the same time", async () => {
    const [{ getDb }, { enqueueMessage }, { deliverDueMessages }] = await models();
    const db = await getDb();
    await db.transaction(async (tx) => {
      for (let i = 0; i < MESSAGES; i++) {
        const recipient = `customer-${i}@example.com`;
        await enqueueMessage(tx, {
          kind: "payment-returned",
          recipient,
          subject: "Cancelled",
          payload: refundMail,
        });
      }
    });
    const sends = new Map<string, string[]>();
    // Each worker sends slowly, so each claims while the other is busy sending.
    const worker =
      (name: string): Mailer =>
      async (message) => {
        sends.set(message.id, [...(sends.get(message.id) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { ok: true };
      };
    const drain = async (name: string) => {
      let batches = 0;
      while ((await deliverDueMessages(worker(name))) > 0) batches++;
      return batches;
    };
    const batches = await Promise.all([drain("one"), drain("two")]);
    expect(batches.every((count) => count > 0)).toBe(true);
    expect(sends.size).toBe(MESSAGES);
    expect([...sends.entries()].filter(([, workers]) => workers.length > 1)).toEqual([]);
    const rows = await db.query<{ status: string; attempts: number }>("select status, attempts from outbox");
    expect(rows).toEqual(Array.from({ length: MESSAGES }, () => ({ status: "sent", attempts: 1 })));
  });
});
