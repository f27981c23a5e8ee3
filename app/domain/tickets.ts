// Ticket types and a booking's tickets: what each seat was sold as and for how much (decision 42). One module for the
// browser and the server; every amount is whole minor units, added up here and nowhere else.
import { formatMoney } from "~/utils/money";
import { ageProblem, ageProblemMessage, type AgeProblem, type Certificate } from "./age-ratings";
import { SEAT_TYPE_NAMES, type SeatType } from "./hall-layout";

/** A type on the price list: Adult, Child, ... with the rule customers are shown ("Under 12"). */
export type TicketType = {
  id: string;
  name: string;
  rule: string;
  priceCents: number;
  /** The oldest age the type is for (Child: 11), or null for any age; see age-ratings.ts. */
  maxAge: number | null;
  retired: boolean;
};

/** A type a show sells, at the show's price for it. */
export type OfferedType = Pick<TicketType, "id" | "name" | "rule" | "priceCents" | "maxAge">;

/** What a show sells: its types at its prices, in the list's order, and its film's certificate, which may bar some. */
export type ShowOffer = { types: OfferedType[]; certificate: Certificate | null };

/** One ticket of a booking, as it was sold. */
export type Ticket = {
  seat: string;
  seatType: SeatType;
  typeId: string;
  typeName: string;
  priceCents: number;
  /** The seat's surcharge in its hall (a premium seat) when it was sold. */
  seatExtraCents: number;
};

/** A booking's amount: its tickets' prices and seat surcharges added up. */
export function ticketsAmountCents(tickets: readonly Pick<Ticket, "priceCents" | "seatExtraCents">[]) {
  const amount = tickets.reduce((sum, ticket) => sum + ticket.priceCents + ticket.seatExtraCents, 0);
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`A booking's amount must be a whole, non-negative number of minor units, not ${amount}`);
  return amount;
}

/** How many tickets of each type, by type id. */
export type TicketCounts = Record<string, number>;

/**
 * Each seat's type, from counts per type: the types in the show's order, the seats in hall order (the first seats
 * Adult, the next Child). Which seat is which type changes no price, since a surcharge belongs to the seat.
 */
export function assignTypes<T extends Pick<OfferedType, "id">>(
  seats: readonly string[],
  counts: TicketCounts,
  offered: readonly T[],
) {
  const queue = offered.flatMap((type) => Array.from({ length: counts[type.id] ?? 0 }, () => type));
  return seats.map((seat, index) => ({ seat, type: queue[index] }));
}

export type CountsProblem = { reason: "not-offered" } | { reason: "wrong-total"; seatCount: number } | AgeProblem;

/**
 * Why these counts cannot be a booking's tickets: a type the show does not sell, not one ticket per seat, or types the
 * film's certificate does not allow. `offered` are the show's types, those the certificate bars included.
 */
export function countsProblem(
  counts: TicketCounts,
  seatCount: number,
  offered: readonly Pick<OfferedType, "id" | "name" | "maxAge">[],
  certificate: Certificate | null,
): CountsProblem | null {
  const offeredIds = new Set(offered.map((type) => type.id));
  if (Object.entries(counts).some(([id, count]) => count > 0 && !offeredIds.has(id))) return { reason: "not-offered" };
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (total !== seatCount) return { reason: "wrong-total", seatCount };
  const chosen = offered.filter((type) => (counts[type.id] ?? 0) > 0);
  return ageProblem(chosen, offered, certificate);
}

export const TICKET_TYPE_NOT_OFFERED = "That ticket type is not sold for this show. Please choose from the list.";

/** What the customer is told of counts that do not fit their booking. */
export function countsProblemMessage(problem: CountsProblem) {
  if (problem.reason === "not-offered") return TICKET_TYPE_NOT_OFFERED;
  if (problem.reason === "barred" || problem.reason === "unaccompanied") return ageProblemMessage(problem);
  const seats = problem.seatCount === 1 ? "1 seat" : `${problem.seatCount} seats`;
  return `Please choose a ticket type for each of your ${seats}: the numbers must add up to ${problem.seatCount}.`;
}

/** The counts of a booking's tickets, by type id. */
export function countsOf(tickets: readonly Pick<Ticket, "typeId">[]): TicketCounts {
  const counts: TicketCounts = {};
  for (const ticket of tickets) counts[ticket.typeId] = (counts[ticket.typeId] ?? 0) + 1;
  return counts;
}

/** A line of a booking as people read it: "2 × Adult" at a price each, or a surcharge added. */
export type TicketLine =
  | { kind: "type"; typeName: string; count: number; priceCents: number }
  | { kind: "extra"; seatType: SeatType; count: number; priceCents: number };

/**
 * A booking's tickets as lines: one per type and price, in the order first sold ("2 × Adult $65.00, 1 × Child
 * $45.00"), then the seat surcharges ("1 × Premium seat +$3.00"). The lines add up to the amount.
 */
export function ticketLines(tickets: readonly Ticket[]): TicketLine[] {
  const lines: TicketLine[] = [];
  for (const ticket of tickets) {
    const same = lines.find(
      (line) => line.kind === "type" && line.typeName === ticket.typeName && line.priceCents === ticket.priceCents,
    );
    if (same) same.count += 1;
    else lines.push({ kind: "type", typeName: ticket.typeName, count: 1, priceCents: ticket.priceCents });
  }
  for (const ticket of tickets) {
    if (ticket.seatExtraCents === 0) continue;
    const same = lines.find(
      (line) => line.kind === "extra" && line.seatType === ticket.seatType && line.priceCents === ticket.seatExtraCents,
    );
    if (same) same.count += 1;
    else lines.push({ kind: "extra", seatType: ticket.seatType, count: 1, priceCents: ticket.seatExtraCents });
  }
  return lines;
}

/** A kind of seat as a line starts it: "Premium seat". */
export function seatTypeLabel(seatType: SeatType) {
  const name = SEAT_TYPE_NAMES[seatType];
  return `${name[0].toUpperCase()}${name.slice(1)}`;
}

/** A line as the pages, the mails and the CSV write it: "2 × Adult $65.00", "1 × Premium seat +$3.00". */
export function formatTicketLine(line: TicketLine, currency: string) {
  if (line.kind === "type") return `${line.count} × ${line.typeName} ${formatMoney(line.priceCents, currency)}`;
  return `${line.count} × ${seatTypeLabel(line.seatType)} +${formatMoney(line.priceCents, currency)}`;
}

/** A promo code's discount on a booking (decision 44), as its lines show it. */
export type Discount = { code: string; cents: number };

/** The discount as a line of the booking: "Code SPRING −$5.00". */
export const formatDiscount = (discount: Discount, currency: string) =>
  `Code ${discount.code} −${formatMoney(discount.cents, currency)}`;

/**
 * A booking's tickets in one line of text, and its discount if it has one: "2 × Adult $65.00, 1 × Child $45.00,
 * 1 × Premium seat +$3.00, Code SPRING −$5.00".
 */
export const formatTickets = (tickets: readonly Ticket[], currency: string, discount: Discount | null = null) =>
  [
    ...ticketLines(tickets).map((line) => formatTicketLine(line, currency)),
    ...(discount ? [formatDiscount(discount, currency)] : []),
  ].join(", ");

/** More ticket types than a price list could sensibly have: the most a form may send. */
export const MAX_TICKET_TYPES = 20;

/**
 * A booking's seats, then its tickets counted by type, no prices (the amount is beside it): "F3, F4 · 2 × Adult",
 * as List Bookings shows them.
 */
export function formatSeatsAndTickets(seats: readonly string[], tickets: readonly Pick<Ticket, "typeName">[]) {
  const counts = new Map<string, number>();
  for (const { typeName } of tickets) counts.set(typeName, (counts.get(typeName) ?? 0) + 1);
  const types = [...counts].map(([typeName, count]) => `${count} × ${typeName}`).join(", ");
  return types ? `${seats.join(", ")} · ${types}` : seats.join(", ");
}
