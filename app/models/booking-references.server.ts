import type { Booking } from "~/domain/booking";
import { getDb } from "~/services/db.server";
import { findBookingNow } from "./bookings.server";

/**
 * The booking made with `email` (an account's or a guest's) whose Booking ID, the first 8 characters of its id, is
 * `reference`, while its show has not ended (by the database's clock); null otherwise.
 */
export async function findBookingByReference(email: string, reference: string): Promise<Booking | null> {
  const db = await getDb();
  const [row] = await db.query<{ id: string }>(
    `select b.id from bookings b
       join users u on u.uid = b.user_uid
       join shows s on s.id = b.show_id join movies m on m.id = s.movie_id
     where lower(u.email) = lower($1) and upper(left(b.id::text, 8)) = upper($2)
       and s.starts_at + make_interval(mins => m.runtime) > now()
     order by b.created_at desc limit 1`,
    [email, reference],
  );
  return row ? findBookingNow(row.id) : null;
}
