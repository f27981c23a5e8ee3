import { sql, type Selectable } from "kysely";
import { config } from "~/config.server";
import type { TypeExtras } from "~/domain/hall";
import { seatLabels, seatRuns, type HallLayout } from "~/domain/hall-layout";
import { isSoldOut } from "~/domain/waitlist";
import type { BookingsTable, BookedSeatsTable, HallsTable } from "~/services/db-schema";
import { getDb, type Queryable } from "~/services/db.server";
import { compiledOnce } from "~/services/typed-db.server";
import { shortMemory } from "~/utils/short-memory";
import { isUuid } from "~/utils/uuid";
import { holdsSeatsSql, showStartedSql } from "./booking-rules.server";
import { cinemaDay } from "./cinema-day.server";

// What this process remembers of shows' seats and halls for booking posts (decisions 20 and 35): each show's held
// seats for a second, and each hall's layout until its row changes. Neither ever books a seat: the transaction
// (seat-booking.server.ts) checks again whatever they let through.

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

/** A booking form as posted, before anyone has asked who posted it. */
export type SeatAsk = Omit<SeatRequest, "userUid">;

/** What a read of a show's seats can refuse a booking for. */
export type SeatRefusal =
  | { reason: "seat-unknown"; seats: string[] }
  | { reason: "seats-taken"; seats: string[] }
  /** Every seat asked for is taken, and so is every standard and premium seat of the show. */
  | { reason: "sold-out" };

export type EarlyCheck = {
  /** Whether the show is one of this movie's on this cinema day: the page's movie and day need no other check. */
  showFound: boolean;
  failure: SeatRefusal | null;
  /** With a refusal of seats, every seat of the show held or sold at that read: the page drawn with it. */
  heldSeats?: string[];
};

// Each show's held seats as this process last read them, and booked since, trusted for SEAT_HINT_MS: a crowd posting
// for one show costs one read a second, not one a post. Never trusted for longer than that.
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
  const refuse = (failure: SeatRefusal) => ({ showFound: true, failure, heldSeats: [...held.taken] });
  const unknown = seats.filter((seat) => !held.seats.has(seat));
  if (unknown.length > 0) return refuse({ reason: "seat-unknown", seats: unknown });
  const taken = seats.filter((seat) => held.taken.has(seat));
  if (taken.length === 0) return { showFound: true, failure: null };
  if (held.soldOut && taken.length === seats.length) return { showFound: true, failure: { reason: "sold-out" } };
  return refuse({ reason: "seats-taken", seats: taken });
}

/** What a booking's transaction answered, as much as the memory of its show learns from. */
type BookingAnswer = { ok: true; booking: { seats: string[] }; repeated: boolean } | { ok: false; reason: string };

/**
 * What a booking's transaction found teaches the memory of its show: seats it booked are taken (until that memory is
 * a second old, as it would be), and a refusal of taken seats means the memory is behind, so it is forgotten.
 */
export function learnFromBooking(request: SeatAsk, answer: BookingAnswer) {
  if (!answer.ok) {
    if (answer.reason === "seats-taken") heldSeatHints.delete(request.showId);
    return;
  }
  const hint = heldSeatHints.get(request.showId);
  if (!hint || answer.repeated) return;
  for (const seat of answer.booking.seats) hint.taken.add(seat);
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

// On the booking post's path: compiled once (decision 64).
const readSeatsToCheck = compiledOnce(
  (_, p: Pick<SeatRequest, "showId" | "movieId" | "day" | "userUid" | "requestToken"> & { timeZone: string }) =>
    sql<{
      layout: HallLayout;
      taken: Selectable<BookedSeatsTable>["seat"][];
      tokens: Selectable<BookingsTable>["request_token"][];
      repeated: boolean;
    }>`select h.layout, coalesce(held.seats, '{}') as taken, coalesce(held.tokens, '{}') as tokens,
         exists (select 1 from bookings r where r.user_uid = ${p.userUid} and r.request_token = ${p.requestToken})
           as repeated
       from shows s join halls h on h.id = s.hall_id
       cross join lateral (select array_agg(bs.seat) as seats, array_agg(distinct b.request_token::text) as tokens
                           from booked_seats bs join bookings b on b.id = bs.booking_id
                           where bs.show_id = s.id and ${sql.raw(holdsSeatsSql("b"))}) held
       where s.id = ${p.showId} and s.movie_id = ${p.movieId} and ${cinemaDay("s.starts_at", p.timeZone)} = ${p.day}
         and not ${sql.raw(showStartedSql("s"))} and s.cancelled_at is null`,
);

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
  const [show] = await readSeatsToCheck(await getDb(), { ...request, timeZone: config.timeZone });
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

type BookedHall = { version: string; layout: HallLayout; typeExtras: TypeExtras };
const bookedHalls = new Map<string, BookedHall>();

const readHallAsBooked = compiledOnce((db, p: { hallId: Selectable<HallsTable>["id"] }) =>
  db
    .selectFrom("halls")
    .select([sql<HallLayout>`layout`.as("layout"), sql<TypeExtras>`type_extras`.as("typeExtras")])
    .where("id", "=", p.hallId),
);

/**
 * The layout and seat-type prices of a hall as the booking's transaction sees it, read (and parsed) again only when
 * the hall's row has changed since this process last read it. The caller holds the hall's row under a share lock, so
 * the version it read is the one this answers.
 */
export async function hallAsBooked(tx: Queryable, hallId: string, version: string): Promise<BookedHall> {
  const known = bookedHalls.get(hallId);
  if (known?.version === version) return known;
  const [hall] = await readHallAsBooked(tx, { hallId });
  const read = { version, ...hall };
  bookedHalls.set(hallId, read);
  return read;
}
