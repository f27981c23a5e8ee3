import { z } from "zod";

/** Retiring a film (it leaves the customer pages and Add Shows) or bringing it back: a checkbox's "on", or empty. */
export const filmStatusSchema = z.object({
  retired: z
    .string()
    .max(2)
    .optional()
    .transform((value) => value === "on")
    .describe("Retired"),
});
