import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors, FormField } from "~/components/FormField";
import { useValidatedForm } from "~/hooks/use-validated-form";
import { cardPaymentSchema } from "~/schemas/card";

const CARD_FIELDS = [
  { name: "cardNumber", label: "Card number", autoComplete: "cc-number", placeholder: "1234 1234 1234 1234" },
  { name: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "MM/YY" },
  { name: "cvc", label: "Security code (CVC)", autoComplete: "cc-csc", placeholder: "123" },
] as const;

type Props = { attempt: string; payLabel: string };

/**
 * The test gateway's card form, posted to its page's action. A refused card keeps its number and expiry (the server
 * sends them back without JavaScript; with it they stay as typed); the security code starts empty for each attempt,
 * which `attempt` (new with each answer of the page) marks.
 */
export function CardForm({ attempt, payLabel }: Props) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm(cardPaymentSchema());
  return (
    <Form method="post" {...getFormProps(form)} className="card-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="card-fields">
        {CARD_FIELDS.map((field) => (
          <FormField
            key={field.name === "cvc" ? `cvc-${attempt}` : field.name}
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
    </Form>
  );
}
