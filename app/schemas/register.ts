import { z } from "zod";
import { emailField, passwordField, redirectToField } from "./fields";
import { NEW_PASSWORD_MIN_LENGTH } from "~/domain/password-rules";

const NAME_MAX = 100;
const TERMS_MESSAGE = "You must accept the terms and conditions";
const CONFIRM_MESSAGE = "Please confirm your password";

/** A password someone chooses (sign-up, a reset): the rules the provider's own check is the last word on. */
export const newPasswordField = passwordField(
  NEW_PASSWORD_MIN_LENGTH,
  `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`,
).regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, "Must include uppercase, lowercase, and number");

export const confirmPasswordField = z
  .string({ required_error: CONFIRM_MESSAGE, invalid_type_error: CONFIRM_MESSAGE })
  .min(1, CONFIRM_MESSAGE)
  .describe("Confirm password");

// The match check is a separate object so it runs even while other fields are still wrong:
// a form posted without JavaScript then shows every message at once.
export const passwordsMatch = z
  .object({ password: z.unknown(), confirmPassword: z.unknown() })
  .refine((form) => !form.confirmPassword || form.password === form.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** A person's name, as an account or a guest booking gives it. */
export const fullNameField = z
  .string({ required_error: "Full name is required", invalid_type_error: "Full name is required" })
  .trim()
  .min(1, "Full name is required")
  .min(2, "Name must be at least 2 characters")
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
  .describe("Full name");

export const registerSchema = z
  .object({
    fullName: fullNameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
    terms: z
      .boolean({ required_error: TERMS_MESSAGE, invalid_type_error: TERMS_MESSAGE })
      .refine((v) => v, TERMS_MESSAGE)
      .describe("Terms"),
    redirectTo: redirectToField,
  })
  .and(passwordsMatch);
