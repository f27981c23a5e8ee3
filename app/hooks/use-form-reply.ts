import { useActionData } from "@remix-run/react";
import { useId } from "react";
import type { input, ZodTypeAny } from "zod";

/** What a form's field shows: its ids, its messages and its value. Conform's field metadata is one too. */
export type FieldState = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
};

/** The messages that belong to the whole form, and where they are shown. */
export type FormState = { id: string; errorId: string; errors?: string[] };

/** The action's answer to a refused form, as `readSubmission` sends it (Conform's reply). */
type Reply = { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };

/**
 * The state of a form the server alone checks: the account forms, kept light so their pages load neither zod nor
 * Conform. The messages and values are those of the action's last answer, with JavaScript or without; the schema
 * is named only for the fields' names.
 */
export function useFormReply<Schema extends ZodTypeAny>({
  defaultValue,
}: { defaultValue?: Partial<Record<keyof input<Schema>, string>> } = {}) {
  const formId = useId();
  const reply = useActionData<Reply | undefined>();
  const values: Record<string, unknown> = reply?.initialValue ?? defaultValue ?? {};
  const errorsOf = (name: string) => reply?.error?.[name] ?? undefined;
  const form: FormState = { id: formId, errorId: `${formId}-error`, errors: errorsOf("") };
  const field = (name: keyof input<Schema> & string): FieldState => ({
    id: `${formId}-${name}`,
    name,
    formId,
    errorId: `${formId}-${name}-error`,
    errors: errorsOf(name),
    initialValue: values[name],
  });
  return [form, field] as const;
}
