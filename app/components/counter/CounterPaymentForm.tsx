import { Form, useActionData, useNavigation } from "@remix-run/react";
import { TAKINGS_METHOD_LABELS } from "~/domain/counter";
import { TAKE_PAYMENT } from "~/schemas/counter";
import { formatMoney, minorUnitDigits } from "~/utils/money";

type Reply = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };

/**
 * How the customer at the counter pays the total: cash, with what they hand over (the change due is worked out when
 * it is taken), or a card on the counter's own terminal, of which nothing is typed here.
 */
export function CounterPaymentForm({ amountCents, currency }: { amountCents: number; currency: string }) {
  const reply = useActionData<Reply>();
  const busy = useNavigation().state === "submitting";
  const fieldError = (name: string) => reply?.error?.[name]?.[0];
  const formError = reply?.error?.[""]?.[0] ?? fieldError("intent");
  const posted = reply?.initialValue ?? {};
  const step = 1 / 10 ** minorUnitDigits(currency);
  return (
    <Form method="post" className="counter-payment" aria-labelledby="counter-payment-title">
      <h2 id="counter-payment-title">Payment: {formatMoney(amountCents, currency)}</h2>
      <p className="form-errors" role="alert">
        {formError}
      </p>
      <fieldset aria-describedby="counter-method-error">
        <legend>Paid by</legend>
        {(["cash", "counter-card"] as const).map((method) => (
          <label key={method} className="counter-method">
            <input
              type="radio"
              name="method"
              value={method}
              defaultChecked={(posted.method ?? "cash") === method}
              required
            />
            {TAKINGS_METHOD_LABELS[method]}
          </label>
        ))}
        <p id="counter-method-error" className="field-error" role="alert">
          {fieldError("method")}
        </p>
      </fieldset>
      <label htmlFor="counter-tendered">Cash tendered ({currency}), for cash</label>
      <input
        id="counter-tendered"
        name="tendered"
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        defaultValue={typeof posted.tendered === "string" ? posted.tendered : undefined}
        aria-invalid={fieldError("tendered") ? true : undefined}
        aria-describedby="counter-tendered-error"
      />
      <p id="counter-tendered-error" className="field-error" role="alert">
        {fieldError("tendered")}
      </p>
      <button type="submit" name="intent" value={TAKE_PAYMENT} className="button" disabled={busy}>
        {busy ? "Taking payment..." : "Take payment"}
      </button>
    </Form>
  );
}
