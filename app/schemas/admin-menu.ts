import { z } from "zod";
import { redirectToField } from "./fields";

/** The side menu's Hide/Show button: the state wanted, and the page to go back to without JavaScript. */
export const adminMenuSchema = z.object({
  collapsed: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .describe("Side menu"),
  redirectTo: redirectToField,
});
