import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldState } from "~/hooks/use-form-reply";

type Props = {
  meta: FieldState;
  label: ReactNode;
  type: "text" | "email" | "password" | "checkbox" | "number" | "date" | "datetime-local";
  autoComplete?: string;
  attributes?: Pick<InputHTMLAttributes<HTMLInputElement>, "step" | "min" | "max" | "inputMode" | "placeholder">;
};

/** A labelled input with its error message, tied together for screen readers. */
export function FormField({ meta, label, type, autoComplete, attributes }: Props) {
  const invalid = meta.errors !== undefined;
  const value =
    type === "checkbox"
      ? { value: "on", defaultChecked: meta.initialValue === "on" }
      : { defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined };
  const input = (
    <input
      id={meta.id}
      name={meta.name}
      form={meta.formId}
      type={type}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? meta.errorId : undefined}
      {...value}
      {...attributes}
      autoComplete={autoComplete}
    />
  );
  return (
    <div className={type === "checkbox" ? "field field-checkbox" : "field"}>
      {type === "checkbox" ? (
        <label htmlFor={meta.id}>
          {input} <span>{label}</span>
        </label>
      ) : (
        <>
          <label htmlFor={meta.id}>{label}</label>
          {input}
        </>
      )}
      <p id={meta.errorId} className="field-error">
        {meta.errors?.[0]}
      </p>
    </div>
  );
}

/** Errors that belong to the whole form, such as a failed sign-in. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="form-errors" role="alert">
      {errors?.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
