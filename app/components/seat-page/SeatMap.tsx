import type { ChangeEvent } from "react";
import type { TypeExtras } from "~/domain/hall";
import { seatTypesOf, type HallLayout, type SeatType } from "~/domain/hall-layout";
import { formatMoney } from "~/utils/money";
import { SeatGrid, SeatLegend } from "~/components/SeatGrid";

type Props = {
  /** The map's id, the anchor a chosen time lands on; with JavaScript focus moves to the map when a time is chosen. */
  id: string;
  hallName: string;
  layout: HallLayout;
  typeExtras: TypeExtras;
  occupied: ReadonlySet<string>;
  selected: readonly string[];
  /** Free seats the choice would leave alone, marked on the map and described by `error`. */
  stranded: readonly string[];
  onToggle: (seat: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** JavaScript runs: arrow keys move along the layout. */
  interactive: boolean;
  /** A time is chosen, so the seats shown are that show's. */
  timeChosen: boolean;
  /** The show's occupancy is being read again. */
  refreshing: boolean;
  error: string | undefined;
  currency: string;
};

/** The show's hall: its name, the screen, a legend of the states and seat types it has, and its seats. */
export function SeatMap(props: Props) {
  const { hallName, layout, typeExtras, timeChosen, interactive, error, currency } = props;
  const extraPrice = (type: SeatType) => {
    const extra = typeExtras[type] ?? 0;
    return extra > 0 ? `+${formatMoney(extra, currency)}` : null;
  };
  return (
    <fieldset
      id={props.id}
      tabIndex={-1}
      className="seat-map"
      aria-busy={props.refreshing}
      aria-describedby="seat-note seat-error"
    >
      <legend>Select Your Seat</legend>
      <p className="hall-name">{hallName}</p>
      <div className="screen" aria-hidden="true">
        <span>Screen</span>
      </div>
      <SeatLegend types={seatTypesOf(layout)} extraPrice={extraPrice} />
      <SeatGrid
        layout={layout}
        occupied={props.occupied}
        selected={props.selected}
        stranded={props.stranded}
        describedBy="seat-error"
        onToggle={props.onToggle}
        interactive={interactive}
      />
      <p id="seat-note" className="field-note">
        {!timeChosen
          ? "Choose a time to see which seats are free."
          : interactive
            ? "Arrow keys move between seats; Space selects one."
            : "Tick up to five seats, then press Proceed."}
      </p>
      <p id="seat-error" className="field-error" aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}
