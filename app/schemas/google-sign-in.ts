import { z } from "zod";
import { redirectToField } from "./fields";

// Firebase ID tokens are about 1 KB; anything far larger is not one.
export const googleSignInSchema = z.object({
  idToken: z
    .string({ required_error: "Google sign-in did not finish. Please try again." })
    .min(20)
    .max(8000)
    .describe("Google sign-in token"),
  remember: z.boolean().optional().default(false).describe("Remember me"),
  redirectTo: redirectToField,
});
