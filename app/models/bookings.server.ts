import { config } from "~/config.server";
import type { Booking } from "~/domain/booking";
import { bookingAmountCents, type TypeExtras } from "~/domain/hall";
import { companionPartners, layoutSeats, seatLabels, seatRuns, type HallLayout } from "~/domain/hall-layout";
import { refusedCompanionSeats, refusedStrandedSeats } from "~/domain/seat-map";
import { isSoldOut } from "~/domain/waitlist";
import { getDb, retryingConflicts, type Queryable } from "~/services/db.server";
import { shortMemory } from "~/utils/short-memory";
import { isUuid } from "~/utils/uuid";
import {
  customerHoldsSql,
  holdLimitFailure,
  lockCustomer,
  type CustomerHolds,
  type HoldLimitFailure,
} from "./booking-limits.server";
import { cinemaDaySql } from "./shows.server";
import { offerFreedSeats } from "./waitlist.server";

export type BookingFailure =
  | { reason: "show-unavailable" }
  | { reason: "show-started" }
  | { reason: "seat-unknown"; seats: string[] }
  | { reason: "seats-taken"; seats: string[] }
  /** Every seat asked for is taken, and so is every standard and premium seat of the show. */
  | { reason: "sold-out" }
  | { reason: "stranded-seat"; seats: string[] }
  /** Companion seats kept for wheelchair users, chosen without the wheelchair space beside them. */
  | { reason: "companion-seat"; seats: string[]; releaseMinutes: number }
  | HoldLimitFailure;

export type SeatRequest = {
  userUid: string;
  movieId: string;
  /** The cinema day of the seat page the request came from. */
  day: string;
  showId: string;
  seats: string[];
  /** The form's one-time token: the same form posted twice makes one booking. */
  requestToken: string;
};

/** SQL for a booking's status as people see it: a pending booking whose hold has run out is expired. */
export const bookingStatusSql = (bookings: string) =>
  `case when ${bookings}.status = 'pending' and ${bookings}.hold_expires_at <= now() then 'expired'
   else ${bookings}.status end`;
// Seats that count as taken: those of paid bookings and of holds still running.
export const HOLDS_SEATS = `(b.status = 'paid' or (b.status = 'pending' and b.hold_expires_at > now()))`;
/** SQL ordering seat labels as a hall lists them: by row, then by number ("A2" before "A10"). */
export const SEAT_ORDER_SQL = (column: string) => `left(${column}, 1), substr(${column}, 2)::int`;

// The state flags are read by the database's clock, the one clock every rule on stored times uses.
const BOOKING_SELECT = `select b.id, b.show_id as "showId", h.name as "hallName",
    s.starts_at as "startsAt", b.seats, b.amount_cents as "amountCents", ${bookingStatusSql("b")} as status,
    b.hold_expires_at as "holdExpiresAt", b.created_at as "createdAt", b.paid_at as "paidAt",
    b.cancelled_at as "cancelledAt", s.starts_at <= now() as "showStarted", s.cancelled_at is not null as "showCancelled",
    s.starts_at - make_interval(mins => ${config.bookings.cancelCutoffMinutes}) <= now() as "pastCancelCutoff",
    exists (select 1 from check_ins c where c.booking_id = b.id) as "checkedIn",
    m.id as "movieId", m.title, m.poster_path as "posterUrl", m.runtime
  from bookings b join shows s on s.id = b.show_id join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id`;

type BookingRow = Omit<Booking, "movie" | "startsAt" | "holdExpiresAt" | "createdAt" | "paidAt" | "cancelledAt"> & {
  startsAt: Date;
  holdExpiresAt: Date;
  createdAt: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
  movieId: string;
  title: string;
  posterUrl: string;
  runtime: number;
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function toBooking({ movieId, title, posterUrl, runtime, ...row }: BookingRow): Booking {
  return {
    ...row,
    movie: { id: movieId, title, posterUrl, runtime },
    startsAt: iso(row.startsAt)!,
    holdExpiresAt: iso(row.holdExpiresAt)!,
    createdAt: iso(row.createdAt)!,
    paidAt: iso(row.paidAt),
    cancelledAt: iso(row.cancelledAt),
  };
}

/** The seats of a show that are booked or held right now, in row order. */
export async function occupiedSeats(showId: string, db: Queryable | null = null): Promise<string[]> {
  const rows = await (db ?? (await getDb())).query<{ seat: string }>(
    `select bs.seat from booked_seats bs join bookings b on b.id = bs.booking_id
     where bs.show_id = $1 and ${HOLDS_SEATS} order by ${SEAT_ORDER_SQL("bs.seat")}`,
    [showId],
  );
  return rows.map((row) => row.seat);
}

async function findBookingByToken(db: Queryable, userUid: string, requestToken: string) {
  const [row] = await db.query<BookingRow>(`${BOOKING_SELECT} where b.user_uid = $1 and b.request_token = $2`, [
    userUid,
    requestToken,
  ]);
  return row ? toBooking(row) : null;
}

/**
 * Lets go of unpaid bookings: each is marked expired and its seat rows go. The update takes each booking's row
 * lock and re-checks `where` on the row as it stands then, so a payment of the same booking (which updates that row
 * too) either commits first, and the hold stays, or finds it expired afterwards. Answers how many seats came free.
 */
export async function releaseHolds(tx: Queryable, where: string, params: unknown[]) {
  const freed = await tx.query(
    `with released as (
       update bookings b set status = 'expired' where b.status = 'pending' and (${where}) returning b.id)
     delete from booked_seats where booking_id in (select id from released) returning seat`,
    params,
  );
  return freed.length;
}

/** Releases a booking whose show has started before it was paid. */
export async function releaseStartedHold(bookingId: string) {
  const db = await getDb();
  await db.transaction((tx) =>
    releaseHolds(tx, "b.id = $1 and exists (select 1 from shows s where s.id = b.show_id and s.starts_at <= now())", [
      bookingId,
    ]),
  );
}

/** What the seat page answers a booking with: where it leads, what it holds, and until when. */
type BookedSeats = Pick<Booking, "id" | "seats" | "status" | "holdExpiresAt">;
type BookingOutcome = { ok: true; booking: BookedSeats; repeated: boolean } | ({ ok: false } & BookingFailure);

export type EarlyCheck = {
  /** Whether the show is one of this movie's on this cinema day: the page's movie and day need no other check. */
  showFound: boolean;
  failure: Extract<BookingFailure, { reason: "sold-out" | "seats-taken" | "seat-unknown" }> | null;
  /** With a refusal of seats, every seat of the show held or sold at that read: the page drawn with it. */
  heldSeats?: string[];
};

// Each show's held seats as this process last read them, and booked since, trusted for SEAT_HINT_MS: a crowd posting
// for one show costs one read a second, not one a post. Never trusted for longer than that, and never to book: what
// it lets through, the transaction checks again.
export const SEAT_HINT_MS = 1000;
type HeldSeats = {
  movieId: string;
  day: string;
  /** The labels of the hall's seats. */
  seats: Set<string>;
  runs: readonly (readonly string[])[];
  taken: Set<string>;
  tokens: Set<string>;
  soldOut: boolean;
};
const heldSeatHints = shortMemory<string, HeldSeats>({ lifetimeMs: SEAT_HINT_MS, maxEntries: 1000 });

/** A booking form as posted, before anyone has asked who posted it. */
export type SeatAsk = Omit<SeatRequest, "userUid">;

/**
 * The held seats read in the last second that may refuse this form: of its movie and day, and not holding a booking
 * this form's token made (a form posted again goes to the transaction, which answers the booking it made).
 */
function heldSeatsHint(ask: SeatAsk) {
  const hint = heldSeatHints.get(ask.showId);
  const applies = hint && hint.movieId === ask.movieId && hint.day === ask.day && !hint.tokens.has(ask.requestToken);
  return applies ? hint : null;
}

/**
 * What a show's hall and held seats say of a form asking for `seats`: a seat the hall has not refuses it, as do taken
 * ones, all of a sold-out show's too.
 */
function checkAgainst(held: HeldSeats, seats: string[]): EarlyCheck {
  const refuse = (failure: NonNullable<EarlyCheck["failure"]>) => ({
    showFound: true,
    failure,
    heldSeats: [...held.taken],
  });
  const unknown = seats.filter((seat) => !held.seats.has(seat));
  if (unknown.length > 0) return refuse({ reason: "seat-unknown", seats: unknown });
  const taken = seats.filter((seat) => held.taken.has(seat));
  if (taken.length === 0) return { showFound: true, failure: null };
  if (held.soldOut && taken.length === seats.length) return { showFound: true, failure: { reason: "sold-out" } };
  return refuse({ reason: "seats-taken", seats: taken });
}

/**
 * What a booking's transaction found teaches the memory of its show: seats it booked are taken (until that memory is
 * a second old, as it would be), and a refusal of taken seats means the memory is behind, so it is forgotten.
 */
function learnFromBooking(request: SeatRequest, outcome: BookingOutcome) {
  if (!outcome.ok) {
    if (outcome.reason === "seats-taken") heldSeatHints.delete(request.showId);
    return;
  }
  const hint = heldSeatHints.get(request.showId);
  if (!hint || outcome.repeated) return;
  for (const seat of outcome.booking.seats) hint.taken.add(seat);
  hint.tokens.add(request.requestToken);
  hint.soldOut = isSoldOut(hint.runs, hint.taken);
}

/**
 * Whether a read of the last second found this show sold out, every seat asked for taken, and not by this form. It
 * needs no session: the answer is the same whoever asks, so a premiere's crowd is refused without a read each.
 */
export function knownSoldOut(ask: SeatAsk) {
  return knownFailure(ask)?.reason === "sold-out";
}

/**
 * The seats a read of the last second found taken of those a form asks for, the show not sold out, and not by this
 * form; null when that read says nothing of it. Like `knownSoldOut` it needs no session.
 */
export function knownTakenSeats(ask: SeatAsk) {
  const failure = knownFailure(ask);
  return failure?.reason === "seats-taken" ? failure.seats : null;
}

function knownFailure(ask: SeatAsk) {
  const hint = heldSeatsHint(ask);
  return hint && checkAgainst(hint, ask.seats).failure;
}

/**
 * What one read, without a write transaction, already says of a booking request: a sold-out show, seats its hall has
 * not, or seats held or sold right now, are refused here, so a premiere's crowd of posts for taken seats never queues
 * for the writer.
 * Within a second of that read, the same answers come from what it found and what this process booked since, without
 * another. Whatever it lets through, the transaction checks again, and the key on (show, seat) still decides every
 * race. A form posted again is let through: the transaction answers the booking it made. Decision 20.
 */
export async function checkSeatsBeforeBooking(request: SeatRequest): Promise<EarlyCheck> {
  if (!isUuid(request.showId) || !isUuid(request.requestToken)) return { showFound: false, failure: null };
  const hint = heldSeatsHint(request);
  if (hint) return checkAgainst(hint, request.seats);
  const db = await getDb();
  const [show] = await db.query<{ layout: HallLayout; taken: string[]; tokens: string[]; repeated: boolean }>(
    `select h.layout, coalesce(held.seats, '{}') as taken, coalesce(held.tokens, '{}') as tokens,
       exists (select 1 from bookings r where r.user_uid = $4 and r.request_token = $5) as repeated
     from shows s join halls h on h.id = s.hall_id
     cross join lateral (select array_agg(bs.seat) as seats, array_agg(distinct b.request_token::text) as tokens
                         from booked_seats bs join bookings b on b.id = bs.booking_id
                         where bs.show_id = s.id and ${HOLDS_SEATS}) held
     where s.id = $1 and s.movie_id = $2 and ${cinemaDaySql("s.starts_at", "$6")} = $3 and s.starts_at > now()
       and s.cancelled_at is null`,
    [request.showId, request.movieId, request.day, request.userUid, request.requestToken, config.timeZone],
  );
  if (!show) return { showFound: false, failure: null };
  const runs = seatRuns(show.layout);
  const held = {
    movieId: request.movieId,
    day: request.day,
    seats: new Set(seatLabels(show.layout)),
    runs,
    taken: new Set(show.taken),
    tokens: new Set(show.tokens),
    soldOut: isSoldOut(runs, show.taken),
  };
  heldSeatHints.set(request.showId, held);
  return show.repeated ? { showFound: true, failure: null } : checkAgainst(held, request.seats);
}

/**
 * Books seats of a show for a customer in one transaction. The primary key on (show, seat) decides every race:
 * the seats are inserted with "on conflict do nothing", so a seat another buyer got first comes back missing and
 * the whole booking is rolled back, naming it. The customer's own row is locked first, so their limits (unpaid
 * bookings, seats held per show) are counted without a race between their own tabs. A form posted again answers
 * the booking it made (`repeated`), in the state it is in now.
 */
export async function bookSeats(request: SeatRequest): Promise<BookingOutcome> {
  // Seats are locked in hall order by every buyer, so two buyers cannot deadlock over them; should PostgreSQL
  // still pick a victim when other locks cross, that transaction simply runs again.
  const outcome = await retryingConflicts(() => attemptBooking(request));
  learnFromBooking(request, outcome);
  return outcome;
}

type ShowToBook = CustomerHolds & {
  earlier: boolean;
  priceCents: number;
  started: boolean;
  /** Companion seats no wheelchair user booked are free for everyone from COMPANION_RELEASE_MINUTES before the start. */
  companionsReleased: boolean;
  hallId: string;
  /** The hall row's version (`xmin`): a new one with every change staff save. */
  hallVersion: string;
  seatRows: { seat: string; live: boolean }[];
};

type BookedHall = { version: string; layout: HallLayout; typeExtras: TypeExtras };
const bookedHalls = new Map<string, BookedHall>();

/**
 * The layout and seat-type prices of a hall as the booking's transaction sees it, read (and parsed) again only when
 * the hall's row has changed since this process last read it. The caller holds the hall's row under a share lock, so
 * the version it read is the one this answers.
 */
async function hallAsBooked(tx: Queryable, hallId: string, version: string): Promise<BookedHall> {
  const known = bookedHalls.get(hallId);
  if (known?.version === version) return known;
  const [hall] = await tx.query<{ layout: HallLayout; typeExtras: TypeExtras }>(
    `select layout, type_extras as "typeExtras" from halls where id = $1`,
    [hallId],
  );
  const read = { version, ...hall };
  bookedHalls.set(hallId, read);
  return read;
}

async function attemptBooking(request: SeatRequest): Promise<BookingOutcome> {
  const db = await getDb();
  const { holdMinutes, strandedSeatRule, companionReleaseMinutes } = config.bookings;
  try {
    return await db.transaction(async (tx) => {
      await lockCustomer(tx, request.userUid);
      // One read after that lock: whether this form made a booking already, the show, the customer's running holds
      // (all shows) and the show's seat rows. The hall is read under a shared lock, so staff cannot change its layout
      // while this booking is made; the show's key lock (its foreign keys take it anyway) makes staff cancelling or
      // moving it wait for this booking, or this booking wait for them and then find the show gone from here. After
      // such a wait, the seat rows are those from before it: the key on (show, seat) still refuses a seat taken since.
      const [show] = await tx.query<ShowToBook>(
        `select exists (select 1 from bookings where user_uid = $6 and request_token = $7) as earlier,
           s.price_cents as "priceCents", s.starts_at <= now() as started,
           s.starts_at - make_interval(mins => $5) <= now() as "companionsReleased",
           h.id as "hallId", h.xmin::text as "hallVersion", holds.unpaid, holds."heldHere",
           coalesce(seat_rows.rows, '[]') as "seatRows"
         from shows s join halls h on h.id = s.hall_id,
           lateral (${customerHoldsSql("$6", "s.id")}) holds,
           lateral (select json_agg(json_build_object('seat', bs.seat, 'live', ${HOLDS_SEATS})) as rows
                    from booked_seats bs join bookings b on b.id = bs.booking_id where bs.show_id = s.id) seat_rows
         where s.id = $1 and s.movie_id = $2 and ${cinemaDaySql("s.starts_at", "$4")} = $3 and s.cancelled_at is null
         for share of h for key share of s`,
        [
          request.showId,
          request.movieId,
          request.day,
          config.timeZone,
          companionReleaseMinutes,
          request.userUid,
          request.requestToken,
        ],
      );
      // The same form posted again answers its booking, whatever became of the show since.
      const repeated =
        !show || show.earlier ? await findBookingByToken(tx, request.userUid, request.requestToken) : null;
      if (repeated) return { ok: true as const, booking: repeated, repeated: true };
      if (!show) throw new Refusal({ reason: "show-unavailable" });
      if (show.started) throw new Refusal({ reason: "show-started" });
      const { layout, typeExtras } = await hallAsBooked(tx, show.hallId, show.hallVersion);
      const hallSeats = layoutSeats(layout);
      const known = new Set(hallSeats.map((seat) => seat.label));
      const unknown = request.seats.filter((label) => !known.has(label));
      if (unknown.length > 0) throw new Refusal({ reason: "seat-unknown", seats: unknown });
      // In hall order: every buyer locks seats in the same order, so two cannot deadlock over them.
      const wanted = hallSeats.filter((seat) => request.seats.includes(seat.label));
      const seats = wanted.map((seat) => seat.label);
      const overLimit = holdLimitFailure(show, seats.length);
      if (overLimit) throw new Refusal(overLimit);
      const { seatRows } = show;
      const taken = seatRows.filter((row) => row.live).map((row) => row.seat);
      const alreadyTaken = seats.filter((seat) => taken.includes(seat));
      if (alreadyTaken.length > 0) throw new Refusal({ reason: "seats-taken", seats: alreadyTaken });
      const partners = companionPartners(layout);
      if (!show.companionsReleased && seats.some((seat) => partners.has(seat))) {
        const held = await seatsOfCustomer(tx, request.userUid, request.showId);
        const kept = refusedCompanionSeats({ partners, chosen: seats, held });
        if (kept.length > 0)
          throw new Refusal({ reason: "companion-seat", seats: kept, releaseMinutes: companionReleaseMinutes });
      }
      const stranded = strandedSeatRule ? refusedStrandedSeats({ runs: seatRuns(layout), taken, chosen: seats }) : [];
      if (stranded.length > 0) throw new Refusal({ reason: "stranded-seat", seats: stranded });

      // Holds on these seats that have run out let go of them, so the key below can take the new ones. People
      // waiting for this sold-out show come first: seats let go are offered to them before this buyer's.
      const runOut = seatRows.some((row) => !row.live && seats.includes(row.seat));
      const freed = runOut
        ? await releaseHolds(
            tx,
            `b.hold_expires_at <= now()
             and b.id in (select booking_id from booked_seats where show_id = $1 and seat = any($2::text[]))`,
            [request.showId, seats],
          )
        : 0;
      if (freed > 0) {
        await offerFreedSeats(tx, request.showId);
        // Returned, not thrown: the holds let go and the offers made stand, and this buyer is told what went.
        const offered = (await occupiedSeats(request.showId, tx)).filter((seat) => seats.includes(seat));
        if (offered.length > 0) return { ok: false as const, reason: "seats-taken" as const, seats: offered };
      }
      // A hold never outlives the show's start: an unpaid booking cannot be paid once the film runs. The booking and
      // its seat rows are written by one statement.
      const [{ got, id, holdExpiresAt }] = await tx.query<{ got: string[] | null; id: string; holdExpiresAt: Date }>(
        `with b as (
           insert into bookings (user_uid, show_id, seats, amount_cents, hold_expires_at, request_token)
           select $1, $2, $3, $4, least(now() + make_interval(mins => $5), s.starts_at), $6 from shows s where s.id = $2
           returning id, hold_expires_at),
         seated as (
           insert into booked_seats (show_id, seat, booking_id) select $2, unnest($3::text[]), (select id from b)
           on conflict (show_id, seat) do nothing returning seat)
         select (select array_agg(seat) from seated) as got, b.id, b.hold_expires_at as "holdExpiresAt" from b`,
        [
          request.userUid,
          request.showId,
          seats,
          bookingAmountCents(
            show.priceCents,
            wanted.map((seat) => seat.type),
            typeExtras,
          ),
          holdMinutes,
          request.requestToken,
        ],
      );
      const seated = new Set(got ?? []);
      if (seated.size < seats.length) {
        throw new Refusal({ reason: "seats-taken", seats: seats.filter((seat) => !seated.has(seat)) });
      }
      const booking = { id, seats, status: "pending" as const, holdExpiresAt: iso(holdExpiresAt)! };
      return { ok: true as const, booking, repeated: false };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false as const, ...error.failure };
    throw error;
  }
}

/** The seats a customer holds or has paid for in a show. */
async function seatsOfCustomer(tx: Queryable, userUid: string, showId: string) {
  const rows = await tx.query<{ seat: string }>(
    `select unnest(b.seats) as seat from bookings b where b.user_uid = $1 and b.show_id = $2 and ${HOLDS_SEATS}`,
    [userUid, showId],
  );
  return rows.map((row) => row.seat);
}

/** Thrown inside a transaction to roll it back with a reason for the customer. */
class Refusal extends Error {
  constructor(readonly failure: BookingFailure) {
    super(failure.reason);
  }
}

/** A customer's bookings, newest first. */
export async function listBookings(userUid: string): Promise<Booking[]> {
  const db = await getDb();
  const rows = await db.query<BookingRow>(`${BOOKING_SELECT} where b.user_uid = $1 order by b.created_at desc`, [
    userUid,
  ]);
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
  if (lock) await db.query("select id from bookings where id = $1 and user_uid = $2 for update", [bookingId, userUid]);
  const [row] = await db.query<BookingRow>(`${BOOKING_SELECT} where b.id = $1 and b.user_uid = $2`, [
    bookingId,
    userUid,
  ]);
  return row ? toBooking(row) : null;
}

/** The figures above a customer's bookings. */
export function summarizeBookings(bookings: Booking[]) {
  return {
    total: bookings.length,
    confirmed: bookings.filter((b) => b.status === "paid").length,
    pending: bookings.filter((b) => b.status === "pending").length,
    spentCents: bookings.filter((b) => b.status === "paid").reduce((sum, b) => sum + b.amountCents, 0),
  };
}
