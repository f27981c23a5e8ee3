import { formatMoney } from "~/utils/money";

type Props = {
  seats: readonly string[];
  totalCents: number;
  currency: string;
  formErrors: string[] | null | undefined;
  /** With JavaScript, Proceed waits for a time and seats, and for the post on its way. */
  disabled: boolean;
  submitting: boolean;
};

/**
 * The seats chosen, their total, what the booking was refused for, and Proceed: after the seat map, so Tab goes from
 * the seats to Proceed; on a phone a bar fixed at the bottom of the screen.
 */
export function SeatChoice({ seats, totalCents, currency, formErrors, disabled, submitting }: Props) {
  return (
    <div className="seat-bar">
      <dl className="seat-choice" aria-live="polite">
        <div>
          <dt>Selected Seats</dt>
          <dd>{seats.length > 0 ? seats.join(", ") : "None yet"}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(totalCents, currency)}</dd>
        </div>
      </dl>
      <div id="seat-form-errors" className="form-errors" role="alert">
        {formErrors?.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <button type="submit" className="button button-large" disabled={disabled}>
        {submitting ? "Booking..." : "Proceed"}
      </button>
    </div>
  );
}
