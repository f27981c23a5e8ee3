import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { testPostgresUrl, usePostgresDatabase } from "./postgres-database";

// Seats freed at the same moment by cancellations on several connections go to the people waiting in order, each
// seat to one person and each person offered once: the show's lock puts the offers one after the other.
const DAY = "2031-07-02";
const MOVIE = "t-pg-waitlist";

const models = () =>
  Promise.all([
    import("~/services/db.server"),
    import("~/models/seat-booking.server"),
    import("~/models/cancellations.server"),
    import("~/models/waitlist.server"),
    import("./fixtures"),
  ]);

describe.skipIf(!testPostgresUrl)("on PostgreSQL, the waitlist", () => {
  usePostgresDatabase();
  let hallId: string;

  beforeAll(async () => {
    const [, , , , fixtures] = await models();
    await fixtures.addMovie(MOVIE);
    hallId = await fixtures.addHall("A 1 2 3 4 5 6");
  });

  it("offers seats freed by cancellations at once to the first waiting, each seat and person once", async () => {
    const [{ getDb }, { bookSeats }, { cancelBooking }, { joinWaitlist }, fixtures] = await models();
    for (let round = 0; round < 5; round++) {
      const show = await fixtures.addShow(MOVIE, `${DAY}T${10 + round}:00:00Z`, { hallId });
      const holders = [];
      for (const seats of [["A1"], ["A2"], ["A3"], ["A4", "A5", "A6"]]) {
        const owner = await fixtures.addUser();
        const booked = await bookSeats({
          userUid: owner,
          movieId: MOVIE,
          day: DAY,
          showId: show,
          seats,
          requestToken: randomUUID(),
        });
        if (!booked.ok) throw new Error(booked.reason);
        holders.push({ owner, bookingId: booked.booking.id });
      }
      const waiting = [];
      for (let index = 0; index < 4; index++) waiting.push(await fixtures.addUser());
      for (const user of waiting) expect((await joinWaitlist(user, show, 1)).ok).toBe(true);

      const cancelled = await Promise.all(
        holders.slice(0, 3).map(({ owner, bookingId }) => cancelBooking(owner, bookingId)),
      );
      expect(cancelled.every((outcome) => outcome.ok)).toBe(true);
      const db = await getDb();
      const offers = await db.query<{ userUid: string; seats: string[] }>(
        `select w.user_uid as "userUid", b.seats from waitlist_entries w join bookings b on b.id = w.offered_booking_id
         where w.show_id = $1 order by w.id`,
        [show],
      );
      expect(offers.map((offer) => offer.userUid)).toEqual(waiting.slice(0, 3));
      expect(new Set(offers.flatMap((offer) => offer.seats)).size).toBe(3);
      const mails = await db.query(
        "select 1 from outbox where kind = 'waitlist-offer' and payload->>'userUid' = any($1)",
        [waiting],
      );
      expect(mails).toHaveLength(3);
    }
  });
});
