import { Form, useFetcher } from "@remix-run/react";
import type { Booking } from "~/domain/booking";
import { formatDiscount } from "~/domain/tickets";
import { useHydrated } from "~/hooks/use-hydrated";
import { APPLY_CODE, REMOVE_CODE } from "~/schemas/promo-code";

type Reply = { error?: Record<string, string[] | null> | null };

type Props = {
  booking: Pick<Booking, "id" | "discount">;
  currency: string;
  /** The refusal of the last code posted without JavaScript. */
  reply?: Reply;
  /** Where the code is posted: the booking's promo code step unless said (the box office counter's own). */
  action?: string;
};

/**
 * A held booking's promo code: a field and Apply, or the code's discount and Remove. The server works out the
 * discount and the total; with JavaScript the form posts in place, without it the page answers.
 */
export function PromoCode({ booking, currency, reply, action = `/my-bookings/${booking.id}/promo` }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<Reply>();
  const message = Object.values((fetcher.data ?? reply)?.error ?? {})
    .flat()
    .find((text): text is string => Boolean(text));
  const FormElement = hydrated ? fetcher.Form : Form;
  const busy = fetcher.state !== "idle";
  return (
    <FormElement method="post" action={action} className="promo-code" aria-describedby="promo-code-error">
      {booking.discount ? (
        <p className="promo-code-applied">
          <span>{formatDiscount(booking.discount, currency)}</span>
          <button
            type="submit"
            name="intent"
            value={REMOVE_CODE}
            className="button button-ghost button-small"
            disabled={busy}
          >
            Remove code
          </button>
        </p>
      ) : (
        <div className="promo-code-entry">
          <label htmlFor="promo-code">Promo code</label>
          <input
            id="promo-code"
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            aria-invalid={message ? true : undefined}
            aria-describedby="promo-code-error"
          />
          <button type="submit" name="intent" value={APPLY_CODE} className="button button-ghost" disabled={busy}>
            Apply
          </button>
        </div>
      )}
      <p id="promo-code-error" className="field-error" role="alert">
        {message}
      </p>
    </FormElement>
  );
}
