import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FormState } from "~/hooks/use-form-reply";
import { FormErrors } from "./FormField";

type Props = {
  form: FormState;
  submitLabel: string;
  /** What the button says while the form is being sent. */
  submittingLabel: string;
  /** Where to go once the form succeeds, for the forms that take one (their schemas' `redirectTo`). */
  redirectTo?: string;
  children: ReactNode;
};

/**
 * An account form: its fields, the messages for the whole form above them, and its one button. The server checks
 * it (`noValidate`: the browser's own messages would differ from ours).
 */
export function AuthForm({ form, submitLabel, submittingLabel, redirectTo, children }: Props) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      id={form.id}
      noValidate
      aria-describedby={form.errors ? form.errorId : undefined}
      className="auth-form"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      {redirectTo === undefined ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      {children}
      <button type="submit" className="button button-large" disabled={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </button>
    </Form>
  );
}
