import type { ChangeEvent } from "react";
import type { TypeExtras } from "~/domain/hall";
import { seatTypesOf, type HallLayout, type SeatType } from "~/domain/hall-layout";
import { formatMoney } from "~/utils/money";
import { ScaledHall, SeatGrid, SeatLegend } from "~/components/SeatGrid";

type Props = {
  /** The map's id, the anchor a chosen time lands on; with JavaScript focus moves to the map when a time is chosen. */
  id: string;
  hallName: string;
  layout: HallLayout;
  typeExtras: TypeExtras;
  occupied: ReadonlySet<string>;
  selected: readonly string[];
  /** Free seats the choice would leave alone, marked on the map and described by the elements `describedBy` names. */
  stranded: readonly string[];
  describedBy: string;
  onToggle: (seat: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** JavaScript runs: arrow keys move along the layout. */
  interactive: boolean;
  /** A time is chosen, so the seats shown are that show's. */
  timeChosen: boolean;
  /** The show's occupancy is being read again. */
  refreshing: boolean;
  /** While the hall's companion seats are kept for wheelchair users: until how long before the show ("1 hour"). */
  companionsKeptUntil: string | null;
  error: string | undefined;
  currency: string;
};

/**
 * The show's hall: its name, a legend of the states and seat types it has, then the screen over its seats, scaled to
 * the map's width (`--columns`) with a switch to zoom in to full-size seats, which then scroll sideways.
 */
export function SeatMap(props: Props) {
  const { hallName, layout, typeExtras, timeChosen, interactive, error, currency, companionsKeptUntil } = props;
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
      aria-describedby={`seat-note${companionsKeptUntil ? " companion-note" : ""} seat-error`}
    >
      <legend>Select Your Seat</legend>
      <p className="hall-name">{hallName}</p>
      <SeatLegend types={seatTypesOf(layout)} extraPrice={extraPrice} />
      {companionsKeptUntil ? (
        <p id="companion-note" className="field-note">
          A companion seat (C) goes with the wheelchair space beside it, booked together, until {companionsKeptUntil}{" "}
          before the show.
        </p>
      ) : null}
      <label className="seat-zoom">
        <input type="checkbox" role="switch" />
        Zoom in
      </label>
      <ScaledHall layout={layout}>
        <div className="screen" aria-hidden="true">
          <span>Screen</span>
        </div>
        <SeatGrid
          layout={layout}
          occupied={props.occupied}
          selected={props.selected}
          stranded={props.stranded}
          describedBy={props.describedBy}
          onToggle={props.onToggle}
          interactive={interactive}
        />
      </ScaledHall>
      <p id="seat-error" className="field-error" aria-live="polite">
        {error}
      </p>
      <p id="seat-note" className="field-note">
        {!timeChosen ? (
          "Choose a time to see which seats are free."
        ) : interactive ? (
          <>
            <span className="touch-hint">Tap up to five seats, then press Proceed.</span>
            <span className="keyboard-hint">Arrow keys move between seats; Space selects one.</span>
          </>
        ) : (
          "Tick up to five seats, then press Proceed."
        )}
      </p>
    </fieldset>
  );
}
