import { sql, type Expression, type InferResult, type SqlBool } from "kysely";
import { holdsSeats, payRefusal, type Booking, type PayRefusal } from "~/domain/booking";
import type { Discount, Ticket } from "~/domain/tickets";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { isUuid } from "~/utils/uuid";
import { bookingStateColumns, holdsSeatsSql } from "./booking-rules.server";

// Bookings as their owners read them, and the seats a show has taken. The rest of the family: booking-rules (a
// booking's state in SQL), booking-limits (what one customer may hold), holds (letting go of run-out holds),
// seat-memory (what the last read of a show's seats says of a booking post) and seat-booking (the transaction).

/** SQL ordering seat labels as a hall lists them: by row, then by number ("A2" before "A10"). */
export const SEAT_ORDER_SQL = (column: string) => `left(${column}, 1), substr(${column}, 2)::int`;

/** SQL: a booking's tickets as JSON, in hall order (app/domain/tickets.ts's Ticket). */
export const TICKETS_SQL = (booking: string) => `coalesce((
    select json_agg(json_build_object('seat', t.seat, 'seatType', t.seat_type, 'typeId', t.ticket_type_id,
      'typeName', t.type_name, 'priceCents', t.price_cents, 'seatExtraCents', t.seat_extra_cents)
      order by ${SEAT_ORDER_SQL("t.seat")})
    from booking_tickets t where t.booking_id = ${booking}.id), '[]')`;

/** SQL: a booking's promo code discount as JSON (app/domain/tickets.ts's Discount), or null. */
export const DISCOUNT_SQL = (booking: string) => `(
    select json_build_object('code', c.code, 'cents', u.discount_cents)
    from promo_code_uses u join promo_codes c on c.id = u.promo_code_id where u.booking_id = ${booking}.id)`;

/** A booking as its owner reads it, with its show, film and hall; the caller adds which one. */
const bookingQuery = (db: Queryable) =>
  typed(db)
    .selectFrom("bookings as b")
    .innerJoin("shows as s", "s.id", "b.show_id")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .select([
      "b.id",
      "b.show_id as showId",
      "h.name as hallName",
      "s.starts_at as startsAt",
      "b.seats",
      "b.amount_cents as amountCents",
      "b.confirmed_without_payment as confirmedWithoutPayment",
      ...bookingStateColumns("b", "s"),
      "b.hold_expires_at as holdExpiresAt",
      "b.created_at as createdAt",
      "b.paid_at as paidAt",
      "b.cancelled_at as cancelledAt",
      sql<boolean>`s.cancelled_at is not null`.as("showCancelled"),
      "m.id as movieId",
      "m.title",
      "m.poster_path as posterUrl",
      "m.runtime",
      sql.raw<Ticket[]>(TICKETS_SQL("b")).as("tickets"),
      sql.raw<Discount | null>(DISCOUNT_SQL("b")).as("discount"),
    ]);

type BookingRow = InferResult<ReturnType<typeof bookingQuery>>[number];

const isoTime = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function toBooking({ movieId, title, posterUrl, runtime, ...row }: BookingRow): Booking {
  return {
    ...row,
    movie: { id: movieId, title, posterUrl, runtime },
    startsAt: isoTime(row.startsAt)!,
    holdExpiresAt: isoTime(row.holdExpiresAt)!,
    createdAt: isoTime(row.createdAt)!,
    paidAt: isoTime(row.paidAt),
    cancelledAt: isoTime(row.cancelledAt),
  };
}

/** The seats of a show that are booked or held right now, in row order. */
export async function occupiedSeats(showId: string, db: Queryable | null = null): Promise<string[]> {
  const rows = await typed(db ?? (await getDb()))
    .selectFrom("booked_seats as bs")
    .innerJoin("bookings as b", "b.id", "bs.booking_id")
    .select("bs.seat")
    .where("bs.show_id", "=", showId)
    .where(sql.raw<boolean>(holdsSeatsSql("b")))
    .orderBy(sql.raw(SEAT_ORDER_SQL("bs.seat")))
    .execute();
  return rows.map((row) => row.seat);
}

/**
 * Whose bookings count as one buyer's: a customer's, or only those a guest's browser holds passes for, whatever email
 * each was made under (decision 55).
 */
export type BuyerBookings = { userUid: string } | { bookingIds: string[] };

/** The condition picking the buyer's bookings `b`. */
export const buyerBookings = (buyer: BuyerBookings): Expression<SqlBool> =>
  "userUid" in buyer ? sql`b.user_uid = ${buyer.userUid}` : sql`b.id = any(${buyer.bookingIds}::uuid[])`;

/** The seats a buyer holds or has paid for in a show. */
export async function seatsOfCustomer(tx: Queryable | null, buyer: BuyerBookings, showId: string) {
  const rows = await typed(tx ?? (await getDb()))
    .selectFrom("bookings as b")
    .select(sql<string>`unnest(b.seats)`.as("seat"))
    .where(buyerBookings(buyer))
    .where("b.show_id", "=", showId)
    .where(sql.raw<boolean>(holdsSeatsSql("b")))
    .execute();
  return rows.map((row) => row.seat);
}

/** The booking a customer's form (its one-time token) made, if it made one. */
export async function findBookingByToken(db: Queryable, userUid: string, requestToken: string) {
  const row = await bookingQuery(db)
    .where("b.user_uid", "=", userUid)
    .where("b.request_token", "=", requestToken)
    .executeTakeFirst();
  return row ? toBooking(row) : null;
}

/** A customer's bookings, newest first. */
export async function listBookings(userUid: string): Promise<Booking[]> {
  const rows = await bookingQuery(await getDb())
    .where("b.user_uid", "=", userUid)
    .orderBy("b.created_at", "desc")
    .execute();
  return rows.map(toBooking);
}

/**
 * One of a customer's bookings; null for an unknown id or someone else's booking. With `lock`, inside a transaction,
 * the booking's row is locked first and then read, so the state answered is the one no other change can overtake.
 */
export async function findBooking(
  userUid: string,
  bookingId: string,
  { tx, lock = false }: { tx?: Queryable; lock?: boolean } = {},
): Promise<Booking | null> {
  if (!isUuid(bookingId)) return null;
  const db = tx ?? (await getDb());
  // Locking and reading are two statements: a statement that waited for a lock still reads the other tables
  // (the check-ins) as they were when it began.
  if (lock) {
    await typed(db)
      .selectFrom("bookings")
      .select("id")
      .where("id", "=", bookingId)
      .where("user_uid", "=", userUid)
      .forUpdate()
      .execute();
  }
  const row = await bookingQuery(db).where("b.id", "=", bookingId).where("b.user_uid", "=", userUid).executeTakeFirst();
  return row ? toBooking(row) : null;
}

/** A booking as it is now, whoever owns it: what a mail about it says when the outbox's worker sends it. */
export async function findBookingNow(bookingId: string): Promise<Booking | null> {
  const row = await bookingQuery(await getDb())
    .where("b.id", "=", bookingId)
    .executeTakeFirst();
  return row ? toBooking(row) : null;
}

/** The figures above a customer's bookings: the total counts those that hold seats, as Upcoming and Past list them. */
export function summarizeBookings(bookings: Booking[]) {
  return {
    total: bookings.filter(holdsSeats).length,
    confirmed: bookings.filter((b) => b.status === "paid").length,
    pending: bookings.filter((b) => b.status === "pending").length,
    spentCents: bookings.filter((b) => b.status === "paid").reduce((sum, b) => sum + b.amountCents, 0),
  };
}

/**
 * A customer's booking, locked, for a change only a booking that can still be paid may have (its ticket types, its
 * promo code); otherwise why not: no such booking of theirs, or why it cannot be paid.
 */
export async function lockPayableBooking(
  tx: Queryable,
  userUid: string,
  bookingId: string,
): Promise<{ ok: true; booking: Booking } | { ok: false; reason: "not-found" | PayRefusal }> {
  const booking = await findBooking(userUid, bookingId, { tx, lock: true });
  if (!booking) return { ok: false, reason: "not-found" };
  const refusal = payRefusal(booking);
  return refusal ? { ok: false, reason: refusal } : { ok: true, booking };
}
