import { sql } from "kysely";
import { formatAmount } from "~/utils/money";
import { recordStaffChange } from "./staff-changes.server";
import { config } from "~/config.server";
import type { PayRefusal } from "~/domain/booking";
import { promoDiscountCents, type PromoRule } from "~/domain/promo-codes";
import { ticketsAmountCents, type Ticket } from "~/domain/tickets";
import { getDb, isForeignKeyViolation, isUniqueViolation, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { isUuid } from "~/utils/uuid";
import { holdsSeatsSql } from "./booking-rules.server";
import { lockPayableBooking } from "./bookings.server";
import { minutesUntilAllowed, recordHits, type RateLimit } from "./rate-limits.server";

// Promo codes (decision 44): staff make them; a customer applies one to a held booking. A code's uses are counted in
// its row, whose check refuses a use past the last; its row lock makes two customers racing for the last use one after
// the other. A cancelled booking, or a hold that ran out, gives its use back.

export type PromoCode = PromoRule & {
  id: string;
  code: string;
  movieId: string | null;
  movieTitle: string | null;
  ticketTypeNames: string[];
  validFrom: string;
  validUntil: string;
  maxUses: number | null;
  uses: number;
  retired: boolean;
};

/** A `PromoRule`'s columns of the codes `c`. */
const ruleColumns = [
  "c.percent_off as percentOff",
  "c.amount_off_cents as amountOffCents",
  sql<string[]>`c.ticket_type_ids::text[]`.as("ticketTypeIds"),
] as const;

/** Every code, the newest first, with its film and ticket types by name. */
export async function listPromoCodes(): Promise<PromoCode[]> {
  const rows = await typed(await getDb())
    .selectFrom("promo_codes as c")
    .leftJoin("movies as m", "m.id", "c.movie_id")
    .select([
      "c.id",
      "c.code",
      ...ruleColumns,
      "c.movie_id as movieId",
      "m.title as movieTitle",
      sql<
        string[]
      >`array(select t.name from ticket_types t where t.id = any(c.ticket_type_ids) order by t.position)`.as(
        "ticketTypeNames",
      ),
      "c.valid_from as validFrom",
      "c.valid_until as validUntil",
      "c.max_uses as maxUses",
      "c.uses",
      sql<boolean>`c.retired_at is not null`.as("retired"),
    ])
    .orderBy("c.created_at", "desc")
    .orderBy("c.id")
    .execute();
  return rows.map((row) => ({
    ...row,
    validFrom: new Date(row.validFrom).toISOString(),
    validUntil: new Date(row.validUntil).toISOString(),
  }));
}

/** A new code; it is valid from the start of the cinema day `firstDay` to the end of `lastDay`. */
export type NewPromoCode = PromoRule & {
  code: string;
  movieId: string | null;
  firstDay: string;
  lastDay: string;
  maxUses: number | null;
};

export type NewPromoCodeFailure = "code-taken" | "no-movie" | "unknown-type";

/**
 * Makes a code, written in capitals; a code is unique in any case, and its film must exist (the keys decide both). Its
 * ticket types are checked first: a type is never deleted, so one found stays.
 */
export async function createPromoCode(
  staffUid: string,
  input: NewPromoCode,
): Promise<{ ok: true } | { ok: false; reason: NewPromoCodeFailure }> {
  const db = await getDb();
  const typeIds = [...new Set(input.ticketTypeIds)];
  const known = await typed(db)
    .selectFrom("ticket_types")
    .select("id")
    .where(sql<boolean>`id = any(${typeIds}::uuid[])`)
    .execute();
  if (known.length !== typeIds.length) return { ok: false, reason: "unknown-type" };
  try {
    await db.transaction(async (tx) => {
      await typed(tx)
        .insertInto("promo_codes")
        .values({
          code: sql<string>`upper(${input.code})`,
          percent_off: input.percentOff,
          amount_off_cents: input.amountOffCents,
          ticket_type_ids: sql<string[]>`${typeIds}::uuid[]`,
          movie_id: input.movieId,
          valid_from: sql<Date>`${input.firstDay}::date::timestamp at time zone ${config.timeZone}`,
          valid_until: sql<Date>`(${input.lastDay}::date + 1)::timestamp at time zone ${config.timeZone}`,
          max_uses: input.maxUses,
        })
        .execute();
      await recordStaffChange(tx, {
        staffUid,
        kind: "promo-code-added",
        subject: input.code.toUpperCase(),
        after: {
          off: input.percentOff ? `${input.percentOff}%` : formatAmount(input.amountOffCents ?? 0, config.currency),
          from: input.firstDay,
          until: input.lastDay,
          "most uses": input.maxUses ?? "no limit",
        },
      });
    });
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "code-taken" };
    if (isForeignKeyViolation(error)) return { ok: false, reason: "no-movie" };
    throw error;
  }
}

/** Ends a code now: no booking can apply it from then on; bookings that did keep their discount. */
export async function retirePromoCode(staffUid: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const ended = await typed(tx)
      .updateTable("promo_codes")
      .set({ retired_at: sql<Date>`coalesce(retired_at, now())` })
      .where("id", "=", id)
      .returning("code")
      .executeTakeFirst();
    if (ended) await recordStaffChange(tx, { staffUid, kind: "promo-code-ended", subject: ended.code });
    return Boolean(ended);
  });
}

/**
 * Wrong codes one customer, and one client address, may try in a window before being asked to wait: guessing codes
 * takes too long. The address's count stops a guesser who books under fresh guest emails (decision 55).
 */
export const PROMO_GUESSES = { windowMinutes: 15, max: { customer: 10, client: 20 } };

/** Who applies a code: the customer (an account, or a guest's email) and the client address they post from. */
export type CodeApplier = { uid: string; client: string };

const guessLimits = ({ uid, client }: CodeApplier): RateLimit[] => [
  { bucket: "promo-code-guess", key: uid, max: PROMO_GUESSES.max.customer, windowMinutes: PROMO_GUESSES.windowMinutes },
  {
    bucket: "promo-code-guess:client",
    key: client,
    max: PROMO_GUESSES.max.client,
    windowMinutes: PROMO_GUESSES.windowMinutes,
  },
];

/** Why a booking's code cannot change: no such booking of the customer's, or one that cannot be paid now. */
type BookingRefusal =
  { reason: "not-found" } | { reason: "already-paid" } | { reason: Exclude<PayRefusal, "already-paid"> };

export type ApplyFailure =
  | BookingRefusal
  | { reason: "too-many-guesses"; minutes: number }
  | { reason: "not-valid" }
  | { reason: "no-tickets-it-covers" }
  | { reason: "used-up" }
  | { reason: "already-used" }
  | { reason: "has-code" };

type Applied = { ok: true; discountCents: number } | ({ ok: false } & ApplyFailure);

/** The uses of a code whose bookings no longer hold seats (cancelled, or a hold that ran out) are given back. */
async function reclaimUses(tx: Queryable, codeId: string) {
  const returned = await typed(tx)
    .updateTable("promo_code_uses as u")
    .set({ returned_at: sql<Date>`now()` })
    .from("bookings as b")
    .where("u.promo_code_id", "=", codeId)
    .where("u.returned_at", "is", null)
    .whereRef("b.id", "=", "u.booking_id")
    .where(sql<boolean>`not ${sql.raw(holdsSeatsSql("b"))}`)
    .returning("u.booking_id")
    .execute();
  if (returned.length > 0) await takeUsesBack(tx, codeId, returned.length);
}

/** Lowers a code's count of uses by those given back. */
async function takeUsesBack(tx: Queryable, codeId: string, count: number) {
  await typed(tx)
    .updateTable("promo_codes")
    .set((eb) => ({ uses: eb("uses", "-", count) }))
    .where("id", "=", codeId)
    .execute();
}

/**
 * Applies a code a customer typed (in any case) to their held booking: the discount becomes its own line, and the
 * amount falls by it. A code unknown, ended, not yet valid or for another film is "not valid" alike, so trying codes
 * tells nothing of codes for other shows; each such try counts against the customer's guesses and their address's.
 * The code's row is locked, so of two customers racing for its last use one takes it and the other is told it is used
 * up.
 */
export async function applyPromoCode(applier: CodeApplier, bookingId: string, entered: string): Promise<Applied> {
  const userUid = applier.uid;
  const guesses = guessLimits(applier);
  const minutes = await minutesUntilAllowed(guesses);
  if (minutes > 0) return { ok: false, reason: "too-many-guesses", minutes };
  const db = await getDb();
  const outcome = await db
    .transaction(async (tx): Promise<Applied> => {
      const locked = await lockPayableBooking(tx, userUid, bookingId);
      if (!locked.ok) return locked;
      const { booking } = locked;
      if (booking.discount) return { ok: false, reason: "has-code" };
      const code = await typed(tx)
        .selectFrom("promo_codes as c")
        .innerJoin("shows as s", (join) => join.on("s.id", "=", booking.showId))
        .select(["c.id", ...ruleColumns])
        .where(sql<boolean>`lower(c.code) = lower(${entered})`)
        .where("c.retired_at", "is", null)
        .where(sql<boolean>`now() >= c.valid_from and now() < c.valid_until`)
        .where((eb) => eb.or([eb("c.movie_id", "is", null), eb("c.movie_id", "=", eb.ref("s.movie_id"))]))
        .forUpdate("c")
        .executeTakeFirst();
      if (!code) return { ok: false, reason: "not-valid" };
      const discountCents = promoDiscountCents(booking.tickets, code);
      if (discountCents === 0) return { ok: false, reason: "no-tickets-it-covers" };
      await reclaimUses(tx, code.id);
      const taken = await typed(tx)
        .updateTable("promo_codes")
        .set((eb) => ({ uses: eb("uses", "+", 1) }))
        .where("id", "=", code.id)
        .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
        .returning("id")
        .executeTakeFirst();
      if (!taken) return { ok: false, reason: "used-up" };
      const first = await typed(tx)
        .insertInto("promo_code_uses")
        .values({ booking_id: booking.id, promo_code_id: code.id, user_uid: userUid, discount_cents: discountCents })
        .onConflict((oc) => oc.doNothing())
        .returning("booking_id")
        .executeTakeFirst();
      // The customer's live use of the code, on another booking: the partial unique key said no.
      if (!first) throw new AlreadyUsed();
      await setAmount(tx, booking.id, ticketsAmountCents(booking.tickets) - discountCents);
      return { ok: true, discountCents };
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyUsed) return { ok: false as const, reason: "already-used" as const };
      throw error;
    });
  if (!outcome.ok && outcome.reason === "not-valid") await recordHits(guesses);
  return outcome;
}

async function setAmount(tx: Queryable, bookingId: string, amountCents: number) {
  await typed(tx).updateTable("bookings").set({ amount_cents: amountCents }).where("id", "=", bookingId).execute();
}

/** Rolls an application back when the customer already has a live use of the code: its `uses` must not stay raised. */
class AlreadyUsed extends Error {}

/** Takes a held booking's code off: the use is given back, and the amount is the tickets' again. */
export async function removePromoCode(
  userUid: string,
  bookingId: string,
): Promise<{ ok: true } | ({ ok: false } & BookingRefusal)> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockPayableBooking(tx, userUid, bookingId);
    if (!locked.ok) return locked;
    const { booking } = locked;
    await takeCodeOff(tx, booking.id);
    await setAmount(tx, booking.id, ticketsAmountCents(booking.tickets));
    return { ok: true as const };
  });
}

/** Takes a held booking's code off, as if never applied: its use row goes and the code's count falls. Answers the code. */
async function takeCodeOff(tx: Queryable, bookingId: string): Promise<string | null> {
  const removed = await typed(tx)
    .with("removed", (db) =>
      db
        .deleteFrom("promo_code_uses")
        .where("booking_id", "=", bookingId)
        .where("returned_at", "is", null)
        .returning("promo_code_id"),
    )
    .updateTable("promo_codes as c")
    .set((eb) => ({ uses: eb("c.uses", "-", 1) }))
    .from("removed")
    .whereRef("c.id", "=", "removed.promo_code_id")
    .returning("c.code")
    .executeTakeFirst();
  return removed?.code ?? null;
}

/** Gives a cancelled booking's use back; the booking keeps showing the discount it was sold with. */
export async function returnPromoUse(tx: Queryable, bookingId: string) {
  const returned = await typed(tx)
    .updateTable("promo_code_uses")
    .set({ returned_at: sql<Date>`now()` })
    .where("booking_id", "=", bookingId)
    .where("returned_at", "is", null)
    .returning("promo_code_id as codeId")
    .executeTakeFirst();
  if (returned) await takeUsesBack(tx, returned.codeId, 1);
}

/**
 * A held booking's discount for its tickets as they are now (its types changed): its code's rule applied again, and
 * the amount it leaves. A code now worth nothing is taken off, its use not counted (`droppedCode` names it), as the
 * checkout refuses such a code. Without a code, the tickets' sum.
 */
export async function discountedAmount(
  tx: Queryable,
  bookingId: string,
  tickets: readonly Ticket[],
): Promise<{ amountCents: number; droppedCode: string | null }> {
  const rule: PromoRule | undefined = await typed(tx)
    .selectFrom("promo_code_uses as u")
    .innerJoin("promo_codes as c", "c.id", "u.promo_code_id")
    .select(ruleColumns)
    .where("u.booking_id", "=", bookingId)
    .where("u.returned_at", "is", null)
    .executeTakeFirst();
  const discountCents = rule ? promoDiscountCents(tickets, rule) : 0;
  if (rule && discountCents === 0)
    return { amountCents: ticketsAmountCents(tickets), droppedCode: await takeCodeOff(tx, bookingId) };
  if (rule)
    await typed(tx)
      .updateTable("promo_code_uses")
      .set({ discount_cents: discountCents })
      .where("booking_id", "=", bookingId)
      .execute();
  return { amountCents: ticketsAmountCents(tickets) - discountCents, droppedCode: null };
}
