import { formatMoney } from "~/utils/money";

/** Why Proceed waits: the description of Proceed and of a seat the choice would leave alone. */
export const PROCEED_NOTE_ID = "proceed-note";

type Props = {
  seats: readonly string[];
  totalCents: number;
  currency: string;
  formErrors: string[] | null | undefined;
  /** With JavaScript, why Proceed waits (a time, seats, a seat the choice would leave alone), with the way out. */
  waitingFor: string | undefined;
  /** With JavaScript, Proceed waits for a time and seats, and for the post on its way. */
  disabled: boolean;
  submitting: boolean;
};

/**
 * The seats chosen, their total, why Proceed waits or the booking was refused, and Proceed: after the seat map, so Tab
 * goes from the seats to Proceed; on a phone a bar fixed at the bottom of the screen.
 */
export function SeatChoice({ seats, totalCents, currency, formErrors, waitingFor, disabled, submitting }: Props) {
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
      <p id={PROCEED_NOTE_ID} className="proceed-note" aria-live="polite">
        {waitingFor}
      </p>
      <button
        type="submit"
        className="button button-large"
        disabled={disabled}
        aria-describedby={`${PROCEED_NOTE_ID} seat-form-errors`}
      >
        {submitting ? "Booking..." : "Proceed"}
      </button>
    </div>
  );
}
