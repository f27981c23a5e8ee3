import { z } from "zod";
import { emailField, passwordField, redirectToField } from "./fields";

export const loginSchema = z.object({
  email: emailField,
  password: passwordField(6, "Password must be at least 6 characters"),
  remember: z.boolean().optional().default(false).describe("Remember me"),
  redirectTo: redirectToField,
});
