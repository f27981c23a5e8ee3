import { z } from "zod";
import { MAX_SEATS_PER_BOOKING } from "~/domain/seat-limits";
import { MAX_TICKET_TYPES, TICKET_TYPE_NOT_OFFERED, type TicketCounts } from "~/domain/tickets";

export const TICKET_COUNT_INVALID = `Please choose from 0 to ${MAX_SEATS_PER_BOOKING} tickets of a type.`;

/**
 * The ticket types of a booking at checkout: how many tickets of each type, each count beside the type it is for.
 * Whether they fit the booking (a type the show sells, one ticket a seat) is the model's to say.
 */
export const ticketChoiceSchema = z
  .object({
    types: z
      .array(z.string().uuid(TICKET_TYPE_NOT_OFFERED))
      .max(MAX_TICKET_TYPES, TICKET_TYPE_NOT_OFFERED)
      .describe("Ticket types"),
    counts: z
      .array(
        z
          .string()
          .regex(new RegExp(`^[0-${MAX_SEATS_PER_BOOKING}]$`), TICKET_COUNT_INVALID)
          .transform(Number),
      )
      .max(MAX_TICKET_TYPES, TICKET_COUNT_INVALID)
      .describe("Tickets"),
  })
  .refine((form) => form.types.length === form.counts.length && new Set(form.types).size === form.types.length, {
    message: TICKET_TYPE_NOT_OFFERED,
  });

/** The counts of a checked form, by type id. */
export function countsByType(form: { types: string[]; counts: number[] }): TicketCounts {
  return Object.fromEntries(form.types.map((type, index) => [type, form.counts[index]]));
}
