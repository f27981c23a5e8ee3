import type { Queryable } from "~/services/db.server";
import { recordGuest, type Guest } from "./guests.server";

// How a booking was sold (decision 71): online by a customer signed in, online by a guest (decision 46), or at the
// box office counter by a staff member, for a customer who may give an address for the tickets.

/** A booking made at the counter: who sells it, and the address its tickets are mailed to, if the customer gave one. */
export type CounterBuyer = { staffUid: string; email: string | null };

/** A booking's buyer who has no account: a guest online, or a customer at the counter. */
export type BuyerWithoutAccount = { guest: Guest } | { counter: CounterBuyer; requestToken: string };

/**
 * The uid that owns a booking made without an account, in the booking's transaction. A counter customer with an
 * address is the guest of that address, whose name it leaves as it is; one without is a guest without an address,
 * made from the form's token, so the same form posted again finds the booking it made.
 */
export async function recordBuyer(tx: Queryable, buyer: BuyerWithoutAccount): Promise<string> {
  if ("guest" in buyer) return recordGuest(tx, buyer.guest);
  const { email } = buyer.counter;
  const [row] = await tx.query<{ uid: string }>(
    email
      ? `insert into users (uid, email, is_guest) values ('guest:' || gen_random_uuid(), $1, true)
         on conflict (email) where is_guest do update set email = excluded.email returning uid`
      : `insert into users (uid, is_guest) values ('counter:' || $1, true)
         on conflict (uid) do update set is_guest = true returning uid`,
    [email ?? buyer.requestToken],
  );
  return row.uid;
}

/** Marks a booking just made without an account with how it was sold, and by whom at the counter. */
export async function markSalesChannel(tx: Queryable, bookingId: string, buyer: BuyerWithoutAccount) {
  await tx.query("update bookings set channel = $2, sold_by_staff_uid = $3 where id = $1", [
    bookingId,
    "guest" in buyer ? "guest" : "counter",
    "guest" in buyer ? null : buyer.counter.staffUid,
  ]);
}
