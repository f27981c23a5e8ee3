import { sql } from "kysely";
import { recordStaffChange } from "./staff-changes.server";
import { formatAmount } from "~/utils/money";
import { formatShowTime } from "~/utils/show-display";
import { config } from "~/config.server";
import { seatLabels, type HallLayout } from "~/domain/hall-layout";
import { getDb, retryingConflicts, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { isUuid } from "~/utils/uuid";
import { holdsSeatsSql, runningHoldSql } from "./booking-rules.server";
import { findBooking } from "./bookings.server";
import { cancelLockedBooking } from "./cancellations.server";
import { queueCancellation, queueShowMoved } from "./notifications.server";
import { queueWalletUpdate } from "./wallet-updates.server";
import { lockHallInUse, resolveTimes, scheduleProblems, type ScheduleProblem } from "./show-scheduling.server";
import { cinemaDay } from "./cinema-day.server";
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

/** A show with what cancelling or moving it would touch; null for an unknown id. */
export async function findShowToChange(showId: string, db: Queryable | null = null): Promise<ShowToChange | null> {
  if (!isUuid(showId)) return null;
  const paid = sql<boolean>`b.status = ${sql.lit("paid")}`;
  const row = await typed(db ?? (await getDb()))
    .selectFrom("shows as s")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .select((eb) => [
      "s.id",
      "s.movie_id as movieId",
      "m.title",
      "s.hall_id as hallId",
      "h.name as hallName",
      "s.starts_at as startsAt",
      cinemaDay("s.starts_at", config.timeZone).as("day"),
      sql<boolean>`s.starts_at <= now()`.as("started"),
      sql<boolean>`s.cancelled_at is not null`.as("cancelled"),
      eb
        .selectFrom("bookings as b")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("b.show_id", "=", "s.id")
        .where(paid)
        .$asScalar()
        .$notNull()
        .as("paidBookings"),
      eb
        .selectFrom("bookings as b")
        .select(sql<number>`coalesce(sum(b.amount_cents), 0)`.as("sum"))
        .whereRef("b.show_id", "=", "s.id")
        .where(paid)
        .$asScalar()
        .$notNull()
        .as("paidCents"),
      eb
        .selectFrom("bookings as b")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("b.show_id", "=", "s.id")
        .where(sql.raw<boolean>(runningHoldSql("b")))
        .$asScalar()
        .$notNull()
        .as("holds"),
      sql<string[]>`array(select unnest(b.seats) from bookings b
        where b.show_id = s.id and ${sql.raw(holdsSeatsSql("b"))})`.as("takenSeats"),
    ])
    .where("s.id", "=", showId)
    .executeTakeFirst();
  return row ? { ...row, startsAt: row.startsAt.toISOString() } : null;
}

/** Locks the show's row and reads it; why it cannot change, if it cannot. */
async function lockShow(tx: Queryable, showId: string) {
  if (!isUuid(showId)) return { ok: false as const, reason: "not-found" as const };
  await typed(tx).selectFrom("shows").select("id").where("id", "=", showId).forUpdate().execute();
  const show = await findShowToChange(showId, tx);
  if (!show) return { ok: false as const, reason: "not-found" as const };
  if (show.cancelled) return { ok: false as const, reason: "cancelled" as const };
  if (show.started) return { ok: false as const, reason: "started" as const };
  return { ok: true as const, show };
}

/** The show's paid bookings and running holds, each locked: the ones a change has to deal with. */
async function lockLiveBookings(tx: Queryable, showId: string, statuses: "paid" | "paid-or-held") {
  const live = statuses === "paid" ? sql<boolean>`b.status = ${sql.lit("paid")}` : sql.raw<boolean>(holdsSeatsSql("b"));
  return typed(tx)
    .selectFrom("bookings as b")
    .select(["b.id", "b.user_uid as userUid"])
    .where("b.show_id", "=", showId)
    .where(live)
    .orderBy("b.id")
    .forUpdate()
    .execute();
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
        await typed(tx)
          .updateTable("shows")
          .set({ cancelled_at: sql<Date>`now()` })
          .where("id", "=", showId)
          .execute();
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
        await typed(tx).deleteFrom("waitlist_entries").where("show_id", "=", showId).execute();
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
  const rows = await typed(tx)
    .selectFrom("show_prices as p")
    .innerJoin("ticket_types as t", "t.id", "p.ticket_type_id")
    .select(["t.name", "p.price_cents as priceCents"])
    .where("p.show_id", "=", showId)
    .where("t.retired_at", "is", null)
    .orderBy("t.position")
    .execute();
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
 * new start; seats the new hall has free are offered to those waiting; each paid booking gets a "show moved" mail,
 * its reminder follows the show, and its pass in a wallet is updated. A show with paid bookings is moved only with
 * their number confirmed, asked once the move is known to be possible.
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
        const target = await typed(tx)
          .selectFrom("halls")
          .select(["name", sql<HallLayout>`layout`.as("layout")])
          .where("id", "=", to.hallId)
          .executeTakeFirstOrThrow();
        const seats = new Set(seatLabels(target.layout));
        const missing = show.takenSeats.filter((seat) => !seats.has(seat));
        if (missing.length > 0)
          return { ok: false as const, reason: "seats-missing" as const, seats: missing, hallName: target.name };
      }
      const ask = unconfirmed(show, to.confirmedPaid);
      if (ask) return ask;
      const paid = await lockLiveBookings(tx, showId, "paid");
      await typed(tx)
        .updateTable("shows")
        .set({ hall_id: to.hallId, starts_at: startsAt })
        .where("id", "=", showId)
        .execute();
      // Each booking's calendar entry changes: the moved copy must outrank the one a calendar holds.
      await typed(tx)
        .updateTable("bookings")
        .set((eb) => ({ calendar_sequence: eb("calendar_sequence", "+", 1) }))
        .where("show_id", "=", showId)
        .execute();
      // A hold never outlives the show's start, as when it was made.
      await typed(tx)
        .updateTable("bookings")
        .set({ hold_expires_at: sql<Date>`least(hold_expires_at, ${startsAt})` })
        .where("show_id", "=", showId)
        .where("status", "=", sql.lit("pending"))
        .execute();
      // A bigger hall has seats nobody holds: those waiting are offered them before anyone may book them.
      await offerFreedSeats(tx, showId);
      const from = { startsAt: show.startsAt, hallName: show.hallName };
      for (const { id, userUid } of paid) {
        await queueShowMoved(tx, userUid, (await findBooking(userUid, id, { tx }))!, from);
        await queueWalletUpdate(tx, id);
      }
      const moved = await typed(tx)
        .selectFrom("halls")
        .select("name as hallName")
        .where("id", "=", to.hallId)
        .executeTakeFirstOrThrow();
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
      const onSale = await typed(tx)
        .selectFrom("ticket_types")
        .select("id")
        .where("retired_at", "is", null)
        .forShare()
        .execute();
      const sold = Object.fromEntries(Object.entries(prices).filter(([id]) => onSale.some((type) => type.id === id)));
      if (Object.keys(sold).length === 0) return { ok: false as const, reason: "price-list-changed" as const };
      await typed(tx)
        .deleteFrom("show_prices")
        .where("show_id", "=", showId)
        .where(sql<boolean>`ticket_type_id = any(${onSale.map((type) => type.id)}::uuid[])`)
        .execute();
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
