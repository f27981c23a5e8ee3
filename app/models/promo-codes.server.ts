import { formatAmount } from "~/utils/money";
import { recordStaffChange } from "./staff-changes.server";
import { config } from "~/config.server";
import type { PayRefusal } from "~/domain/booking";
import { promoDiscountCents, type PromoRule } from "~/domain/promo-codes";
import { ticketsAmountCents, type Ticket } from "~/domain/tickets";
import { getDb, isForeignKeyViolation, isUniqueViolation, type Queryable } from "~/services/db.server";
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

const RULE_COLUMNS = `c.percent_off as "percentOff", c.amount_off_cents as "amountOffCents",
  c.ticket_type_ids::text[] as "ticketTypeIds"`;

/** Every code, the newest first, with its film and ticket types by name. */
export async function listPromoCodes(): Promise<PromoCode[]> {
  const db = await getDb();
  const rows = await db.query<PromoCode & { validFrom: Date; validUntil: Date }>(
    `select c.id, c.code, ${RULE_COLUMNS}, c.movie_id as "movieId", m.title as "movieTitle",
       array(select t.name from ticket_types t where t.id = any(c.ticket_type_ids) order by t.position) as "ticketTypeNames",
       c.valid_from as "validFrom", c.valid_until as "validUntil", c.max_uses as "maxUses", c.uses,
       c.retired_at is not null as retired
     from promo_codes c left join movies m on m.id = c.movie_id order by c.created_at desc, c.id`,
  );
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
  const known = await db.query("select id from ticket_types where id = any($1::uuid[])", [typeIds]);
  if (known.length !== typeIds.length) return { ok: false, reason: "unknown-type" };
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into promo_codes (code, percent_off, amount_off_cents, ticket_type_ids, movie_id, valid_from,
         valid_until, max_uses)
       values (upper($1), $2, $3, $4::uuid[], $5, $6::date::timestamp at time zone $9,
         ($7::date + 1)::timestamp at time zone $9, $8)`,
        [
          input.code,
          input.percentOff,
          input.amountOffCents,
          typeIds,
          input.movieId,
          input.firstDay,
          input.lastDay,
          input.maxUses,
          config.timeZone,
        ],
      );
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
    const [ended] = await tx.query<{ code: string }>(
      "update promo_codes set retired_at = coalesce(retired_at, now()) where id = $1 returning code",
      [id],
    );
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

/** SQL: the uses of code $1 whose bookings no longer hold seats (cancelled, or a hold that ran out) are given back. */
async function reclaimUses(tx: Queryable, codeId: string) {
  const returned = await tx.query(
    `update promo_code_uses u set returned_at = now() from bookings b
     where u.promo_code_id = $1 and u.returned_at is null and b.id = u.booking_id and not ${holdsSeatsSql("b")}
     returning u.booking_id`,
    [codeId],
  );
  if (returned.length > 0)
    await tx.query("update promo_codes set uses = uses - $2 where id = $1", [codeId, returned.length]);
}

/**
 * Applies a code a customer typed (in any case) to their held booking: the discount becomes its own line, and the
 * amount falls by it. A code unknown, ended, not yet valid or for another film is "not valid" alike, so trying codes
 * tells nothing of codes for other shows; each such try counts against the customer's guesses and their address's.
 * The code's row is locked, so of two customers racing for its last use one takes it and the other is told it is used
 * up.
 */
export async function applyPromoCode(applier: CodeApplier, bookingId: string, typed: string): Promise<Applied> {
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
      const [code] = await tx.query<PromoRule & { id: string }>(
        `select c.id, ${RULE_COLUMNS} from promo_codes c join shows s on s.id = $2
       where lower(c.code) = lower($1) and c.retired_at is null and now() >= c.valid_from and now() < c.valid_until
         and (c.movie_id is null or c.movie_id = s.movie_id)
       for update of c`,
        [typed, booking.showId],
      );
      if (!code) return { ok: false, reason: "not-valid" };
      const discountCents = promoDiscountCents(booking.tickets, code);
      if (discountCents === 0) return { ok: false, reason: "no-tickets-it-covers" };
      await reclaimUses(tx, code.id);
      const [taken] = await tx.query(
        "update promo_codes set uses = uses + 1 where id = $1 and (max_uses is null or uses < max_uses) returning id",
        [code.id],
      );
      if (!taken) return { ok: false, reason: "used-up" };
      const [first] = await tx.query(
        `insert into promo_code_uses (booking_id, promo_code_id, user_uid, discount_cents) values ($1, $2, $3, $4)
       on conflict do nothing returning booking_id`,
        [booking.id, code.id, userUid, discountCents],
      );
      // The customer's live use of the code, on another booking: the partial unique key said no.
      if (!first) throw new AlreadyUsed();
      await tx.query("update bookings set amount_cents = $2 where id = $1", [
        booking.id,
        ticketsAmountCents(booking.tickets) - discountCents,
      ]);
      return { ok: true, discountCents };
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyUsed) return { ok: false as const, reason: "already-used" as const };
      throw error;
    });
  if (!outcome.ok && outcome.reason === "not-valid") await recordHits(guesses);
  return outcome;
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
    await tx.query("update bookings set amount_cents = $2 where id = $1", [
      booking.id,
      ticketsAmountCents(booking.tickets),
    ]);
    return { ok: true as const };
  });
}

/** Takes a held booking's code off, as if never applied: its use row goes and the code's count falls. Answers the code. */
async function takeCodeOff(tx: Queryable, bookingId: string): Promise<string | null> {
  const [removed] = await tx.query<{ code: string }>(
    `with removed as (
       delete from promo_code_uses where booking_id = $1 and returned_at is null returning promo_code_id)
     update promo_codes c set uses = c.uses - 1 from removed where c.id = removed.promo_code_id returning c.code`,
    [bookingId],
  );
  return removed?.code ?? null;
}

/** Gives a cancelled booking's use back; the booking keeps showing the discount it was sold with. */
export async function returnPromoUse(tx: Queryable, bookingId: string) {
  const [returned] = await tx.query<{ codeId: string }>(
    `update promo_code_uses set returned_at = now() where booking_id = $1 and returned_at is null
     returning promo_code_id as "codeId"`,
    [bookingId],
  );
  if (returned) await tx.query("update promo_codes set uses = uses - 1 where id = $1", [returned.codeId]);
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
  const [rule] = await tx.query<PromoRule>(
    `select ${RULE_COLUMNS} from promo_code_uses u join promo_codes c on c.id = u.promo_code_id
     where u.booking_id = $1 and u.returned_at is null`,
    [bookingId],
  );
  const discountCents = rule ? promoDiscountCents(tickets, rule) : 0;
  if (rule && discountCents === 0)
    return { amountCents: ticketsAmountCents(tickets), droppedCode: await takeCodeOff(tx, bookingId) };
  if (rule)
    await tx.query("update promo_code_uses set discount_cents = $2 where booking_id = $1", [bookingId, discountCents]);
  return { amountCents: ticketsAmountCents(tickets) - discountCents, droppedCode: null };
}
