import { config } from "~/config.server";
import type { Booking, PayRefusal } from "~/domain/booking";
import { changeDueCents, type CounterPayment } from "~/domain/counter";
import type { Hall } from "~/domain/hall";
import { getDb, retryingConflicts, type Queryable } from "~/services/db.server";
import { holdsSeatsSql } from "./booking-rules.server";
import { findBooking, lockPayableBooking, occupiedSeats } from "./bookings.server";
import { cancelLockedBooking } from "./cancellations.server";
import { getHall } from "./halls.server";
import { queueBookingPaid } from "./notifications.server";
import { bookSeats } from "./seat-booking.server";
import type { SeatAsk } from "./seat-memory.server";
import { cinemaDaySql } from "./shows.server";
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

const COUNTER_SHOW_SELECT = `select s.id, s.movie_id as "movieId", m.title, s.starts_at as "startsAt",
    ${cinemaDaySql("s.starts_at", "$1")} as day, h.name as "hallName",
    h.seat_count - (select count(*)::int from booked_seats bs join bookings b on b.id = bs.booking_id
                    where bs.show_id = s.id and ${holdsSeatsSql("b")}) as "freeSeats"
  from shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id
  where s.cancelled_at is null and s.starts_at > now()`;

const toCounterShow = (row: CounterShow & { startsAt: Date | string }): CounterShow => ({
  ...row,
  startsAt: new Date(row.startsAt).toISOString(),
});

/** The shows still to start, today's next first: what the counter sells. */
export async function listCounterShows(limit = 40): Promise<CounterShow[]> {
  const db = await getDb();
  const rows = await db.query<CounterShow>(`${COUNTER_SHOW_SELECT} order by s.starts_at, m.title limit $2`, [
    config.timeZone,
    limit,
  ]);
  return rows.map(toCounterShow);
}

/** A show the counter can still sell, with its whole hall and the seats taken now; null when it cannot. */
export async function findCounterShow(
  showId: string,
): Promise<{ show: CounterShow; hall: Hall; occupied: string[] } | null> {
  const db = await getDb();
  const [row] = await db.query<CounterShow & { hallId: string }>(
    `${COUNTER_SHOW_SELECT.replace('h.name as "hallName"', 'h.name as "hallName", h.id as "hallId"')}
     and s.id::text = $2`,
    [config.timeZone, showId],
  );
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
  const [row] = await db.query<{
    customerUid: string;
    customerEmail: string | null;
    payment: (Omit<CounterPayment, "changeCents" | "paidAt"> & { paidAt: string }) | null;
  }>(
    `select b.user_uid as "customerUid", customer.email as "customerEmail",
       case when p.booking_id is null then null else json_build_object(
         'method', p.method, 'amountCents', p.amount_cents, 'tenderedCents', p.tendered_cents, 'paidAt', p.created_at,
         'soldBy', ${userNameSql("seller")}, 'refundedAt', p.refunded_at, 'refundedBy', ${userNameSql("refunder")})
       end as payment
     from bookings b join users customer on customer.uid = b.user_uid
       left join counter_payments p on p.booking_id = b.id
       left join users seller on seller.uid = p.staff_uid
       left join users refunder on refunder.uid = p.refunded_by_staff_uid
     where b.id::text = $1 and b.channel = 'counter'`,
    [bookingId],
  );
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
    await tx.query("update bookings set status = 'paid', paid_at = now() where id = $1", [booking.id]);
    await tx.query(
      `insert into counter_payments (booking_id, staff_uid, method, amount_cents, tendered_cents, takings_day)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        booking.id,
        staffUid,
        input.method,
        booking.amountCents,
        input.method === "cash" ? input.tenderedCents : null,
        day,
      ],
    );
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
      await tx.query(
        `update counter_payments set refunded_at = now(), refunded_by_staff_uid = $2, refund_takings_day = $3
         where booking_id = $1`,
        [booking.id, staffUid, day],
      );
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
