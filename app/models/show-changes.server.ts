import { recordStaffChange } from "./staff-changes.server";
import { formatAmount } from "~/utils/money";
import { formatShowTime } from "~/utils/show-display";
import { config } from "~/config.server";
import { seatLabels, type HallLayout } from "~/domain/hall-layout";
import { getDb, retryingConflicts, type Queryable } from "~/services/db.server";
import { isUuid } from "~/utils/uuid";
import { holdsSeatsSql, runningHoldSql } from "./booking-rules.server";
import { findBooking } from "./bookings.server";
import { cancelLockedBooking } from "./cancellations.server";
import { queueCancellation, queueShowMoved } from "./notifications.server";
import { lockHallInUse, resolveTimes, scheduleProblems, type ScheduleProblem } from "./show-scheduling.server";
import { cinemaDaySql } from "./shows.server";
import { setShowPrices } from "./ticket-types.server";
import { offerFreedSeats } from "./waitlist.server";

// Staff cancelling or moving a show that has bookings (docs/decisions/0018-show-changes.md). Each is one transaction
// that starts by locking the show's row: a booking being made holds the show's key lock until it commits, so it
// either commits first and is seen here, or waits and then finds the show gone or moved. A payment or a customer's
// cancellation updates the booking's row, which is locked here before it changes.

/** A show as staff see it before they cancel or move it. */
export type ShowToChange = {
  id: string;
  movieId: string;
  title: string;
  hallId: string;
  hallName: string;
  startsAt: string;
  /** The cinema's day it starts on, YYYY-MM-DD. */
  day: string;
  started: boolean;
  cancelled: boolean;
  /** Paid bookings, to be refunded in full if it is cancelled, and what they cost together. */
  paidBookings: number;
  paidCents: number;
  /** Unpaid bookings still holding seats. */
  holds: number;
  /** Seats of paid bookings and running holds, in no order: a hall it moves to must have them. */
  takenSeats: string[];
};

export type ShowChangeFailure = { reason: "not-found" } | { reason: "started" } | { reason: "cancelled" };

/**
 * A change that would touch paid bookings, asked without naming them: staff confirm the number of paid bookings they
 * were shown, so one paid for since is asked about again. Answers what there is to confirm.
 */
export type Unconfirmed = { reason: "unconfirmed"; paidBookings: number; paidCents: number };

function unconfirmed(show: ShowToChange, confirmedPaid: number | undefined) {
  if (show.paidBookings === 0 || confirmedPaid === show.paidBookings) return null;
  const { paidBookings, paidCents } = show;
  return { ok: false as const, reason: "unconfirmed" as const, paidBookings, paidCents };
}

const SHOW_TO_CHANGE = `select s.id, s.movie_id as "movieId", m.title, s.hall_id as "hallId", h.name as "hallName",
    s.starts_at as "startsAt", ${cinemaDaySql("s.starts_at", "$2")} as day, s.starts_at <= now() as started, s.cancelled_at is not null as cancelled,
    (select count(*)::int from bookings b where b.show_id = s.id and b.status = 'paid') as "paidBookings",
    (select coalesce(sum(b.amount_cents), 0)::int from bookings b where b.show_id = s.id and b.status = 'paid')
      as "paidCents",
    (select count(*)::int from bookings b
     where b.show_id = s.id and ${runningHoldSql("b")}) as holds,
    array(select unnest(b.seats) from bookings b where b.show_id = s.id and ${holdsSeatsSql("b")}) as "takenSeats"
  from shows s join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id where s.id = $1`;

/** A show with what cancelling or moving it would touch; null for an unknown id. */
export async function findShowToChange(showId: string, db: Queryable | null = null): Promise<ShowToChange | null> {
  if (!isUuid(showId)) return null;
  const [row] = await (db ?? (await getDb())).query<ShowToChange & { startsAt: Date }>(SHOW_TO_CHANGE, [
    showId,
    config.timeZone,
  ]);
  return row ? { ...row, startsAt: new Date(row.startsAt).toISOString() } : null;
}

/** Locks the show's row and reads it; why it cannot change, if it cannot. */
async function lockShow(tx: Queryable, showId: string) {
  if (!isUuid(showId)) return { ok: false as const, reason: "not-found" as const };
  await tx.query("select id from shows where id = $1 for update", [showId]);
  const show = await findShowToChange(showId, tx);
  if (!show) return { ok: false as const, reason: "not-found" as const };
  if (show.cancelled) return { ok: false as const, reason: "cancelled" as const };
  if (show.started) return { ok: false as const, reason: "started" as const };
  return { ok: true as const, show };
}

/** The show's paid bookings and running holds, each locked: the ones a change has to deal with. */
async function lockLiveBookings(tx: Queryable, showId: string, statuses: "paid" | "paid-or-held") {
  const live = statuses === "paid" ? "b.status = 'paid'" : holdsSeatsSql("b");
  return tx.query<{ id: string; userUid: string }>(
    `select b.id, b.user_uid as "userUid" from bookings b where b.show_id = $1 and ${live} order by b.id for update`,
    [showId],
  );
}

/** Thrown to roll a show's cancellation back when the provider refuses a refund. */
class RefundRefused extends Error {}

/**
 * Cancels a show that has not started: every paid booking is refunded in full (the customer's cut-off does not
 * apply: the cinema cancelled), every running hold is let go, the waitlist is emptied, and each of those bookings
 * gets its "show cancelled" mail in the outbox, all in one transaction. The show's row stays, marked cancelled.
 * Should the provider refuse one refund, nothing changes; refunds it already made are keyed by booking, so trying
 * again refunds each booking once. A show with paid bookings is cancelled only with their number confirmed.
 */
export async function cancelShow(
  staffUid: string,
  showId: string,
  confirmedPaid?: number,
): Promise<{ ok: true; refunded: number; refundedCents: number; released: number } | ({ ok: false } & CancelFailure)> {
  const db = await getDb();
  try {
    return await retryingConflicts(() =>
      db.transaction(async (tx) => {
        const locked = await lockShow(tx, showId);
        if (!locked.ok) return locked;
        const ask = unconfirmed(locked.show, confirmedPaid);
        if (ask) return ask;
        await tx.query("update shows set cancelled_at = now() where id = $1", [showId]);
        const outcome = { ok: true as const, refunded: 0, refundedCents: 0, released: 0 };
        for (const { id, userUid } of await lockLiveBookings(tx, showId, "paid-or-held")) {
          const booking = (await findBooking(userUid, id, { tx }))!;
          const refund = await cancelLockedBooking(tx, booking);
          if (!refund) throw new RefundRefused(id);
          if (booking.status === "paid") {
            outcome.refunded++;
            outcome.refundedCents += refund.refundedCents;
          } else outcome.released++;
          await queueCancellation(tx, "show-cancelled", userUid, (await findBooking(userUid, id, { tx }))!, refund);
        }
        await tx.query("delete from waitlist_entries where show_id = $1", [showId]);
        await recordStaffChange(tx, {
          staffUid,
          kind: "show-cancelled",
          subject: showSubject(locked.show),
          after: {
            "bookings refunded": outcome.refunded,
            refunded: formatAmount(outcome.refundedCents, config.currency),
            "holds let go": outcome.released,
          },
        });
        return outcome;
      }),
    );
  } catch (error) {
    if (error instanceof RefundRefused) return { ok: false, reason: "refund-unavailable" };
    throw error;
  }
}

/** A show as the record of changes names it: its film, time and hall. */
const showSubject = (show: ShowToChange) =>
  `${show.title}, ${formatShowTime(show.startsAt, config.timeZone)}, ${show.hallName}`;

/** What a show sells each type for, by the type's name, as the record of changes shows it. */
async function priceValues(tx: Queryable, showId: string) {
  const rows = await tx.query<{ name: string; priceCents: number }>(
    `select t.name, p.price_cents as "priceCents" from show_prices p join ticket_types t on t.id = p.ticket_type_id
     where p.show_id = $1 and t.retired_at is null order by t.position`,
    [showId],
  );
  return Object.fromEntries(rows.map((row) => [row.name, formatAmount(row.priceCents, config.currency)]));
}

export type CancelFailure = ShowChangeFailure | Unconfirmed | { reason: "refund-unavailable" };

export type MoveFailure =
  | ShowChangeFailure
  | { reason: "unchanged" }
  | { reason: "no-hall" }
  /** Seats sold or held that the new hall does not have. */
  | { reason: "seats-missing"; seats: string[]; hallName: string }
  | Unconfirmed
  | ScheduleProblem;

/**
 * Moves a show that has not started to another time (typed in the cinema's zone, as on Add Shows) and/or hall. The
 * new slot follows Add Shows' rules (not past, within a year, no overlap in the hall, the show itself aside), under
 * the hall's lock as shows are added; a hall it moves to must have every seat sold or held. Holds never outlive the
 * new start; seats the new hall has free are offered to those waiting; each paid booking gets a "show moved" mail and
 * its reminder follows the show. A show with paid bookings is moved only with their number confirmed, asked once the
 * move is known to be possible.
 */
export async function moveShow(
  staffUid: string,
  showId: string,
  to: { hallId: string; time: string; confirmedPaid?: number },
): Promise<{ ok: true; paidBookings: number } | ({ ok: false } & MoveFailure)> {
  const { candidates, problems } = resolveTimes([to.time]);
  if (problems.length > 0) return { ok: false, ...problems[0] };
  const [{ startsAt }] = candidates;
  const db = await getDb();
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      const locked = await lockShow(tx, showId);
      if (!locked.ok) return locked;
      const { show } = locked;
      if (show.hallId === to.hallId && Date.parse(show.startsAt) === startsAt.getTime())
        return { ok: false as const, reason: "unchanged" as const };
      const [hall] = await lockHallInUse(tx, to.hallId);
      if (!hall) return { ok: false as const, reason: "no-hall" as const };
      const [problem] = await scheduleProblems(tx, show.movieId, to.hallId, candidates, showId);
      if (problem) return { ok: false as const, ...problem };
      if (to.hallId !== show.hallId) {
        const [target] = await tx.query<{ name: string; layout: HallLayout }>(
          "select name, layout from halls where id = $1",
          [to.hallId],
        );
        const seats = new Set(seatLabels(target.layout));
        const missing = show.takenSeats.filter((seat) => !seats.has(seat));
        if (missing.length > 0)
          return { ok: false as const, reason: "seats-missing" as const, seats: missing, hallName: target.name };
      }
      const ask = unconfirmed(show, to.confirmedPaid);
      if (ask) return ask;
      const paid = await lockLiveBookings(tx, showId, "paid");
      await tx.query("update shows set hall_id = $2, starts_at = $3 where id = $1", [showId, to.hallId, startsAt]);
      // Each booking's calendar entry changes: the moved copy must outrank the one a calendar holds.
      await tx.query("update bookings set calendar_sequence = calendar_sequence + 1 where show_id = $1", [showId]);
      // A hold never outlives the show's start, as when it was made.
      await tx.query(
        `update bookings set hold_expires_at = least(hold_expires_at, $2) where show_id = $1 and status = 'pending'`,
        [showId, startsAt],
      );
      // A bigger hall has seats nobody holds: those waiting are offered them before anyone may book them.
      await offerFreedSeats(tx, showId);
      const from = { startsAt: show.startsAt, hallName: show.hallName };
      for (const { id, userUid } of paid)
        await queueShowMoved(tx, userUid, (await findBooking(userUid, id, { tx }))!, from);
      const [moved] = await tx.query<{ hallName: string }>('select name as "hallName" from halls where id = $1', [
        to.hallId,
      ]);
      await recordStaffChange(tx, {
        staffUid,
        kind: "show-moved",
        subject: show.title,
        before: { time: formatShowTime(show.startsAt, config.timeZone), hall: show.hallName },
        after: { time: formatShowTime(startsAt.toISOString(), config.timeZone), hall: moved.hallName },
      });
      return { ok: true as const, paidBookings: paid.length };
    }),
  );
}

export type PriceChangeFailure = "not-found" | "cancelled" | "started" | "price-list-changed";

/**
 * Sets what a show that has not started sells each type on sale for from now on; a type left out is sold no more.
 * Tickets already set, held or paid, keep their type and the price they were set at (decision 42): a hold is priced
 * anew only when its customer changes its types. The show's row is locked, as a move or a cancel locks it, and the
 * price list's rows are share-locked as Add Shows does: a type taken off sale since the page was opened is left out,
 * and none left is refused. A type off sale keeps the show's price it had, for the day it is put back on sale.
 */
export async function changeShowPrices(
  staffUid: string,
  showId: string,
  prices: Record<string, number>,
): Promise<{ ok: true } | { ok: false; reason: PriceChangeFailure }> {
  const db = await getDb();
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      const locked = await lockShow(tx, showId);
      if (!locked.ok) return locked;
      const onSale = await tx.query<{ id: string }>("select id from ticket_types where retired_at is null for share");
      const sold = Object.fromEntries(Object.entries(prices).filter(([id]) => onSale.some((type) => type.id === id)));
      if (Object.keys(sold).length === 0) return { ok: false as const, reason: "price-list-changed" as const };
      await tx.query("delete from show_prices where show_id = $1 and ticket_type_id = any($2::uuid[])", [
        showId,
        onSale.map((type) => type.id),
      ]);
      const before = await priceValues(tx, showId);
      await setShowPrices(tx, [showId], sold);
      await recordStaffChange(tx, {
        staffUid,
        kind: "show-repriced",
        subject: showSubject(locked.show),
        before,
        after: await priceValues(tx, showId),
      });
      return { ok: true as const };
    }),
  );
}
