import { BOOKING_STATUSES, type BookingStatus } from "~/domain/booking";
import { sql } from "kysely";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { bookingStatusSql } from "./booking-rules.server";

// What /metrics reads from the database at each scrape, so the figures are the same from every instance and no
// model has to count anything as it works.

export type StoredFigures = {
  /** Bookings by status as customers see it (an unpaid hold past its time is expired). */
  bookings: Record<BookingStatus, number>;
  /** Payments kept, and those refunded since. */
  payments: { paid: number; refunded: number };
  /** Unpaid holds that ran out in the last hour: a rise says customers cannot get through checkout. */
  holdsExpiredLastHour: number;
  /** Outbox messages due and not yet sent, and how long the oldest of them has been due (0 when none is). */
  outbox: { due: number; oldestDueSeconds: number };
};

export async function readStoredFigures(): Promise<StoredFigures> {
  const db = typed(await getDb());
  const [
    statuses,
    {
      rows: [totals],
    },
  ] = await Promise.all([
    db
      .selectFrom("bookings as b")
      .select([sql.raw<BookingStatus>(bookingStatusSql("b")).as("status"), db.fn.countAll<number>().as("count")])
      .groupBy(sql`1`)
      .execute(),
    sql<{
      paid: number;
      refunded: number;
      holdsExpiredLastHour: number;
      outboxDue: number;
      outboxOldestDueSeconds: number;
    }>`select (select count(*) from payments where refunded_at is null) as paid,
         (select count(*) from payments where refunded_at is not null) as refunded,
         (select count(*) from bookings b where ${sql.raw(bookingStatusSql("b"))} = 'expired'
            and b.hold_expires_at > now() - interval '1 hour') as "holdsExpiredLastHour",
         outbox.due as "outboxDue", outbox.oldest_due_seconds as "outboxOldestDueSeconds"
       from (select count(*) as due, coalesce(extract(epoch from now() - min(due_at)), 0) as oldest_due_seconds
             from outbox where status = 'pending' and due_at <= now()) outbox`.execute(db),
  ]);
  const bookings = Object.fromEntries(BOOKING_STATUSES.map((status) => [status, 0])) as Record<BookingStatus, number>;
  for (const { status, count } of statuses) bookings[status] = count;
  return {
    bookings,
    payments: { paid: totals.paid, refunded: totals.refunded },
    holdsExpiredLastHour: totals.holdsExpiredLastHour,
    outbox: { due: totals.outboxDue, oldestDueSeconds: totals.outboxOldestDueSeconds },
  };
}
