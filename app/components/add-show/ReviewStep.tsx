import { CREATE_SHOW } from "~/schemas/add-show";
import { plural } from "~/utils/format";
import { formatMoney } from "~/utils/money";

type Props = {
  movieTitle: string | null;
  hallName: string | null;
  /** Each ticket type's price in minor units, when every one is valid. */
  prices: { name: string; cents: number }[] | null;
  currency: string;
  /** The shows' format in words: "3D · Subtitled". */
  format: string;
  showCount: number;
  dayCount: number;
  /** With JavaScript, Create Show waits until everything is set and no other step is on its way. */
  disabled: boolean;
};

/** Add Shows' last step: what will be created, and Create Show. */
export function ReviewStep({ movieTitle, hallName, prices, currency, format, showCount, dayCount, disabled }: Props) {
  return (
    <fieldset className="add-show-step">
      <legend>Review</legend>
      <dl className="review">
        <dt>Movie</dt>
        <dd>{movieTitle ?? "Not selected"}</dd>
        <dt>Hall</dt>
        <dd>{hallName ?? "Not selected"}</dd>
        <dt>Prices</dt>
        <dd>
          {prices === null
            ? "Not set"
            : prices.map((price) => `${price.name} ${formatMoney(price.cents, currency)}`).join(" · ")}
        </dd>
        <dt>Format</dt>
        <dd>{format}</dd>
        <dt>Shows</dt>
        <dd>{showCount ? `${plural(showCount, "show")} on ${plural(dayCount, "date")}` : "None yet"}</dd>
      </dl>
      <button type="submit" name="intent" value={CREATE_SHOW} className="button button-large" disabled={disabled}>
        Create Show
      </button>
    </fieldset>
  );
}
