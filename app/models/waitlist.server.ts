import { sql } from "kysely";
import { config } from "~/config.server";
import type { TypeExtras } from "~/domain/hall";
import { layoutSeats, seatRuns, type HallLayout } from "~/domain/hall-layout";
import { ticketsAmountCents } from "~/domain/tickets";
import { isSoldOut, seatsForOffer } from "~/domain/waitlist";
import { getDb, type Queryable } from "~/services/db.server";
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

const SHOW_HALL = `select s.starts_at <= now() as started, to_json(standard) as standard, h.layout,
    h.type_extras as "typeExtras"
  from shows s join halls h on h.id = s.hall_id left join lateral (${standardTicketSql("s")}) standard on true
  where s.id = $1 and s.cancelled_at is null`;

/** Where the customer stands on the show's waitlist, or null when they are not waiting. */
export async function findWaitlistPlace(userUid: string, showId: string): Promise<WaitlistPlace | null> {
  const db = await getDb();
  const [place] = await db.query<WaitlistPlace>(
    `select (select count(*)::int from waitlist_entries o
             where o.show_id = w.show_id and o.offered_at is null and o.id <= w.id) as position,
       w.seat_count as "seatCount"
     from waitlist_entries w where w.show_id = $1 and w.user_uid = $2 and w.offered_at is null`,
    [showId, userUid],
  );
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
    const [show] = await tx.query<ShowHall>(`${SHOW_HALL} for no key update of s for share of h`, [showId]);
    if (!show) return { ok: false as const, reason: "show-unavailable" as const };
    if (show.started) return { ok: false as const, reason: "show-started" as const };
    if (!isSoldOut(seatRuns(show.layout), await occupiedSeats(showId, tx)))
      return { ok: false as const, reason: "seats-free" as const };
    const overLimit = holdLimitFailure(await customerHolds(tx, userUid, showId), seatCount);
    if (overLimit) return { ok: false as const, ...overLimit };
    const joined = await tx.query(
      `insert into waitlist_entries (show_id, user_uid, seat_count) values ($1, $2, $3)
       on conflict (show_id, user_uid) where offered_at is null do nothing returning id`,
      [showId, userUid, seatCount],
    );
    if (joined.length === 0) return { ok: false as const, reason: "already-waiting" as const };
    return { ok: true as const };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, ...(await findWaitlistPlace(userUid, showId))! };
}

/** Takes the customer off the show's waitlist; answers whether they were on it. */
export async function leaveWaitlist(userUid: string, showId: string) {
  const db = await getDb();
  const left = await db.query(
    "delete from waitlist_entries where show_id = $1 and user_uid = $2 and offered_at is null returning id",
    [showId, userUid],
  );
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
  const anyone = await tx.query("select 1 from waitlist_entries where show_id = $1 and offered_at is null limit 1", [
    showId,
  ]);
  if (anyone.length === 0) return;
  const [show] = await tx.query<ShowHall>(`${SHOW_HALL} for no key update of s for share of h`, [showId]);
  if (!show?.standard || show.started) return;
  const { standard } = show;
  // Seats of holds that ran out look free but keep their rows until let go: let go of them before choosing.
  await releaseHolds(tx, sql`b.show_id = ${showId} and ${sql.raw(lapsedHoldSql("b"))}`);
  const waiting = await tx.query<{ id: string; userUid: string; seatCount: number }>(
    `select w.id::text, w.user_uid as "userUid", w.seat_count as "seatCount" from waitlist_entries w
     where w.show_id = $1 and w.offered_at is null order by w.id`,
    [showId],
  );
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
    const [{ id: bookingId }] = await tx.query<{ id: string }>(
      `insert into bookings (user_uid, show_id, seats, amount_cents, hold_expires_at, request_token)
       select $1, $2, $3, $4, least(now() + make_interval(mins => $5), s.starts_at), gen_random_uuid()
       from shows s where s.id = $2
       returning id`,
      [entry.userUid, showId, seats, ticketsAmountCents(tickets), config.bookings.waitlistOfferMinutes],
    );
    // The seats' keys decide against a buyer booking them at this moment: such a seat is theirs, and the offer waits
    // for the next seats that come free.
    const held = await tx.query(
      `insert into booked_seats (show_id, seat, booking_id) select $1, unnest($2::text[]), $3
       on conflict (show_id, seat) do nothing returning seat`,
      [showId, seats, bookingId],
    );
    if (held.length < seats.length) {
      await tx.query("delete from booked_seats where booking_id = $1", [bookingId]);
      await tx.query("delete from bookings where id = $1", [bookingId]);
      return;
    }
    await writeTickets(tx, bookingId, tickets);
    taken.push(...seats);
    await tx.query("update waitlist_entries set offered_at = now(), offered_booking_id = $2 where id = $1", [
      entry.id,
      bookingId,
    ]);
    await queueWaitlistOffer(tx, entry.userUid, bookingId);
  }
}

/**
 * Offers the seats a change of the hall's layout freed, in each show to come in it that people wait for, in one order
 * (the shows' ids) so that two such changes lock the shows alike. The caller holds the hall's row lock.
 */
export async function offerFreedSeatsInHall(tx: Queryable, hallId: string) {
  const shows = await tx.query<{ showId: string }>(
    `select distinct w.show_id as "showId" from waitlist_entries w join shows s on s.id = w.show_id
     where s.hall_id = $1 and s.starts_at > now() and s.cancelled_at is null and w.offered_at is null
     order by w.show_id`,
    [hallId],
  );
  for (const { showId } of shows) await offerFreedSeats(tx, showId);
}

/**
 * Lets go of the holds that ran out in shows people wait for, and offers their seats: run by each instance's worker,
 * since nobody may be booking those shows to notice. Answers how many shows it offered seats of.
 */
export async function offerSeatsOfExpiredHolds(): Promise<number> {
  const db = await getDb();
  const shows = await db.query<{ showId: string }>(
    `select distinct w.show_id as "showId" from waitlist_entries w
     join bookings b on b.show_id = w.show_id and ${lapsedHoldSql("b")}
     where w.offered_at is null`,
  );
  for (const { showId } of shows) {
    await db.transaction((tx) => offerFreedSeats(tx, showId));
  }
  return shows.length;
}
