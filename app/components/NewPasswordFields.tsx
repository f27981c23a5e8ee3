import type { FieldState } from "~/hooks/use-form-reply";
import { NEW_PASSWORD_RULES } from "~/domain/password-rules";
import { FormField } from "./FormField";

type Props = {
  field: (name: "password" | "confirmPassword") => FieldState;
  /** "Password" when the account is new, "New password" when it is changed. */
  passwordLabel: string;
};

/** A new password and its confirmation, as sign-up and password reset ask for them. */
export function NewPasswordFields({ field, passwordLabel }: Props) {
  return (
    <>
      <FormField
        meta={field("password")}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        note={NEW_PASSWORD_RULES}
      />
      <FormField meta={field("confirmPassword")} label="Confirm password" type="password" autoComplete="new-password" />
    </>
  );
}
