import { sql, type Selectable } from "kysely";
import { config } from "~/config.server";
import type { Booking } from "~/domain/booking";
import { companionPartners, layoutSeats, seatRuns, type HallLayout, type Seat } from "~/domain/hall-layout";
import { refusedCompanionSeats, refusedStrandedSeats } from "~/domain/seat-map";
import { ticketsAmountCents, type Ticket } from "~/domain/tickets";
import type { BookingsTable, HallsTable } from "~/services/db-schema";
import { getDb, retryingConflicts, type Queryable } from "~/services/db.server";
import { compiledOnce } from "~/services/typed-db.server";
import {
  buyerHolds,
  holdLimitFailure,
  lockCustomer,
  type CustomerHolds,
  type HoldLimitFailure,
} from "./booking-limits.server";
import { holdsSeatsSql, lapsedHoldSql, showStartedSql } from "./booking-rules.server";
import { standardTickets, writeTickets } from "./booking-tickets.server";
import {
  buyerBookings,
  findBookingByToken,
  occupiedSeats,
  seatsOfCustomer,
  type BuyerBookings,
} from "./bookings.server";
import type { Guest } from "./guests.server";
import { releaseHolds } from "./holds.server";
import { markSalesChannel, recordBuyer, type CounterBuyer } from "./sales-channels.server";
import { hallAsBooked, learnFromBooking, type SeatAsk, type SeatRefusal, type SeatRequest } from "./seat-memory.server";
import { cinemaDay } from "./cinema-day.server";
import { standardTicketSql, type StandardTicket } from "./ticket-types.server";
import { offerFreedSeats } from "./waitlist.server";

export type BookingFailure =
  | { reason: "show-unavailable" }
  | { reason: "show-started" }
  | SeatRefusal
  | { reason: "stranded-seat"; seats: string[] }
  /** Companion seats kept for wheelchair users, chosen without the wheelchair space beside them. */
  | { reason: "companion-seat"; seats: string[]; releaseMinutes: number }
  | HoldLimitFailure;

/** What the seat page answers a booking with: where it leads, what it holds, and until when. */
type BookedSeats = Pick<Booking, "id" | "seats" | "status" | "holdExpiresAt">;
type BookingOutcome = { ok: true; booking: BookedSeats; repeated: boolean } | ({ ok: false } & BookingFailure);

/**
 * Books seats of a show for a customer in one transaction. The primary key on (show, seat) decides every race:
 * the seats are inserted with "on conflict do nothing", so a seat another buyer got first comes back missing and
 * the whole booking is rolled back, naming it. The customer's own row is locked first, so their limits (unpaid
 * bookings, seats held per show) are counted without a race between their own tabs. A form posted again answers
 * the booking it made (`repeated`), in the state it is in now.
 */
export async function bookSeats(request: SeatRequest | GuestSeatRequest | CounterSeatRequest): Promise<BookingOutcome> {
  // Seats are locked in hall order by every buyer, so two buyers cannot deadlock over them; should PostgreSQL
  // still pick a victim when other locks cross, that transaction simply runs again.
  const outcome = await retryingConflicts(() => attemptBooking(request));
  learnFromBooking(request, outcome);
  return outcome;
}

/**
 * A booking form posted by a guest (decision 46): their name and email stand for an account. Their limits count the
 * bookings their browser holds passes for (`passBookingIds`), not the email's: the form tells nobody what another
 * address holds (decision 55).
 */
export type GuestSeatRequest = SeatAsk & { guest: Guest; passBookingIds: string[] };

/** Seats sold at the box office counter (decision 71): limits count this sale alone. */
export type CounterSeatRequest = SeatAsk & { counter: CounterBuyer };

async function attemptBooking(asked: SeatRequest | GuestSeatRequest | CounterSeatRequest): Promise<BookingOutcome> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const request = "userUid" in asked ? asked : { ...asked, userUid: await recordBuyer(tx, asked) };
      const buyer: BuyerBookings =
        "userUid" in asked
          ? { userUid: request.userUid }
          : { bookingIds: "guest" in asked ? asked.passBookingIds : [] };
      await lockCustomer(tx, request.userUid);
      const show = await readShowToBook(tx, request, buyer);
      // The same form posted again answers its booking, whatever became of the show since.
      const repeated =
        !show || show.earlier ? await findBookingByToken(tx, request.userUid, request.requestToken) : null;
      if (repeated) return { ok: true as const, booking: repeated, repeated: true };
      if (!show?.standard) throw new Refusal({ reason: "show-unavailable" });
      if (show.started) throw new Refusal({ reason: "show-started" });
      const { layout, typeExtras } = await hallAsBooked(tx, show.hallId, show.hallVersion);
      const wanted = seatsWanted(layout, request.seats);
      const seats = wanted.map((seat) => seat.label);
      const refusal = await seatRefusal(tx, request, buyer, show, layout, seats);
      if (refusal) throw new Refusal(refusal);
      const offered = await letGoOfLapsedHolds(tx, request.showId, show.seatRows, seats);
      // Returned, not thrown: the holds let go and the offers made stand, and this buyer is told what went.
      if (offered.length > 0) return { ok: false as const, reason: "seats-taken" as const, seats: offered };
      const booking = await insertBooking(tx, request, standardTickets(wanted, show.standard, typeExtras));
      if (!("userUid" in asked)) await markSalesChannel(tx, booking.id, asked);
      return { ok: true as const, booking, repeated: false };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false as const, ...error.failure };
    throw error;
  }
}

type ShowToBook = CustomerHolds & {
  earlier: boolean;
  /** The show's standard ticket, every seat's type until its customer chooses others; null: the show sells none. */
  standard: StandardTicket | null;
  started: boolean;
  /** Companion seats no wheelchair user booked are free for everyone from COMPANION_RELEASE_MINUTES before the start. */
  companionsReleased: boolean;
  hallId: Selectable<HallsTable>["id"];
  /** The hall row's version (`xmin`): a new one with every change staff save. */
  hallVersion: string;
  seatRows: { seat: string; live: boolean }[];
};

type ShowToBookAsk = Pick<SeatRequest, "showId" | "movieId" | "day" | "userUid" | "requestToken"> & {
  timeZone: string;
  companionReleaseMinutes: number;
};

/**
 * The statement of `readShowToBook` for the buyer `buyer` picks, compiled once for a customer and once for a guest:
 * the booking post's hottest statement is neither built nor compiled again (decision 64).
 */
const showToBookStatement = <P extends ShowToBookAsk>(p: P, buyer: BuyerBookings) =>
  sql<ShowToBook>`select exists (select 1 from bookings where user_uid = ${p.userUid}
         and request_token = ${p.requestToken}) as earlier,
       to_json(standard) as standard, ${sql.raw(showStartedSql("s"))} as started,
       s.starts_at - make_interval(mins => ${p.companionReleaseMinutes}) <= now() as "companionsReleased",
       h.id as "hallId", h.xmin::text as "hallVersion", holds.unpaid, holds."heldHere",
       coalesce(seat_rows.rows, '[]') as "seatRows"
     from shows s join halls h on h.id = s.hall_id
       left join lateral (${sql.raw(standardTicketSql("s"))}) standard on true,
       lateral (${buyerHolds(buyerBookings(buyer), sql.ref("s.id"))}) holds,
       lateral (select json_agg(json_build_object('seat', bs.seat, 'live', ${sql.raw(holdsSeatsSql("b"))})) as rows
                from booked_seats bs join bookings b on b.id = bs.booking_id where bs.show_id = s.id) seat_rows
     where s.id = ${p.showId} and s.movie_id = ${p.movieId} and ${cinemaDay("s.starts_at", p.timeZone)} = ${p.day}
       and s.cancelled_at is null
     for share of h for key share of s`;

const readShowToBookAs = {
  customer: compiledOnce((_, p: ShowToBookAsk) => showToBookStatement(p, { userUid: p.userUid })),
  guest: compiledOnce((_, p: ShowToBookAsk & { bookingIds: string[] }) =>
    showToBookStatement(p, { bookingIds: p.bookingIds }),
  ),
};

/**
 * One read after the customer's lock: whether this form made a booking already, the show, the buyer's running
 * holds (all shows) and the show's seat rows. The hall is read under a shared lock, so staff cannot change its layout
 * while this booking is made; the show's key lock (its foreign keys take it anyway) makes staff cancelling or moving
 * it wait for this booking, or this booking wait for them and then find the show gone from here. After such a wait,
 * the seat rows are those from before it: the key on (show, seat) still refuses a seat taken since.
 */
async function readShowToBook(
  tx: Queryable,
  request: SeatRequest,
  buyer: BuyerBookings,
): Promise<ShowToBook | undefined> {
  const ask = {
    ...request,
    timeZone: config.timeZone,
    companionReleaseMinutes: config.bookings.companionReleaseMinutes,
  };
  const [show] =
    "userUid" in buyer
      ? await readShowToBookAs.customer(tx, ask)
      : await readShowToBookAs.guest(tx, { ...ask, bookingIds: buyer.bookingIds });
  return show;
}

/** The hall's seats asked for, in hall order: every buyer locks seats in the same order, so two cannot deadlock. */
function seatsWanted(layout: HallLayout, labels: string[]): Seat[] {
  const hallSeats = layoutSeats(layout);
  const known = new Set(hallSeats.map((seat) => seat.label));
  const unknown = labels.filter((label) => !known.has(label));
  if (unknown.length > 0) throw new Refusal({ reason: "seat-unknown", seats: unknown });
  return hallSeats.filter((seat) => labels.includes(seat.label));
}

/**
 * Why these seats may not be booked for this customer: past their limits, taken by a paid booking or a running hold,
 * companion seats kept for a wheelchair user, or leaving a single seat stranded; null when they may.
 */
async function seatRefusal(
  tx: Queryable,
  request: SeatRequest,
  buyer: BuyerBookings,
  show: ShowToBook,
  layout: HallLayout,
  seats: string[],
): Promise<BookingFailure | null> {
  const { strandedSeatRule, companionReleaseMinutes } = config.bookings;
  const overLimit = holdLimitFailure(show, seats.length);
  if (overLimit) return overLimit;
  const taken = show.seatRows.filter((row) => row.live).map((row) => row.seat);
  const alreadyTaken = seats.filter((seat) => taken.includes(seat));
  if (alreadyTaken.length > 0) return { reason: "seats-taken", seats: alreadyTaken };
  const partners = companionPartners(layout);
  if (!show.companionsReleased && seats.some((seat) => partners.has(seat))) {
    const held = await seatsOfCustomer(tx, buyer, request.showId);
    const kept = refusedCompanionSeats({ partners, chosen: seats, held });
    if (kept.length > 0) return { reason: "companion-seat", seats: kept, releaseMinutes: companionReleaseMinutes };
  }
  const stranded = strandedSeatRule ? refusedStrandedSeats({ runs: seatRuns(layout), taken, chosen: seats }) : [];
  if (stranded.length > 0) return { reason: "stranded-seat", seats: stranded };
  return null;
}

/**
 * Holds on these seats that have run out let go of them, so the key can take the new ones. People waiting for this
 * sold-out show come first: seats let go are offered to them before this buyer's. Answers the seats asked for that
 * went to them.
 */
async function letGoOfLapsedHolds(tx: Queryable, showId: string, seatRows: ShowToBook["seatRows"], seats: string[]) {
  if (!seatRows.some((row) => !row.live && seats.includes(row.seat))) return [];
  const freed = await releaseHolds(
    tx,
    sql`${sql.raw(lapsedHoldSql("b"))}
      and b.id in (select booking_id from booked_seats where show_id = ${showId} and seat = any(${seats}::text[]))`,
  );
  if (freed === 0) return [];
  await offerFreedSeats(tx, showId);
  return (await occupiedSeats(showId, tx)).filter((seat) => seats.includes(seat));
}

type BookingToInsert = Pick<SeatRequest, "userUid" | "showId" | "requestToken"> & {
  seats: string[];
  amountCents: number;
  holdMinutes: number;
};

const insertBookingRows = compiledOnce(
  (_, p: BookingToInsert) =>
    sql<{
      got: string[] | null;
      id: Selectable<BookingsTable>["id"];
      holdExpiresAt: Selectable<BookingsTable>["hold_expires_at"];
    }>`with b as (
       insert into bookings (user_uid, show_id, seats, amount_cents, hold_expires_at, request_token)
       select ${p.userUid}, ${p.showId}, ${p.seats}, ${p.amountCents},
         least(now() + make_interval(mins => ${p.holdMinutes}), s.starts_at), ${p.requestToken}
       from shows s where s.id = ${p.showId}
       returning id, hold_expires_at),
     seated as (
       insert into booked_seats (show_id, seat, booking_id)
       select ${p.showId}, unnest(${p.seats}::text[]), (select id from b)
       on conflict (show_id, seat) do nothing returning seat)
     select (select array_agg(seat) from seated) as got, b.id, b.hold_expires_at as "holdExpiresAt" from b`,
);

/**
 * Writes the booking and its seat rows in one statement, then its tickets; a seat another buyer got first refuses the
 * booking, naming it. A hold never outlives the show's start: an unpaid booking cannot be paid once the film runs.
 */
async function insertBooking(tx: Queryable, request: SeatRequest, tickets: Ticket[]): Promise<BookedSeats> {
  const seats = tickets.map((ticket) => ticket.seat);
  const [{ got, id, holdExpiresAt }] = await insertBookingRows(tx, {
    userUid: request.userUid,
    showId: request.showId,
    seats,
    amountCents: ticketsAmountCents(tickets),
    holdMinutes: config.bookings.holdMinutes,
    requestToken: request.requestToken,
  });
  const seated = new Set(got ?? []);
  if (seated.size < seats.length) {
    throw new Refusal({ reason: "seats-taken", seats: seats.filter((seat) => !seated.has(seat)) });
  }
  await writeTickets(tx, id, tickets);
  return { id, seats, status: "pending", holdExpiresAt: new Date(holdExpiresAt).toISOString() };
}

/** Thrown inside a transaction to roll it back with a reason for the customer. */
class Refusal extends Error {
  constructor(readonly failure: BookingFailure) {
    super(failure.reason);
  }
}
