import { randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { testPostgresUrl, usePostgresDatabase } from "./postgres-database";
import { showChangeScenarios } from "./show-changes-scenarios";

// Staff cancelling a show on PostgreSQL, where a booking can be in flight on another connection at that moment: the
// show's row lock puts the two one after the other, so the booking is either seen and let go, or refused.
const MOVIE = "t-pg-show-changes";
const models = async () => ({
  db: await import("~/services/db.server"),
  bookings: { ...(await import("~/models/bookings.server")), ...(await import("~/models/seat-booking.server")) },
  changes: await import("~/models/show-changes.server"),
  fixtures: await import("./fixtures"),
});

/** Resolves once some connection of the database waits for a lock (or after five seconds). */
async function someoneWaits() {
  const { db } = await models();
  for (let tries = 0; tries < 100; tries++) {
    const [{ waiting }] = await (
      await db.getDb()
    ).query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
    );
    if (waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("nobody waited for a lock");
}

describe.skipIf(!testPostgresUrl)("on PostgreSQL, staff cancelling and moving a show", () => {
  const url = usePostgresDatabase();
  showChangeScenarios(MOVIE);

  describe("with a booking in flight", () => {
    let day: string;
    beforeAll(() => {
      day = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    });

    it("lets go of a booking that was being made as the show was cancelled: it committed first", async () => {
      const { changes, fixtures, bookings } = await models();
      const show = await fixtures.addShow(MOVIE, `${day}T10:00:00Z`);
      const user = await fixtures.addUser();
      // A booking in its transaction, past inserting its row: the row's foreign key holds the show's key lock.
      const other = new pg.Client(url());
      await other.connect();
      await other.query("begin");
      const [booking] = (
        await other.query<{ id: string }>(
          `insert into bookings (user_uid, show_id, seats, amount_cents, hold_expires_at, request_token)
           values ($1, $2, '{A1}', 5000, now() + interval '10 minutes', $3) returning id`,
          [user, show, randomUUID()],
        )
      ).rows;
      await other.query("insert into booked_seats (show_id, seat, booking_id) values ($1, 'A1', $2)", [
        show,
        booking.id,
      ]);
      const cancelling = changes.cancelShow("test-staff", show);
      await someoneWaits();
      await other.query("commit");
      await other.end();
      expect(await cancelling).toEqual({ ok: true, refunded: 0, refundedCents: 0, released: 1 });
      expect(await bookings.findBooking(user, booking.id)).toMatchObject({ status: "cancelled", showCancelled: true });
      expect(await bookings.occupiedSeats(show)).toEqual([]);
    });

    it("refuses a booking that waited for the show's cancellation", async () => {
      const { changes, fixtures, bookings } = await models();
      const show = await fixtures.addShow(MOVIE, `${day}T14:00:00Z`);
      const paidUser = await fixtures.addUser();
      const held = await bookings.bookSeats({
        userUid: paidUser,
        movieId: MOVIE,
        day,
        showId: show,
        seats: ["A1"],
        requestToken: randomUUID(),
      });
      if (!held.ok) throw new Error(held.reason);
      // Another connection holds the hold's row: the cancellation locks the show, then waits for that row.
      const other = new pg.Client(url());
      await other.connect();
      await other.query("begin");
      await other.query("select id from bookings where id = $1 for update", [held.booking.id]);
      const cancelling = changes.cancelShow("test-staff", show);
      await someoneWaits();
      const late = await fixtures.addUser();
      const booking = bookings.bookSeats({
        userUid: late,
        movieId: MOVIE,
        day,
        showId: show,
        seats: ["B1"],
        requestToken: randomUUID(),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query("commit");
      await other.end();
      expect(await cancelling).toMatchObject({ ok: true, released: 1 });
      expect(await booking).toEqual({ ok: false, reason: "show-unavailable" });
      expect(await bookings.occupiedSeats(show)).toEqual([]);
    });
  });
});
