import { recordStaffChange } from "./staff-changes.server";
import { config, getSessionSecrets } from "~/config.server";
import { bookingStatusSql } from "~/models/booking-rules.server";
import { userNameSql } from "~/models/users.server";
import { shortBookingId, type BookingStatus } from "~/domain/booking";
import type { Discount, Ticket as SoldTicket } from "~/domain/tickets";
import { DISCOUNT_SQL, TICKETS_SQL } from "~/models/bookings.server";
import { getDb, type Queryable } from "~/services/db.server";
import { verifyTicketCode } from "~/services/tickets.server";
import { ticketCodeOf } from "~/models/e-tickets.server";
import { describeMinutes } from "~/utils/format";
import { formatClockTime, formatShowTime } from "~/utils/show-display";

/** What the door sees of an e-ticket's booking. */
export type Ticket = {
  bookingId: string;
  title: string;
  hallName: string;
  posterPath: string;
  startsAt: string;
  /** When the door starts letting this show's tickets in: CHECK_IN_OPENS_MINUTES before it starts. */
  opensAt: string;
  /** When the show ends (its start and the film's runtime); the door lets no one in after. */
  endsAt: string;
  seats: string[];
  /** What each seat was sold as, so the door can ask a child's age. */
  tickets: SoldTicket[];
  discount: Discount | null;
  customerName: string;
  amountCents: number;
  status: BookingStatus;
  checkIn: { at: string; staffName: string } | null;
};

/** Why a genuine ticket cannot be let in now. */
export type TicketRefusal = "cancelled" | "expired" | "unpaid" | "checked-in" | "too-early" | "ended";

/** SQL, of a show `s` and its movie `m`: when the door opens to it (`minutesParam` before it starts), and its end. */
const doorOpensSql = (minutesParam: string) => `s.starts_at - make_interval(mins => ${minutesParam})`;
const SHOW_ENDS_SQL = "s.starts_at + make_interval(mins => m.runtime)";

type TicketRow = Omit<Ticket, "startsAt" | "opensAt" | "endsAt" | "checkIn"> & {
  startsAt: Date;
  opensAt: Date;
  endsAt: Date;
  /** Where the database's clock stands against the door's window: before it, in it, or after the show. */
  window: "before" | "open" | "after";
  checkedInAt: Date | null;
  staffName: string | null;
};

async function findTicket(db: Queryable, bookingId: string, { lock = false } = {}) {
  const [row] = await db.query<TicketRow>(
    `select b.id as "bookingId", m.title, h.name as "hallName", m.poster_path as "posterPath", s.starts_at as "startsAt",
       b.seats, ${TICKETS_SQL("b")} as tickets, ${DISCOUNT_SQL("b")} as discount,
       ${userNameSql("u")} as "customerName", b.amount_cents as "amountCents", ${bookingStatusSql("b")} as status,
       ${doorOpensSql("$2")} as "opensAt", ${SHOW_ENDS_SQL} as "endsAt",
       case when now() < ${doorOpensSql("$2")} then 'before' when now() > ${SHOW_ENDS_SQL} then 'after'
            else 'open' end as "window",
       c.checked_in_at as "checkedInAt", ${userNameSql("staff")} as "staffName"
     from bookings b join shows s on s.id = b.show_id join movies m on m.id = s.movie_id join halls h on h.id = s.hall_id
       join users u on u.uid = b.user_uid
       left join check_ins c on c.booking_id = b.id left join users staff on staff.uid = c.staff_uid
     where b.id = $1 ${lock ? "for update of b" : ""}`,
    [bookingId, config.checkInOpensMinutes],
  );
  if (!row) return null;
  const { window, checkedInAt, staffName, ...ticket } = row;
  const checkIn = checkedInAt ? { at: new Date(checkedInAt).toISOString(), staffName: staffName ?? "" } : null;
  const found: Ticket = {
    ...ticket,
    startsAt: new Date(ticket.startsAt).toISOString(),
    opensAt: new Date(ticket.opensAt).toISOString(),
    endsAt: new Date(ticket.endsAt).toISOString(),
    checkIn,
  };
  return { ticket: found, refusal: refusalOf(found, window) };
}

function refusalOf(ticket: Ticket, window: TicketRow["window"]): TicketRefusal | null {
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
  const db = await getDb();
  const bookings = await db.query<{ id: string; paidAndOpen: boolean }>(
    `select b.id, ${bookingStatusSql("b")} = 'paid' and now() between ${doorOpensSql("$3")} and ${SHOW_ENDS_SQL}
         as "paidAndOpen"
     from bookings b join shows s on s.id = b.show_id join movies m on m.id = s.movie_id
     where b.id between $1::uuid and $2::uuid`,
    [
      `${reference}-0000-0000-0000-000000000000`,
      `${reference}-ffff-ffff-ffff-ffffffffffff`,
      config.checkInOpensMinutes,
    ],
  );
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
    const inserted = await tx.query(
      `insert into check_ins (booking_id, staff_uid) values ($1, $2) on conflict (booking_id) do nothing
       returning checked_in_at`,
      [bookingId, staffUid],
    );
    if (inserted.length === 0) {
      const winner = await findTicket(tx, bookingId);
      return { ok: false as const, reason: "checked-in" as const, ticket: winner?.ticket ?? found.ticket };
    }
    await recordStaffChange(tx, { staffUid, kind: "ticket-checked-in", subject: shortBookingId(bookingId) });
    return { ok: true as const, ticket: found.ticket };
  });
}
