import { sql, type Selectable } from "kysely";
import { config } from "~/config.server";
import type { TypeExtras } from "~/domain/hall";
import { layoutSeats, seatRuns, type HallLayout } from "~/domain/hall-layout";
import { ticketsAmountCents } from "~/domain/tickets";
import { isSoldOut, seatsForOffer } from "~/domain/waitlist";
import type { BookedSeatsTable } from "~/services/db-schema";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { customerHolds, holdLimitFailure, lockCustomer, type HoldLimitFailure } from "./booking-limits.server";
import { lapsedHoldSql } from "./booking-rules.server";
import { standardTickets, writeTickets } from "./booking-tickets.server";
import { occupiedSeats } from "./bookings.server";
import { releaseHolds } from "./holds.server";
import { queueWaitlistOffer } from "./notifications.server";
import { standardTicketSql, type StandardTicket } from "./ticket-types.server";

// The waitlist of a sold-out show (docs/decisions/0017-waitlist.md). Seats that come free are offered by the
// transaction that frees them, under a lock of the show's row, so two frees of one show offer one after the other
// and nobody is offered the same seats twice.

export type WaitlistPlace = { position: number; seatCount: number };
export type WaitlistFailure =
  | { reason: "show-unavailable" }
  | { reason: "show-started" }
  | { reason: "seats-free" }
  | { reason: "already-waiting" }
  /** An offer of that many seats could not be made to the customer as things stand: they must pay or cancel first. */
  | HoldLimitFailure;

type ShowHall = {
  started: boolean;
  /** The show's standard ticket, every offered seat's type; null: the show sells none. */
  standard: StandardTicket | null;
  layout: HallLayout;
  typeExtras: TypeExtras;
};

/** The show (not cancelled) and its hall, the show's row locked against other offers and the hall's against changes. */
const lockShowHall = async (tx: Queryable, showId: string) => {
  const { rows } = await sql<ShowHall>`select s.starts_at <= now() as started, to_json(standard) as standard, h.layout,
      h.type_extras as "typeExtras"
    from shows s join halls h on h.id = s.hall_id
      left join lateral (${sql.raw(standardTicketSql("s"))}) standard on true
    where s.id = ${showId} and s.cancelled_at is null
    for no key update of s for share of h`.execute(typed(tx));
  return rows[0];
};

/** Where the customer stands on the show's waitlist, or null when they are not waiting. */
export async function findWaitlistPlace(userUid: string, showId: string): Promise<WaitlistPlace | null> {
  const place = await typed(await getDb())
    .selectFrom("waitlist_entries as w")
    .select((eb) => [
      eb
        .selectFrom("waitlist_entries as o")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("o.show_id", "=", "w.show_id")
        .where("o.offered_at", "is", null)
        .whereRef("o.id", "<=", "w.id")
        .$asScalar()
        .$notNull()
        .as("position"),
      "w.seat_count as seatCount",
    ])
    .where("w.show_id", "=", showId)
    .where("w.user_uid", "=", userUid)
    .where("w.offered_at", "is", null)
    .executeTakeFirst();
  return place ?? null;
}

/** Puts the customer on the show's waitlist for `seatCount` seats; answers their place. */
export async function joinWaitlist(
  userUid: string,
  showId: string,
  seatCount: number,
): Promise<({ ok: true } & WaitlistPlace) | ({ ok: false } & WaitlistFailure)> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    // The show's lock orders this join with any offer being made: it either waits for seats, or sees them free.
    const show = await lockShowHall(tx, showId);
    if (!show) return { ok: false as const, reason: "show-unavailable" as const };
    if (show.started) return { ok: false as const, reason: "show-started" as const };
    if (!isSoldOut(seatRuns(show.layout), await occupiedSeats(showId, tx)))
      return { ok: false as const, reason: "seats-free" as const };
    const overLimit = holdLimitFailure(await customerHolds(tx, userUid, showId), seatCount);
    if (overLimit) return { ok: false as const, ...overLimit };
    const joined = await typed(tx)
      .insertInto("waitlist_entries")
      .values({ show_id: showId, user_uid: userUid, seat_count: seatCount })
      .onConflict((oc) => oc.columns(["show_id", "user_uid"]).where("offered_at", "is", null).doNothing())
      .returning("id")
      .execute();
    if (joined.length === 0) return { ok: false as const, reason: "already-waiting" as const };
    return { ok: true as const };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, ...(await findWaitlistPlace(userUid, showId))! };
}

/** Takes the customer off the show's waitlist; answers whether they were on it. */
export async function leaveWaitlist(userUid: string, showId: string) {
  const left = await typed(await getDb())
    .deleteFrom("waitlist_entries")
    .where("show_id", "=", showId)
    .where("user_uid", "=", userUid)
    .where("offered_at", "is", null)
    .returning("id")
    .execute();
  return left.length > 0;
}

/**
 * Offers the show's free seats to the people waiting, in the order they joined: each one whose count of seats is
 * free, as a booking could choose them, and who may hold them by the booking limits, gets a hold of them (for
 * WAITLIST_OFFER_MINUTES, long enough to read the mail, never past the show's start) and a mail with the link to pay;
 * an entry is offered once, and one passed over keeps its place. Called inside the transaction that freed the seats, so an offer exists if and only if
 * the seats it holds were freed.
 */
export async function offerFreedSeats(tx: Queryable, showId: string) {
  const anyone = await typed(tx)
    .selectFrom("waitlist_entries")
    .select("id")
    .where("show_id", "=", showId)
    .where("offered_at", "is", null)
    .limit(1)
    .execute();
  if (anyone.length === 0) return;
  const show = await lockShowHall(tx, showId);
  if (!show?.standard || show.started) return;
  const { standard } = show;
  // Seats of holds that ran out look free but keep their rows until let go: let go of them before choosing.
  await releaseHolds(tx, sql`b.show_id = ${showId} and ${sql.raw(lapsedHoldSql("b"))}`);
  const waiting = await typed(tx)
    .selectFrom("waitlist_entries as w")
    .select(["w.id", "w.user_uid as userUid", "w.seat_count as seatCount"])
    .where("w.show_id", "=", showId)
    .where("w.offered_at", "is", null)
    .orderBy("w.id")
    .execute();
  const taken = await occupiedSeats(showId, tx);
  const runs = seatRuns(show.layout);
  const hallSeats = layoutSeats(show.layout);
  const { strandedSeatRule } = config.bookings;
  for (const entry of waiting) {
    const seats = seatsForOffer(runs, taken, entry.seatCount, { strandedSeatRule });
    if (!seats) continue;
    await lockCustomer(tx, entry.userUid);
    if (holdLimitFailure(await customerHolds(tx, entry.userUid, showId), seats.length)) continue;
    const tickets = standardTickets(
      hallSeats.filter((seat) => seats.includes(seat.label)),
      standard,
      show.typeExtras,
    );
    const { id: bookingId } = await typed(tx)
      .insertInto("bookings")
      .columns(["user_uid", "show_id", "seats", "amount_cents", "hold_expires_at", "request_token"])
      .expression((eb) =>
        eb
          .selectFrom("shows as s")
          .select([
            sql.val(entry.userUid).as("user_uid"),
            sql.val(showId).as("show_id"),
            sql.val(seats).as("seats"),
            sql.val(ticketsAmountCents(tickets)).as("amount_cents"),
            sql<Date>`least(now() + make_interval(mins => ${config.bookings.waitlistOfferMinutes}), s.starts_at)`.as(
              "hold_expires_at",
            ),
            sql<string>`gen_random_uuid()`.as("request_token"),
          ])
          .where("s.id", "=", showId),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    // The seats' keys decide against a buyer booking them at this moment: such a seat is theirs, and the offer waits
    // for the next seats that come free.
    const { rows: held } = await sql<{ seat: Selectable<BookedSeatsTable>["seat"] }>`insert into booked_seats
        (show_id, seat, booking_id) select ${showId}, unnest(${seats}::text[]), ${bookingId}
      on conflict (show_id, seat) do nothing returning seat`.execute(typed(tx));
    if (held.length < seats.length) {
      await typed(tx).deleteFrom("booked_seats").where("booking_id", "=", bookingId).execute();
      await typed(tx).deleteFrom("bookings").where("id", "=", bookingId).execute();
      return;
    }
    await writeTickets(tx, bookingId, tickets);
    taken.push(...seats);
    await typed(tx)
      .updateTable("waitlist_entries")
      .set({ offered_at: sql<Date>`now()`, offered_booking_id: bookingId })
      .where("id", "=", entry.id)
      .execute();
    await queueWaitlistOffer(tx, entry.userUid, bookingId);
  }
}

/**
 * Offers the seats a change of the hall's layout freed, in each show to come in it that people wait for, in one order
 * (the shows' ids) so that two such changes lock the shows alike. The caller holds the hall's row lock.
 */
export async function offerFreedSeatsInHall(tx: Queryable, hallId: string) {
  const shows = await typed(tx)
    .selectFrom("waitlist_entries as w")
    .innerJoin("shows as s", "s.id", "w.show_id")
    .select("w.show_id as showId")
    .distinct()
    .where("s.hall_id", "=", hallId)
    .where("s.starts_at", ">", sql<Date>`now()`)
    .where("s.cancelled_at", "is", null)
    .where("w.offered_at", "is", null)
    .orderBy("w.show_id")
    .execute();
  for (const { showId } of shows) await offerFreedSeats(tx, showId);
}

/**
 * Lets go of the holds that ran out in shows people wait for, and offers their seats: run by each instance's worker,
 * since nobody may be booking those shows to notice. Answers how many shows it offered seats of.
 */
export async function offerSeatsOfExpiredHolds(): Promise<number> {
  const db = await getDb();
  const shows = await typed(db)
    .selectFrom("waitlist_entries as w")
    .innerJoin("bookings as b", (join) =>
      join.onRef("b.show_id", "=", "w.show_id").on(sql.raw<boolean>(lapsedHoldSql("b"))),
    )
    .select("w.show_id as showId")
    .distinct()
    .where("w.offered_at", "is", null)
    .execute();
  for (const { showId } of shows) {
    await db.transaction((tx) => offerFreedSeats(tx, showId));
  }
  return shows.length;
}
