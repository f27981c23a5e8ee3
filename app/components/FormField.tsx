import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";

type Props = {
  meta: FieldMetadata<string | boolean | number | undefined>;
  label: ReactNode;
  type: "text" | "email" | "password" | "checkbox" | "number" | "datetime-local";
  autoComplete?: string;
  attributes?: Pick<InputHTMLAttributes<HTMLInputElement>, "step" | "min" | "max" | "inputMode" | "placeholder">;
};

/** A labelled input with its error message, tied together for screen readers. */
export function FormField({ meta, label, type, autoComplete, attributes }: Props) {
  const { key, ...inputProps } = type === "checkbox" ? getInputProps(meta, { type }) : getInputProps(meta, { type });
  const input = <input key={key} {...inputProps} {...attributes} autoComplete={autoComplete} />;
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
