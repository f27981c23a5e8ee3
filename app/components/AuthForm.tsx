import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors } from "./FormField";

type Props<Schema extends Record<string, unknown>> = {
  form: FormMetadata<Schema, string[]>;
  submitLabel: string;
  /** What the button says while the form is being sent. */
  submittingLabel: string;
  /** Where to go once the form succeeds, for the forms that take one (their schemas' `redirectTo`). */
  redirectTo?: string;
  children: ReactNode;
};

/** An account form: its fields, the messages for the whole form above them, and its one button. */
export function AuthForm<Schema extends Record<string, unknown>>({
  form,
  submitLabel,
  submittingLabel,
  redirectTo,
  children,
}: Props<Schema>) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="auth-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {redirectTo === undefined ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      {children}
      <button type="submit" className="button button-large" disabled={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </button>
    </Form>
  );
}
