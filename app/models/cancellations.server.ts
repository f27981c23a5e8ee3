import { cancelRefusal, type Booking, type CancelRefusal } from "~/domain/booking";
import { sql } from "kysely";
import { getDb, retryingConflicts, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { findBooking } from "./bookings.server";
import { queueCancellation } from "./notifications.server";
import { returnPromoUse } from "./promo-codes.server";
import { findPayment, refundPayment } from "./payments.server";
import { offerFreedSeats } from "./waitlist.server";
import { queueWalletUpdate } from "./wallet-updates.server";

export type CancellationFailure =
  { reason: "not-found" } | { reason: CancelRefusal } | { reason: "refund-unavailable" };

/** What a cancelled booking gave back: nothing for a hold let go. */
export type Refund = { refundedCents: number; cardLast4: string | null };

/**
 * Cancels a booking whose row the caller's transaction has locked: a paid one is refunded in full through the
 * provider first, under the key `<booking>:cancel`, so however often this is tried (a customer and the cinema
 * cancelling, a transaction that failed after the provider answered) a booking is refunded once. The seats are let
 * go, a promo code's use given back, and a paid booking's wallet pass updated; offering the seats to people waiting
 * is the caller's. Null when the provider would not refund: nothing changed.
 */
export async function cancelLockedBooking(tx: Queryable, booking: Booking): Promise<Refund | null> {
  const payment = booking.status === "paid" ? (await findPayment(booking.id, tx))! : null;
  if (payment && !(await refundPayment(tx, booking.id, payment))) return null;
  // Its calendar entry changes too: the cancelling copy must outrank the one a calendar holds.
  await typed(tx)
    .updateTable("bookings")
    .set((eb) => ({
      status: sql.lit("cancelled"),
      cancelled_at: sql<Date>`now()`,
      calendar_sequence: eb("calendar_sequence", "+", 1),
    }))
    .where("id", "=", booking.id)
    .execute();
  await typed(tx).deleteFrom("booked_seats").where("booking_id", "=", booking.id).execute();
  await returnPromoUse(tx, booking.id);
  // A paid booking's pass may be in a wallet: it says now that it no longer admits.
  if (booking.status === "paid") await queueWalletUpdate(tx, booking.id);
  return { refundedCents: payment?.amountCents ?? 0, cardLast4: payment?.cardLast4 ?? null };
}

/**
 * Cancels a booking and frees its seats at once: a hold is let go, a paid booking is refunded in full until the
 * cut-off, unless its ticket was let in. The booking's row is locked and read again before anything changes, so a
 * check-in, a payment or a second cancellation at the same moment waits and is decided by what this one did. The
 * refund is asked for while the lock is held: it happens if and only if the cancellation commits (a commit that
 * fails after it is made good by the refund's idempotency key when the customer tries again). A refunded booking's
 * mail is put in the outbox by the same transaction.
 */
export async function cancelBooking(
  userUid: string,
  bookingId: string,
): Promise<{ ok: true; booking: Booking; refundedCents: number } | ({ ok: false } & CancellationFailure)> {
  const db = await getDb();
  // Staff cancelling the show lock the show and then its bookings, the reverse of this order: should PostgreSQL pick
  // this one as a deadlock's victim, it runs again (the refund's key keeps it one refund).
  const outcome = await retryingConflicts(() =>
    db.transaction(async (tx) => {
      const booking = await findBooking(userUid, bookingId, { tx, lock: true });
      if (!booking) return { ok: false as const, reason: "not-found" as const };
      const refusal = cancelRefusal(booking);
      if (refusal) return { ok: false as const, reason: refusal };
      const refund = await cancelLockedBooking(tx, booking);
      if (!refund) return { ok: false as const, reason: "refund-unavailable" as const };
      await offerFreedSeats(tx, booking.showId);
      if (booking.status === "paid") {
        const cancelled = (await findBooking(userUid, booking.id, { tx }))!;
        await queueCancellation(tx, "booking-cancellation", userUid, cancelled, refund);
      }
      return { ok: true as const, refundedCents: refund.refundedCents };
    }),
  );
  if (!outcome.ok) return outcome;
  return { ok: true, booking: (await findBooking(userUid, bookingId))!, refundedCents: outcome.refundedCents };
}
