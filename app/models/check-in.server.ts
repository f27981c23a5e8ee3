import { sql } from "kysely";
import { recordStaffChange } from "./staff-changes.server";
import { config, getSessionSecrets } from "~/config.server";
import { bookingStatusSql } from "~/models/booking-rules.server";
import { userNameSql } from "~/models/users.server";
import { shortBookingId, type BookingStatus } from "~/domain/booking";
import type { DoorTicket as Ticket } from "~/domain/door-ticket";
import type { Discount, Ticket as SoldTicket } from "~/domain/tickets";
import { DISCOUNT_SQL, TICKETS_SQL } from "~/models/bookings.server";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { verifyTicketCode } from "~/services/tickets.server";
import { ticketCodeOf } from "~/models/e-tickets.server";
import { describeMinutes } from "~/utils/format";
import { formatClockTime, formatShowTime } from "~/utils/show-display";

/** Why a genuine ticket cannot be let in now. */
export type TicketRefusal = "cancelled" | "expired" | "unpaid" | "checked-in" | "too-early" | "ended";

/** Of a show `s` and its movie `m`: when the door opens to it (CHECK_IN_OPENS_MINUTES before it starts), and its end. */
const doorOpens = () => sql<Date>`s.starts_at - make_interval(mins => ${config.checkInOpensMinutes})`;
const showEnds = sql<Date>`s.starts_at + make_interval(mins => m.runtime)`;

/** Where the database's clock stands against the door's window: before it, in it, or after the show. */
type DoorWindow = "before" | "open" | "after";

async function findTicket(db: Queryable, bookingId: string, { lock = false } = {}) {
  const row = await typed(db)
    .selectFrom("bookings as b")
    .innerJoin("shows as s", "s.id", "b.show_id")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .innerJoin("halls as h", "h.id", "s.hall_id")
    .innerJoin("users as u", "u.uid", "b.user_uid")
    .leftJoin("certificates as cert", "cert.code", "m.certificate")
    .leftJoin("check_ins as c", "c.booking_id", "b.id")
    .leftJoin("users as staff", "staff.uid", "c.staff_uid")
    .select([
      "b.id as bookingId",
      "m.title",
      "cert.code as certificateCode",
      "cert.description as certificateDescription",
      "cert.min_age as certificateMinAge",
      "cert.accompanied_under as certificateAccompaniedUnder",
      "h.name as hallName",
      "m.poster_path as posterPath",
      "s.starts_at as startsAt",
      "b.seats",
      sql.raw<SoldTicket[]>(TICKETS_SQL("b")).as("tickets"),
      sql.raw<Discount | null>(DISCOUNT_SQL("b")).as("discount"),
      sql.raw<string>(userNameSql("u")).as("customerName"),
      "b.amount_cents as amountCents",
      sql.raw<BookingStatus>(bookingStatusSql("b")).as("status"),
      doorOpens().as("opensAt"),
      showEnds.as("endsAt"),
      sql<DoorWindow>`case when now() < ${doorOpens()} then 'before' when now() > ${showEnds} then 'after'
        else 'open' end`.as("window"),
      "c.checked_in_at as checkedInAt",
      sql.raw<string>(userNameSql("staff")).as("staffName"),
    ])
    .where("b.id", "=", bookingId)
    .$if(lock, (query) => query.forUpdate("b"))
    .executeTakeFirst();
  if (!row) return null;
  const {
    window,
    checkedInAt,
    staffName,
    certificateCode,
    certificateDescription,
    certificateMinAge,
    certificateAccompaniedUnder,
    ...ticket
  } = row;
  const found: Ticket = {
    ...ticket,
    certificate:
      certificateCode === null
        ? null
        : {
            code: certificateCode,
            description: certificateDescription!,
            minAge: certificateMinAge!,
            accompaniedUnder: certificateAccompaniedUnder,
          },
    startsAt: new Date(ticket.startsAt).toISOString(),
    opensAt: new Date(ticket.opensAt).toISOString(),
    endsAt: new Date(ticket.endsAt).toISOString(),
    checkIn: checkedInAt ? { at: new Date(checkedInAt).toISOString(), staffName } : null,
  };
  return { ticket: found, refusal: refusalOf(found, window) };
}

function refusalOf(ticket: Ticket, window: DoorWindow): TicketRefusal | null {
  if (ticket.status === "cancelled" || ticket.status === "expired") return ticket.status;
  if (ticket.status === "pending") return "unpaid";
  if (ticket.checkIn) return "checked-in";
  if (window === "before") return "too-early";
  return window === "after" ? "ended" : null;
}

/** Why the door refuses a ticket, in the words staff read out; times in the cinema's zone. */
export function refusalMessage(refusal: TicketRefusal, ticket: Ticket) {
  switch (refusal) {
    case "cancelled":
      return "This booking was cancelled.";
    case "expired":
      return "This booking expired before it was paid.";
    case "unpaid":
      return "This booking has not been paid.";
    case "too-early":
      return `Too early: check-in for this show opens at ${formatShowTime(ticket.opensAt, config.timeZone)}, ${describeMinutes(config.checkInOpensMinutes)} before it starts.`;
    case "ended":
      return `This show ended at ${formatShowTime(ticket.endsAt, config.timeZone)}.`;
    case "checked-in":
      return `Already checked in at ${formatClockTime(ticket.checkIn!.at, config.timeZone)} by ${ticket.checkIn!.staffName}`;
  }
}

/**
 * The booking an e-ticket code names and whether it may come in now: paid, not yet checked in, and from
 * CHECK_IN_OPENS_MINUTES before its show until the show ends. A code that is not genuine (or names no booking) is "invalid-code".
 */
export async function readTicket(code: string) {
  const bookingId = verifyTicketCode(code, getSessionSecrets());
  const found = bookingId ? await findTicket(await getDb(), bookingId) : null;
  if (!found) return { ok: false as const, reason: "invalid-code" as const };
  return { ok: true as const, ...found };
}

/**
 * The e-ticket code of the booking a short reference (its id's first 8 hex digits, lower case) names, for staff
 * who type the reference a customer shows them: the ticket's page then applies the same rules as a scan. The
 * reference is short, so it may match several bookings; one paid booking whose show the door is open to now is the
 * one at the door, and more than one is "ambiguous" (the full code tells them apart).
 */
export async function ticketCodeForReference(reference: string) {
  const bookings = await typed(await getDb())
    .selectFrom("bookings as b")
    .innerJoin("shows as s", "s.id", "b.show_id")
    .innerJoin("movies as m", "m.id", "s.movie_id")
    .select([
      "b.id",
      sql<boolean>`${sql.raw(bookingStatusSql("b"))} = 'paid' and now() between ${doorOpens()} and ${showEnds}`.as(
        "paidAndOpen",
      ),
    ])
    .where((eb) =>
      eb.between("b.id", `${reference}-0000-0000-0000-000000000000`, `${reference}-ffff-ffff-ffff-ffffffffffff`),
    )
    .execute();
  const atTheDoor = bookings.length === 1 ? bookings : bookings.filter((booking) => booking.paidAndOpen);
  if (bookings.length === 0) return { ok: false as const, reason: "not-found" as const };
  if (atTheDoor.length !== 1) return { ok: false as const, reason: "ambiguous" as const };
  return { ok: true as const, code: ticketCodeOf(atTheDoor[0].id) };
}

/**
 * Lets a ticket in, recording who and when, once. The booking row is locked so a cancellation waits for the check;
 * the check-in's primary key decides between two scans at the same moment, and the loser is told of the winner.
 */
export async function checkInTicket(code: string, staffUid: string) {
  const bookingId = verifyTicketCode(code, getSessionSecrets());
  if (!bookingId) return { ok: false as const, reason: "invalid-code" as const };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const found = await findTicket(tx, bookingId, { lock: true });
    if (!found) return { ok: false as const, reason: "invalid-code" as const };
    if (found.refusal) return { ok: false as const, reason: found.refusal, ticket: found.ticket };
    const inserted = await typed(tx)
      .insertInto("check_ins")
      .values({ booking_id: bookingId, staff_uid: staffUid })
      .onConflict((conflict) => conflict.column("booking_id").doNothing())
      .returning("checked_in_at")
      .execute();
    if (inserted.length === 0) {
      const winner = await findTicket(tx, bookingId);
      return { ok: false as const, reason: "checked-in" as const, ticket: winner?.ticket ?? found.ticket };
    }
    await recordStaffChange(tx, { staffUid, kind: "ticket-checked-in", subject: shortBookingId(bookingId) });
    return { ok: true as const, ticket: found.ticket };
  });
}
