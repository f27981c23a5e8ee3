import { sql } from "kysely";
import type { User } from "~/domain/user";
import { getDb, type Queryable } from "~/services/db.server";
import { compiledOnce, typed } from "~/services/typed-db.server";
import { userColumns } from "./users.server";

// Guests (decision 46): customers without an account, one `users` row per email address, so the limits, holds,
// payments and mails of an account apply to them as they are.

/** Who books as a guest: the name and the email the ticket mail goes to (lower case, as the schema gives it). */
export type Guest = { name: string; email: string };

// On a guest's booking post: compiled once (decision 64).
const upsertGuest = compiledOnce((db, p: Guest) =>
  db
    .insertInto("users")
    .values({ uid: sql<string>`'guest:' || gen_random_uuid()`, email: p.email, name: p.name, is_guest: true })
    .onConflict((oc) =>
      oc
        .column("email")
        // The partial key's own predicate, written out: a parameter could not prove it.
        .where(sql<boolean>`is_guest`)
        .doUpdateSet((eb) => ({ name: eb.ref("excluded.name") })),
    )
    .returning("uid"),
);

/**
 * The uid of the guest with this email, made on their first booking; the name is the one they gave last. Called in
 * the booking's transaction, so a refused booking leaves no guest behind.
 */
export async function recordGuest(tx: Queryable, guest: Guest): Promise<string> {
  const [row] = await upsertGuest(tx, guest);
  return row.uid;
}

/**
 * The guest who owns a booking, for a browser holding that booking's pass. None once an account has claimed it: from
 * then on only the account's own sign-in manages it, never a pass or a mailed link.
 */
export async function findBookingOwner(bookingId: string): Promise<User | null> {
  const owner = await typed(await getDb())
    .selectFrom("users")
    .select(userColumns)
    .where("is_guest", "=", true)
    .where("uid", "=", (eb) => eb.selectFrom("bookings").select("user_uid").where("id", "=", bookingId))
    .executeTakeFirst();
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
    const guests = typed(tx)
      .selectFrom("users")
      .select("uid")
      .where("is_guest", "=", true)
      .where("email", "=", sql<string>`lower(${email})`);
    const bookings = await typed(tx)
      .updateTable("bookings")
      .set({ user_uid: uid })
      .where("user_uid", "in", guests)
      .returning("id")
      .execute();
    if (bookings.length === 0) return 0;
    // A reminder already queued is sent to the booking's owner, who is now the account.
    await typed(tx)
      .updateTable("outbox")
      .set({ payload: sql<string>`jsonb_set(payload, '{userUid}', to_jsonb(${uid}::text))` })
      .where("kind", "=", sql.lit("show-reminder"))
      .where("status", "=", sql.lit("pending"))
      .where(sql<boolean>`payload->>'bookingId' = any(${bookings.map((booking) => booking.id)}::text[])`)
      .execute();
    await typed(tx)
      .updateTable("promo_code_uses as u")
      .set({ user_uid: uid })
      .where("u.user_uid", "in", guests)
      .where(
        sql<boolean>`not (u.returned_at is null and exists (select 1 from promo_code_uses live
           where live.user_uid = ${uid} and live.promo_code_id = u.promo_code_id and live.returned_at is null))`,
      )
      .execute();
    return bookings.length;
  });
}
