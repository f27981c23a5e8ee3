import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useActionData } from "@remix-run/react";
import type { input, ZodTypeAny } from "zod";

/**
 * Conform's form state for the page's own form, checked with its shared schema: a field is checked when it is left
 * and again as it is corrected, and the action's answer shows the same messages when the page has no JavaScript.
 */
export function useValidatedForm<Schema extends ZodTypeAny>(
  schema: Schema,
  {
    id,
    defaultValue,
  }: {
    /** The form's id: a new one starts the form afresh from `defaultValue`, forgetting what was posted before. */
    id?: string;
    defaultValue?: DefaultValue<input<Schema>>;
  } = {},
) {
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  return useForm<input<Schema>>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
