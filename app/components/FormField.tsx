import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldState } from "~/hooks/use-form-reply";

type Props = {
  meta: FieldState;
  label: ReactNode;
  type: "text" | "email" | "password" | "checkbox" | "number" | "date" | "time" | "datetime-local";
  autoComplete?: string;
  /** What the field asks for, shown before anything is typed. */
  note?: string;
  /** Marked so beside the label, and required by the browser without JavaScript. */
  required?: boolean;
  attributes?: Pick<InputHTMLAttributes<HTMLInputElement>, "step" | "min" | "max" | "inputMode" | "placeholder">;
};

/** A labelled input with its error message, tied together for screen readers. */
export function FormField({ meta, label, type, autoComplete, note, required, attributes }: Props) {
  const invalid = meta.errors !== undefined;
  const noteId = `${meta.id}-note`;
  const describedBy = [note && noteId, invalid && meta.errorId].filter(Boolean).join(" ");
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
      aria-describedby={describedBy || undefined}
      {...value}
      {...attributes}
      autoComplete={autoComplete}
      required={required}
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
          <label htmlFor={meta.id}>
            {label}
            {/* Screen readers hear "required" from the input itself. */}
            {required ? <span aria-hidden="true"> (required)</span> : null}
          </label>
          {note && (
            <p id={noteId} className="field-note">
              {note}
            </p>
          )}
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
