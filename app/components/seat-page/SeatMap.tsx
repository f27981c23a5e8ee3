import type { ChangeEvent } from "react";
import type { TypeExtras } from "~/domain/hall";
import { seatTypesOf, type HallLayout, type SeatType } from "~/domain/hall-layout";
import { formatMoney } from "~/utils/money";
import { SeatGrid, SeatLegend } from "~/components/SeatGrid";

type Props = {
  hallName: string;
  layout: HallLayout;
  typeExtras: TypeExtras;
  occupied: ReadonlySet<string>;
  selected: readonly string[];
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
    <fieldset className="seat-map" aria-busy={props.refreshing} aria-describedby="seat-note seat-error">
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
      <p id="seat-error" className="field-error">
        {error}
      </p>
    </fieldset>
  );
}
