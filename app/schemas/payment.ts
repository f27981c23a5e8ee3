import { z } from "zod";

// The forms of paying: the site's Pay button (it sends nothing but the press) and the test gateway's second step.

export const startCheckoutSchema = z.object({});

export const SECOND_STEP_UNREADABLE = "Please choose Confirm payment or Refuse payment.";

export const secondStepSchema = z.object({
  decision: z
    .enum(["confirm", "refuse"], { required_error: SECOND_STEP_UNREADABLE, invalid_type_error: SECOND_STEP_UNREADABLE })
    .describe("Decision"),
});
