import type { PayRefusal } from "~/domain/booking";
import { seatPriceCents, type TypeExtras } from "~/domain/hall";
import type { Seat } from "~/domain/hall-layout";
import { assignTypes, countsProblem, type CountsProblem, type Ticket, type TicketCounts } from "~/domain/tickets";
import { sql } from "kysely";
import { getDb, type Queryable } from "~/services/db.server";
import { compiledOnce, typed } from "~/services/typed-db.server";
import { lockPayableBooking } from "./bookings.server";
import { discountedAmount } from "./promo-codes.server";
import { showOffer, type StandardTicket } from "./ticket-types.server";

// A booking's tickets (decision 42): what each seat is sold as, at the price of that moment. A booking starts with
// every seat as the show's standard type; its customer may change the types until it is paid.

/** The tickets of a new booking: each seat as the standard type, with its seat's surcharge in the hall. */
export function standardTickets(
  seats: readonly Pick<Seat, "label" | "type">[],
  standard: StandardTicket,
  extras: TypeExtras,
): Ticket[] {
  return seats.map((seat) => ({
    seat: seat.label,
    seatType: seat.type,
    typeId: standard.id,
    typeName: standard.name,
    priceCents: standard.priceCents,
    seatExtraCents: seatPriceCents(standard.priceCents, seat.type, extras) - standard.priceCents,
  }));
}

/** Writes a new booking's tickets: on the booking post's path, compiled once (decision 64). */
const insertTickets = compiledOnce(
  (
    db,
    p: {
      bookingId: string;
      seats: string[];
      seatTypes: string[];
      typeIds: string[];
      typeNames: string[];
      pricesCents: number[];
      seatExtrasCents: number[];
    },
  ) =>
    db
      .insertInto("booking_tickets")
      .columns(["booking_id", "seat", "seat_type", "ticket_type_id", "type_name", "price_cents", "seat_extra_cents"])
      .expression(
        sql`select ${p.bookingId}, * from unnest(${p.seats}::text[], ${p.seatTypes}::text[], ${p.typeIds}::uuid[],
          ${p.typeNames}::text[], ${p.pricesCents}::int[], ${p.seatExtrasCents}::int[])`,
      ),
);

export async function writeTickets(tx: Queryable, bookingId: string, tickets: readonly Ticket[]) {
  await insertTickets(tx, {
    bookingId,
    seats: tickets.map((t) => t.seat),
    seatTypes: tickets.map((t) => t.seatType),
    typeIds: tickets.map((t) => t.typeId),
    typeNames: tickets.map((t) => t.typeName),
    pricesCents: tickets.map((t) => t.priceCents),
    seatExtrasCents: tickets.map((t) => t.seatExtraCents),
  });
}

export type TicketChangeFailure =
  | { reason: "not-found" }
  | { reason: "already-paid" }
  | { reason: Exclude<PayRefusal, "already-paid"> }
  | { reason: "counts"; problem: CountsProblem };

/**
 * Sets how many tickets of each type an unpaid booking has, at the show's prices now, and its amount with them (less
 * its promo code's discount, worked out again for them; `droppedCode` names a code they leave worth nothing, taken
 * off). The booking's row is locked first, so a payment under way either charges the amount before the change or
 * waits for it.
 */
export async function changeTicketTypes(
  userUid: string,
  bookingId: string,
  counts: TicketCounts,
): Promise<{ ok: true; droppedCode?: string } | ({ ok: false } & TicketChangeFailure)> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockPayableBooking(tx, userUid, bookingId);
    if (!locked.ok) return locked;
    const { booking } = locked;
    const { types, certificate } = await showOffer(tx, booking.showId);
    const problem = countsProblem(counts, booking.tickets.length, types, certificate);
    if (problem) return { ok: false as const, reason: "counts" as const, problem };
    const assigned = assignTypes(
      booking.tickets.map((ticket) => ticket.seat),
      counts,
      types,
    );
    const tickets = booking.tickets.map((ticket, index) => {
      const { type } = assigned[index];
      return { ...ticket, typeId: type.id, typeName: type.name, priceCents: type.priceCents };
    });
    await typed(tx).deleteFrom("booking_tickets").where("booking_id", "=", booking.id).execute();
    await writeTickets(tx, booking.id, tickets);
    const { amountCents, droppedCode } = await discountedAmount(tx, booking.id, tickets);
    await typed(tx).updateTable("bookings").set({ amount_cents: amountCents }).where("id", "=", booking.id).execute();
    return droppedCode ? { ok: true as const, droppedCode } : { ok: true as const };
  });
}
