import type { User } from "~/domain/user";
import { getDb, type Queryable } from "~/services/db.server";
import { USER_COLUMNS } from "./users.server";

// Guests (decision 46): customers without an account, one `users` row per email address, so the limits, holds,
// payments and mails of an account apply to them as they are.

/** Who books as a guest: the name and the email the ticket mail goes to (lower case, as the schema gives it). */
export type Guest = { name: string; email: string };

/**
 * The uid of the guest with this email, made on their first booking; the name is the one they gave last. Called in
 * the booking's transaction, so a refused booking leaves no guest behind.
 */
export async function recordGuest(tx: Queryable, guest: Guest): Promise<string> {
  const [row] = await tx.query<{ uid: string }>(
    `insert into users (uid, email, name, is_guest) values ('guest:' || gen_random_uuid(), $1, $2, true)
     on conflict (email) where is_guest do update set name = excluded.name
     returning uid`,
    [guest.email, guest.name],
  );
  return row.uid;
}

/**
 * The guest who owns a booking, for a browser holding that booking's pass. None once an account has claimed it: from
 * then on only the account's own sign-in manages it, never a pass or a mailed link.
 */
export async function findBookingOwner(bookingId: string): Promise<User | null> {
  const db = await getDb();
  const [owner] = await db.query<User>(
    `select ${USER_COLUMNS} from users where is_guest and uid = (select user_uid from bookings where id = $1)`,
    [bookingId],
  );
  return owner ?? null;
}

/**
 * Brings the bookings made as a guest with `email` to the account `uid`, once the provider says the account owns that
 * email (verified). One transaction: the bookings, their pending reminders and their promo code uses move together. A use of
 * a code the account already holds live stays with the guest (the key allows one a customer). Running it again moves
 * nothing; answers how many bookings moved.
 */
export async function claimGuestBookings(uid: string, email: string): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const guests = `(select uid from users where is_guest and email = lower($2))`;
    const bookings = await tx.query<{ id: string }>(
      `update bookings set user_uid = $1 where user_uid in ${guests} returning id`,
      [uid, email],
    );
    if (bookings.length === 0) return 0;
    // A reminder already queued is sent to the booking's owner, who is now the account.
    await tx.query(
      `update outbox set payload = jsonb_set(payload, '{userUid}', to_jsonb($1::text))
       where kind = 'show-reminder' and status = 'pending' and payload->>'bookingId' = any($2::text[])`,
      [uid, bookings.map((booking) => booking.id)],
    );
    await tx.query(
      `update promo_code_uses u set user_uid = $1 where user_uid in ${guests}
         and not (u.returned_at is null and exists (select 1 from promo_code_uses live
           where live.user_uid = $1 and live.promo_code_id = u.promo_code_id and live.returned_at is null))`,
      [uid, email],
    );
    return bookings.length;
  });
}
