import { sql } from "kysely";
import type { Queryable } from "~/services/db.server";
import { compiledOnce } from "~/services/typed-db.server";
import { recordGuest, type Guest } from "./guests.server";

// How a booking was sold (decision 71): online by a customer signed in, online by a guest (decision 46), or at the
// box office counter by a staff member, for a customer who may give an address for the tickets.

/** A booking made at the counter: who sells it, and the address its tickets are mailed to, if the customer gave one. */
export type CounterBuyer = { staffUid: string; email: string | null };

/** A booking's buyer who has no account: a guest online, or a customer at the counter. */
export type BuyerWithoutAccount = { guest: Guest } | { counter: CounterBuyer; requestToken: string };

// On the booking post's path: compiled once (decision 64).
const upsertCounterBuyerWithEmail = compiledOnce((db, p: { email: string }) =>
  db
    .insertInto("users")
    .values({ uid: sql<string>`'guest:' || gen_random_uuid()`, email: p.email, is_guest: true })
    .onConflict((oc) =>
      oc
        .column("email")
        // The partial key's own predicate, written out: a parameter could not prove it.
        .where(sql<boolean>`is_guest`)
        .doUpdateSet((eb) => ({ email: eb.ref("excluded.email") })),
    )
    .returning("uid"),
);

const upsertCounterBuyerWithoutEmail = compiledOnce((db, p: { uid: string }) =>
  db
    .insertInto("users")
    .values({ uid: p.uid, is_guest: true })
    .onConflict((oc) => oc.column("uid").doUpdateSet({ is_guest: true }))
    .returning("uid"),
);

const setSalesChannel = compiledOnce((db, p: { bookingId: string; channel: string; staffUid: string | null }) =>
  db.updateTable("bookings").set({ channel: p.channel, sold_by_staff_uid: p.staffUid }).where("id", "=", p.bookingId),
);

/**
 * The uid that owns a booking made without an account, in the booking's transaction. A counter customer with an
 * address is the guest of that address, whose name it leaves as it is; one without is a guest without an address,
 * made from the form's token, so the same form posted again finds the booking it made.
 */
export async function recordBuyer(tx: Queryable, buyer: BuyerWithoutAccount): Promise<string> {
  if ("guest" in buyer) return recordGuest(tx, buyer.guest);
  const { email } = buyer.counter;
  const [row] = email
    ? await upsertCounterBuyerWithEmail(tx, { email })
    : await upsertCounterBuyerWithoutEmail(tx, { uid: `counter:${buyer.requestToken}` });
  return row.uid;
}

/** Marks a booking just made without an account with how it was sold, and by whom at the counter. */
export async function markSalesChannel(tx: Queryable, bookingId: string, buyer: BuyerWithoutAccount) {
  await setSalesChannel(tx, {
    bookingId,
    channel: "guest" in buyer ? "guest" : "counter",
    staffUid: "guest" in buyer ? null : buyer.counter.staffUid,
  });
}
