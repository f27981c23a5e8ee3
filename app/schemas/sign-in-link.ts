import { z } from "zod";
import { emailField, linkCodeField, redirectToField } from "./fields";

/** Asking for a sign-in link by email. */
export const signInLinkRequestSchema = z.object({ email: emailField, redirectTo: redirectToField });

/** Signing in on the page a sign-in link opens, as the address the link was sent to. */
export const emailLinkSignInSchema = z.object({
  email: emailField,
  oobCode: linkCodeField,
  // The site's proof that it mailed this code to this address (app/services/sign-in-links.server.ts).
  proof: z.string().max(200).optional().describe("Sign-in link proof"),
  remember: z.boolean().optional().default(false).describe("Remember me"),
  redirectTo: redirectToField,
});
