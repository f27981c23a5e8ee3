import { z } from "zod";
import { MAX_TICKET_TYPES } from "~/domain/tickets";
import { PRICE_LIST_CHANGED, priceProblem } from "./add-show";
import { perCurrency } from "./amount-fields";

export const NO_TYPE_SOLD = "Please give at least one ticket type a price";

/**
 * A show's prices changed after it was made, in `currency`: a price per ticket type on sale, beside the type it is
 * for; an empty one means the show no longer sells that type.
 */
function buildSchema(currency: string) {
  return z
    .object({
      priceTypes: z
        .array(z.string().uuid(PRICE_LIST_CHANGED), { required_error: PRICE_LIST_CHANGED })
        .max(MAX_TICKET_TYPES, PRICE_LIST_CHANGED)
        .describe("Ticket types"),
      prices: z
        .array(
          z
            .string()
            .trim()
            .superRefine((price, context) => {
              const problem = priceProblem(price, currency);
              if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
            })
            .optional(),
        )
        .max(MAX_TICKET_TYPES, PRICE_LIST_CHANGED)
        // Every field left empty: no list at all.
        .default([])
        .describe("Prices"),
    })
    .superRefine((form, context) => {
      const refuse = (message: string) => context.addIssue({ code: z.ZodIssueCode.custom, path: ["prices"], message });
      if (form.prices.length > form.priceTypes.length) refuse(PRICE_LIST_CHANGED);
      else if (!form.prices.some((price) => price !== undefined)) refuse(NO_TYPE_SOLD);
    });
}

export const showPricesSchema = perCurrency(buildSchema);
