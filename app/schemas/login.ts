import { z } from "zod";
import { emailField, passwordField, redirectToField } from "./fields";

export const LOGIN_PASSWORD_MIN = 6;

export const loginSchema = z.object({
  email: emailField,
  password: passwordField(LOGIN_PASSWORD_MIN, "Password must be at least 6 characters"),
  remember: z.boolean().optional().default(false),
  redirectTo: redirectToField,
});

export type LoginInput = z.infer<typeof loginSchema>;
