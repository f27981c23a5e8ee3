import { sql, type Kysely } from "kysely";
import { config } from "~/config.server";
import type { Booking, PayRefusal } from "~/domain/booking";
import { changeDueCents, type CounterPayment } from "~/domain/counter";
import type { Hall } from "~/domain/hall";
import { getDb, retryingConflicts, type Queryable } from "~/services/db.server";
import type { DB } from "~/services/db-schema";
import { typed } from "~/services/typed-db.server";
import { holdsSeatsSql } from "./booking-rules.server";
import { findBooking, lockPayableBooking, occupiedSeats } from "./bookings.server";
import { cancelLockedBooking } from "./cancellations.server";
import { getHall } from "./halls.server";
import { queueBookingPaid } from "./notifications.server";
import { bookSeats } from "./seat-booking.server";
import type { SeatAsk } from "./seat-memory.server";
import { cinemaDay } from "./cinema-day.server";
import { recordStaffChange } from "./staff-changes.server";
import { lockOpenTakingsDay } from "./takings.server";
import { userNameSql } from "./users.server";
import { offerFreedSeats } from "./waitlist.server";

// The box office counter (decision 71): staff sell seats of a show to someone at the counter through the same
// booking path as online (`bookSeats`), then take cash or a card on the counter's own terminal.

/** A show the counter sells, soonest first. */
export type CounterShow = {
  id: string;
  movieId: string;
  title: string;
  startsAt: string;
  /** Its cinema day, as the booking path checks it. */
  day: string;
  hallName: string;
  freeSeats: number;
};

/** The shows still to start that the counter sells, with their cinema day and the seats still free. */
const counterShows = (db: Kysely<DB>) =>
  db
    .selectFrom("shows as s")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .select([
      "s.id",
      "s.movie_id as movieId",
      "m.title",
      "s.starts_at as startsAt",
      cinemaDay("s.starts_at", config.timeZone).as("day"),
      "h.name as hallName",
      sql<number>`h.seat_count - (select count(*) from booked_seats bs join bookings b on b.id = bs.booking_id
        where bs.show_id = s.id and ${sql.raw(holdsSeatsSql("b"))})`.as("freeSeats"),
    ])
    .where("s.cancelled_at", "is", null)
    .where("s.starts_at", ">", sql<Date>`now()`);

const toCounterShow = (row: Omit<CounterShow, "startsAt"> & { startsAt: Date }): CounterShow => ({
  ...row,
  startsAt: new Date(row.startsAt).toISOString(),
});

/** The shows still to start, today's next first: what the counter sells. */
export async function listCounterShows(limit = 40): Promise<CounterShow[]> {
  const db = await getDb();
  const rows = await counterShows(typed(db)).orderBy("s.starts_at").orderBy("m.title").limit(limit).execute();
  return rows.map(toCounterShow);
}

/** A show the counter can still sell, with its whole hall and the seats taken now; null when it cannot. */
export async function findCounterShow(
  showId: string,
): Promise<{ show: CounterShow; hall: Hall; occupied: string[] } | null> {
  const db = await getDb();
  const row = await counterShows(typed(db))
    .select("h.id as hallId")
    .where((eb) => eb(eb.cast<string>("s.id", "text"), "=", showId))
    .executeTakeFirst();
  if (!row) return null;
  const { hallId, ...show } = row;
  const hall = (await getHall(hallId, db))!;
  return { show: toCounterShow(show), hall, occupied: await occupiedSeats(show.id, db) };
}

/**
 * Holds seats for a customer at the counter through the booking path every customer's seats take, so a seat sold
 * online a moment ago is refused the same way, naming it. The customer's address, if given, gets the tickets.
 */
export function holdCounterSeats(ask: SeatAsk, staffUid: string, email: string | null) {
  return bookSeats({ ...ask, counter: { staffUid, email } });
}

/** A booking sold at the counter, as the counter shows it. */
export type CounterSale = {
  booking: Booking;
  customerUid: string;
  /** The address its tickets are mailed to; null when the customer gave none. */
  customerEmail: string | null;
  payment: CounterPayment | null;
};

/** A booking made at the counter; null for any other booking or none. */
export async function findCounterSale(bookingId: string, tx?: Queryable): Promise<CounterSale | null> {
  const db = tx ?? (await getDb());
  const row = await typed(db)
    .selectFrom("bookings as b")
    .innerJoin("users as customer", "customer.uid", "b.user_uid")
    .leftJoin("counter_payments as p", "p.booking_id", "b.id")
    .leftJoin("users as seller", "seller.uid", "p.staff_uid")
    .leftJoin("users as refunder", "refunder.uid", "p.refunded_by_staff_uid")
    .select([
      "b.user_uid as customerUid",
      "customer.email as customerEmail",
      // JSON's dates are text.
      sql<(Omit<CounterPayment, "changeCents" | "paidAt"> & { paidAt: string }) | null>`case
        when p.booking_id is null then null
        else json_build_object('method', p.method, 'amountCents', p.amount_cents, 'tenderedCents', p.tendered_cents,
          'paidAt', p.created_at, 'soldBy', ${sql.raw(userNameSql("seller"))}, 'refundedAt', p.refunded_at,
          'refundedBy', ${sql.raw(userNameSql("refunder"))})
      end`.as("payment"),
    ])
    .where((eb) => eb(eb.cast<string>("b.id", "text"), "=", bookingId))
    .where("b.channel", "=", sql.lit("counter"))
    .executeTakeFirst();
  if (!row) return null;
  const booking = await findBooking(row.customerUid, bookingId, { tx: db });
  if (!booking) return null;
  const { payment } = row;
  return {
    booking,
    customerUid: row.customerUid,
    customerEmail: row.customerEmail,
    payment: payment && {
      ...payment,
      paidAt: new Date(payment.paidAt).toISOString(),
      refundedAt: payment.refundedAt && new Date(payment.refundedAt).toISOString(),
      refundedBy: payment.refundedAt ? payment.refundedBy : null,
      changeCents: payment.tenderedCents === null ? null : payment.tenderedCents - payment.amountCents,
    },
  };
}

/** Cash with what the customer handed over, or a card on the counter's own terminal. */
export type CounterPaymentInput = { method: "cash"; tenderedCents: number } | { method: "counter-card" };

export type CounterPaymentFailure =
  | { reason: "not-found" }
  | { reason: "already-paid" }
  | { reason: Exclude<PayRefusal, "already-paid"> }
  | { reason: "day-closed" }
  | { reason: "cash-short"; amountCents: number; tenderedCents: number };

/**
 * Takes the payment of a counter sale: the booking is paid, the payment counted on today's takings by the staff
 * member who took it, the tickets mailed if the customer gave an address. One transaction, under today's takings
 * share lock (a closed day takes no more) and then the booking's row lock, so a second press, a hold running out or
 * the day being closed at the same moment either waits for it or finds it done. Cash that does not cover the total
 * changes nothing.
 */
export async function takeCounterPayment(
  staffUid: string,
  bookingId: string,
  input: CounterPaymentInput,
): Promise<{ ok: true; amountCents: number; changeCents: number | null } | ({ ok: false } & CounterPaymentFailure)> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const sale = await findCounterSale(bookingId, tx);
    if (!sale) return { ok: false as const, reason: "not-found" as const };
    const day = await lockOpenTakingsDay(tx);
    if (!day) return { ok: false as const, reason: "day-closed" as const };
    const locked = await lockPayableBooking(tx, sale.customerUid, bookingId);
    if (!locked.ok) return locked;
    const { booking } = locked;
    const changeCents = input.method === "cash" ? changeDueCents(booking.amountCents, input.tenderedCents) : null;
    if (input.method === "cash" && changeCents === null)
      return {
        ok: false as const,
        reason: "cash-short" as const,
        amountCents: booking.amountCents,
        tenderedCents: input.tenderedCents,
      };
    const db = typed(tx);
    await db
      .updateTable("bookings")
      .set({ status: sql.lit("paid"), paid_at: sql<Date>`now()` })
      .where("id", "=", booking.id)
      .execute();
    await db
      .insertInto("counter_payments")
      .values({
        booking_id: booking.id,
        staff_uid: staffUid,
        method: input.method,
        amount_cents: booking.amountCents,
        tendered_cents: input.method === "cash" ? input.tenderedCents : null,
        takings_day: day,
      })
      .execute();
    const paid = (await findBooking(sale.customerUid, booking.id, { tx }))!;
    await queueBookingPaid(tx, sale.customerUid, paid);
    await recordStaffChange(tx, {
      staffUid,
      kind: "counter-sale",
      subject: booking.id,
      before: null,
      after: { seats: paid.seats, amountCents: paid.amountCents, method: input.method },
    });
    return { ok: true as const, amountCents: booking.amountCents, changeCents };
  });
}

export type CounterRefundFailure =
  { reason: "not-found" } | { reason: "not-paid" | "already-refunded" | "checked-in" | "day-closed" };

/**
 * Refunds a counter sale at the counter, in full, in the way it was paid: the booking is cancelled, its seats go to
 * anyone waiting for them, its promo code's use is given back, and the refund counts on today's takings by the staff
 * member who made it. One transaction, under today's takings share lock and the booking's row lock, so a check-in or
 * a second refund at the same moment waits and is decided by this one.
 */
export async function refundCounterSale(
  staffUid: string,
  bookingId: string,
): Promise<{ ok: true; refundedCents: number } | ({ ok: false } & CounterRefundFailure)> {
  const db = await getDb();
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      const sale = await findCounterSale(bookingId, tx);
      if (!sale) return { ok: false as const, reason: "not-found" as const };
      const day = await lockOpenTakingsDay(tx);
      if (!day) return { ok: false as const, reason: "day-closed" as const };
      const booking = (await findBooking(sale.customerUid, bookingId, { tx, lock: true }))!;
      if (booking.status === "cancelled" && sale.payment)
        return { ok: false as const, reason: "already-refunded" as const };
      if (booking.status !== "paid" || !sale.payment) return { ok: false as const, reason: "not-paid" as const };
      if (booking.checkedIn) return { ok: false as const, reason: "checked-in" as const };
      await cancelLockedBooking(tx, booking);
      await typed(tx)
        .updateTable("counter_payments")
        .set({ refunded_at: sql<Date>`now()`, refunded_by_staff_uid: staffUid, refund_takings_day: day })
        .where("booking_id", "=", booking.id)
        .execute();
      await offerFreedSeats(tx, booking.showId);
      await recordStaffChange(tx, {
        staffUid,
        kind: "counter-refund",
        subject: booking.id,
        before: { status: "paid", amountCents: booking.amountCents },
        after: { status: "cancelled", refundedCents: booking.amountCents, method: sale.payment.method },
      });
      return { ok: true as const, refundedCents: booking.amountCents };
    }),
  );
}
