import { z } from "zod";
import { cardPaymentSchema } from "./card";

export const CHECKOUT_EXPIRED = "This checkout was open for too long. Please enter your card again.";

/** The checkout form: the card, and the one-time token that makes the same form posted twice one charge. */
export function checkoutSchema(now = new Date()) {
  return cardPaymentSchema(now).extend({
    attemptToken: z.string({ required_error: CHECKOUT_EXPIRED }).uuid(CHECKOUT_EXPIRED).describe("Form token"),
  });
}
