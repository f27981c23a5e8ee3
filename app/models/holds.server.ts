import { getDb, type Queryable } from "~/services/db.server";
import { showStartedSql } from "./booking-rules.server";

/**
 * Lets go of unpaid bookings: each is marked expired and its seat rows go. The update takes each booking's row
 * lock and re-checks `where` on the row as it stands then, so a payment of the same booking (which updates that row
 * too) either commits first, and the hold stays, or finds it expired afterwards. Answers how many seats came free.
 */
export async function releaseHolds(tx: Queryable, where: string, params: unknown[]) {
  const freed = await tx.query(
    `with released as (
       update bookings b set status = 'expired' where b.status = 'pending' and (${where}) returning b.id)
     delete from booked_seats where booking_id in (select id from released) returning seat`,
    params,
  );
  return freed.length;
}

/** Releases a booking whose show has started before it was paid. */
export async function releaseStartedHold(bookingId: string) {
  const db = await getDb();
  await db.transaction((tx) =>
    releaseHolds(tx, `b.id = $1 and exists (select 1 from shows s where s.id = b.show_id and ${showStartedSql("s")})`, [
      bookingId,
    ]),
  );
}
