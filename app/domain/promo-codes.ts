// Promo codes (decision 44): what a code takes off a booking, and how that reads. One module for the browser and the
// server; the amounts are whole minor units, like every amount of a booking.
import { formatMoney } from "~/utils/money";
import { formatDate } from "~/utils/show-display";
import { ticketsAmountCents, type Ticket } from "./tickets";

/** What a code takes off: a percentage or a fixed amount, of the tickets of the types it names (all when none). */
export type PromoRule = { percentOff: number | null; amountOffCents: number | null; ticketTypeIds: string[] };

/**
 * The discount of a code on a booking's tickets: the percentage of the tickets it is for, seat surcharges included,
 * rounded to the nearest minor unit, or the fixed amount but never more than those tickets cost.
 */
export function promoDiscountCents(
  tickets: readonly Pick<Ticket, "typeId" | "priceCents" | "seatExtraCents">[],
  rule: PromoRule,
) {
  const named = new Set(rule.ticketTypeIds);
  const base = ticketsAmountCents(tickets.filter((ticket) => named.size === 0 || named.has(ticket.typeId)));
  if (rule.percentOff !== null) return Math.round((base * rule.percentOff) / 100);
  return Math.min(rule.amountOffCents ?? 0, base);
}

/** "20% off", "$5.00 off". */
export const describePromo = (rule: Pick<PromoRule, "percentOff" | "amountOffCents">, currency: string) =>
  rule.percentOff !== null ? `${rule.percentOff}% off` : `${formatMoney(rule.amountOffCents ?? 0, currency)} off`;

/** The days a code is valid, its first and its last (the day before it ends), as dates read: "Dec 7, 2026 to Jan 6, 2027". */
export const describeValidDays = (code: { validFrom: string; validUntil: string }, timeZone: string) =>
  `${formatDate(code.validFrom, timeZone)} to ${formatDate(new Date(Date.parse(code.validUntil) - 1).toISOString(), timeZone)}`;
