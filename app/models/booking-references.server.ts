import { sql } from "kysely";
import type { Booking } from "~/domain/booking";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { findBookingNow } from "./bookings.server";

/**
 * The booking made with `email` (an account's or a guest's) whose Booking ID, the first 8 characters of its id, is
 * `reference`, while its show has not ended (by the database's clock); null otherwise.
 */
export async function findBookingByReference(email: string, reference: string): Promise<Booking | null> {
  const row = await typed(await getDb())
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.uid", "b.user_uid")
    .innerJoin("shows as s", "s.id", "b.show_id")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .select("b.id")
    .where(sql<boolean>`lower(u.email) = lower(${email}) and upper(left(b.id::text, 8)) = upper(${reference})`)
    .where(sql<boolean>`s.starts_at + make_interval(mins => m.runtime) > now()`)
    .orderBy("b.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? findBookingNow(row.id) : null;
}
