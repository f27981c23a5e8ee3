import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors, FormField } from "~/components/FormField";
import { useValidatedForm } from "~/hooks/use-validated-form";
import { checkoutSchema } from "~/schemas/checkout";

const CARD_FIELDS = [
  { name: "cardNumber", label: "Card number", autoComplete: "cc-number", placeholder: "1234 1234 1234 1234" },
  { name: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "MM/YY" },
  { name: "cvc", label: "Security code (CVC)", autoComplete: "cc-csc", placeholder: "123" },
] as const;

type Props = { attemptToken: string; payLabel: string; providerLabel: string };

/**
 * The card, posted to the checkout's action. A refused card keeps its number and expiry (the server sends them back
 * without JavaScript; with it they stay as typed); the security code starts empty for each attempt, which the
 * one-time attempt token marks.
 */
export function CardForm({ attemptToken, payLabel, providerLabel }: Props) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm(checkoutSchema());
  return (
    <Form method="post" {...getFormProps(form)} className="card-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name={fields.attemptToken.name} value={attemptToken} />
      <div className="card-fields">
        {CARD_FIELDS.map((field) => (
          <FormField
            key={field.name === "cvc" ? `cvc-${attemptToken}` : field.name}
            meta={fields[field.name]}
            label={field.label}
            type="text"
            autoComplete={field.autoComplete}
            attributes={{ inputMode: "numeric", placeholder: field.placeholder }}
          />
        ))}
      </div>
      <button type="submit" className="button button-large" disabled={submitting}>
        {submitting ? "Paying..." : payLabel}
      </button>
      <p className="field-note">
        {providerLabel}: we keep only the last four digits of your card and the payment&apos;s reference.
      </p>
    </Form>
  );
}
