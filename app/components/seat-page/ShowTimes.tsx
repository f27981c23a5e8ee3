import type { Show } from "~/domain/show";
import { describeFormat } from "~/domain/show-format";
import { formatMoney } from "~/utils/money";

type Props = {
  /** Each with its start in words, in the cinema's zone ("6:45 PM"). */
  shows: (Show & { time: string })[];
  chosen: string;
  onChoose: (showId: string) => void;
  error: string | undefined;
  /** Where the time chosen without JavaScript is sent: the seat page's own address, at its seat map. */
  seatMapUrl: string;
  currency: string;
};

/** The day's show times as radios, each with its hall, format and price; without JavaScript a button asks for its seats. */
export function ShowTimes({ shows, chosen, onChoose, error, seatMapUrl, currency }: Props) {
  return (
    <fieldset className="show-times" aria-describedby={error ? "time-error" : undefined}>
      <legend>Available Timings</legend>
      {shows.map((show) => (
        <label key={show.id} className="choice show-time">
          <input
            type="radio"
            name="time"
            value={show.id}
            checked={chosen === show.id}
            onChange={() => onChoose(show.id)}
          />
          <span>{show.time}</span>
          <small>
            {show.hallName} · {describeFormat(show)} · {formatMoney(show.priceCents, currency)} a seat
          </small>
        </label>
      ))}
      <noscript>
        <button type="submit" formMethod="get" formAction={seatMapUrl} className="button button-ghost button-small">
          Show seats for this time
        </button>
      </noscript>
      <p id="time-error" className="field-error">
        {error}
      </p>
    </fieldset>
  );
}
