import { sql, type Expression, type SqlBool } from "kysely";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { showStartedSql } from "./booking-rules.server";

/**
 * Lets go of unpaid bookings: each is marked expired and its seat rows go. The update takes each booking's row
 * lock and re-checks `where` (on the bookings `b`) on the row as it stands then, so a payment of the same booking
 * (which updates that row too) either commits first, and the hold stays, or finds it expired afterwards. Answers how
 * many seats came free.
 */
export async function releaseHolds(tx: Queryable, where: Expression<SqlBool>) {
  const freed = await typed(tx)
    .with("released", (db) =>
      db
        .updateTable("bookings as b")
        .set({ status: sql.lit("expired") })
        .where("b.status", "=", sql.lit("pending"))
        .where(where)
        .returning("b.id"),
    )
    .deleteFrom("booked_seats")
    .where("booking_id", "in", (db) => db.selectFrom("released").select("id"))
    .returning("seat")
    .execute();
  return freed.length;
}

/** Releases a booking whose show has started before it was paid. */
export async function releaseStartedHold(bookingId: string) {
  const db = await getDb();
  await db.transaction((tx) =>
    releaseHolds(
      tx,
      sql`b.id = ${bookingId} and exists (select 1 from shows s where s.id = b.show_id and ${sql.raw(showStartedSql("s"))})`,
    ),
  );
}
