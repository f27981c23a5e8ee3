import { sql, type Expression, type SqlBool } from "kysely";
import { config } from "~/config.server";
import { MAX_SEATS_PER_BOOKING } from "~/domain/seat-limits";
import type { Queryable } from "~/services/db.server";
import { compiledOnce, typed } from "~/services/typed-db.server";
import { runningHoldSql } from "./booking-rules.server";

// What one customer may hold unpaid: at most MAX_UNPAID_BOOKINGS bookings, and MAX_SEATS_PER_BOOKING seats of one
// show. A booking made on the seat page and a waitlist offer both obey them, counted the same way.

/** A customer's running holds: how many unpaid bookings they have, and the seats they hold of one show. */
export type CustomerHolds = { unpaid: number; heldHere: string[] };

export type HoldLimitFailure =
  { reason: "too-many-held-seats"; held: number } | { reason: "too-many-unpaid"; unpaid: number };

/** A query of the `CustomerHolds` of the bookings `b` that `buyer` picks, in the show `show` (a value or a column). */
export const buyerHolds = (buyer: Expression<SqlBool>, show: Expression<string>) =>
  sql<CustomerHolds>`select count(distinct b.id) as unpaid,
     coalesce(array_agg(seat) filter (where b.show_id = ${show}), '{}') as "heldHere"
   from bookings b cross join lateral unnest(b.seats) as seat
   where ${buyer} and ${sql.raw(runningHoldSql("b"))}`;

// On the booking post's path: compiled once (decision 64).
const lockCustomerRow = compiledOnce((db, p: { userUid: string }) =>
  db.selectFrom("users").select("uid").where("uid", "=", p.userUid).forNoKeyUpdate(),
);

/**
 * Locks the customer's row for the rest of the transaction, so their limits are counted without a race between their
 * own tabs or with an offer. `for no key update` leaves alone the key locks that bookings' foreign keys take.
 */
export async function lockCustomer(tx: Queryable, userUid: string) {
  await lockCustomerRow(tx, { userUid });
}

/** The customer's running holds, read after `lockCustomer` (a statement that waited for a lock reads the past). */
export async function customerHolds(tx: Queryable, userUid: string, showId: string): Promise<CustomerHolds> {
  const { rows } = await buyerHolds(sql`b.user_uid = ${userUid}`, sql`${showId}::uuid`).execute(typed(tx));
  return rows[0];
}

/** Why a customer with these holds may not be given `seatCount` more seats of the show; null when they may. */
export function holdLimitFailure({ unpaid, heldHere }: CustomerHolds, seatCount: number): HoldLimitFailure | null {
  if (unpaid >= config.bookings.maxUnpaidBookings) return { reason: "too-many-unpaid", unpaid };
  if (heldHere.length + seatCount > MAX_SEATS_PER_BOOKING)
    return { reason: "too-many-held-seats", held: heldHere.length };
  return null;
}
