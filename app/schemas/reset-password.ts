import { z } from "zod";
import { linkCodeField } from "./fields";
import { confirmPasswordField, newPasswordField, passwordsMatch } from "./register";

/** Choosing a new password on the page a reset mail's link opens: the sign-up form's password rules. */
export const resetPasswordSchema = z
  .object({
    oobCode: linkCodeField,
    password: newPasswordField.describe("New password"),
    confirmPassword: confirmPasswordField,
  })
  .and(passwordsMatch);
