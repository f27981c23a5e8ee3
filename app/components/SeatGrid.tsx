import { useState, type ChangeEvent, type KeyboardEvent } from "react";
import {
  isRow,
  layoutSeats,
  SEAT_TYPE_NAMES,
  seatInDirection,
  type HallLayout,
  type LayoutCell,
  type Seat,
  type SeatType,
} from "~/domain/hall-layout";

type SeatState = "available" | "selected" | "occupied";

type Props = {
  layout: HallLayout;
  occupied: ReadonlySet<string>;
  selected: readonly string[];
  /** With JavaScript: the page decides whether a click selects the seat (a time first, at most five). */
  onToggle?: (seat: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** With JavaScript, arrow keys move between seats along the layout and the grid is one Tab stop. */
  interactive: boolean;
};

const ARROWS: Record<string, "left" | "right" | "up" | "down"> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

/** What a seat's type shows besides its colour: a mark of its own (a standard seat shows its number only). */
const TYPE_MARKS: Record<SeatType, string> = { standard: "", premium: "P", wheelchair: "♿", companion: "C" };

const seatId = (label: string) => `seat-${label}`;

/** How a seat is announced: "Row C, seat 4, available", with its type when it is not a standard seat. */
export function seatName(seat: Pick<Seat, "row" | "number" | "type">, state: SeatState) {
  const type = seat.type === "standard" ? "" : `${SEAT_TYPE_NAMES[seat.type]}, `;
  return `Row ${seat.row}, seat ${seat.number}, ${type}${state}`;
}

/**
 * The hall as its layout draws it: rows of seats with their gaps and aisles, walkways between blocks of rows. Each
 * seat is a checkbox named `seats`, announced with its row, number, type and state; occupied seats are disabled and
 * marked with a cross, selected ones with a tick, and each type has a mark of its own, so nothing is told by colour
 * alone.
 */
export function SeatGrid({ layout, occupied, selected, onToggle, interactive }: Props) {
  const seats = layoutSeats(layout);
  const [focusable, setFocusable] = useState<string | undefined>(undefined);
  const firstFree = seats.find((seat) => !occupied.has(seat.label))?.label;
  const tabStop = focusable && !occupied.has(focusable) ? focusable : (selected[0] ?? firstFree);

  const stateOf = (label: string): SeatState =>
    occupied.has(label) ? "occupied" : selected.includes(label) ? "selected" : "available";

  const move = (event: KeyboardEvent<HTMLInputElement>, label: string) => {
    const direction = ARROWS[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = seatInDirection(seats, label, direction, (other) => occupied.has(other));
    if (!next) return;
    document.getElementById(seatId(next))?.focus();
    setFocusable(next);
  };

  const cell = (row: string, item: LayoutCell, column: number) => {
    if ("space" in item) return <span key={column} className={`seat-${item.space}`} aria-hidden="true" />;
    const label = `${row}${item.seat}`;
    const state = stateOf(label);
    return (
      <label key={column} className={`seat seat-${state} seat-type-${item.type}`}>
        <input
          type="checkbox"
          id={seatId(label)}
          name="seats"
          value={label}
          checked={state === "selected"}
          disabled={state === "occupied"}
          aria-label={seatName({ row, number: item.seat, type: item.type }, state)}
          tabIndex={interactive ? (label === tabStop ? 0 : -1) : undefined}
          onChange={(event) => onToggle?.(label, event)}
          onKeyDown={(event) => move(event, label)}
          onFocus={() => setFocusable(label)}
        />
        <span aria-hidden="true">{state === "occupied" ? "×" : state === "selected" ? "✓" : item.seat}</span>
        {TYPE_MARKS[item.type] ? (
          <span className="seat-mark" aria-hidden="true">
            {TYPE_MARKS[item.type]}
          </span>
        ) : null}
      </label>
    );
  };

  return (
    <div className="seat-blocks">
      {layout.lines.map((line, index) =>
        isRow(line) ? (
          <div key={line.row} className="seat-row">
            <span className="seat-row-label" aria-hidden="true">
              {line.row}
            </span>
            {line.cells.map((item, column) => cell(line.row, item, column))}
          </div>
        ) : (
          <div key={`walkway-${index}`} className="seat-walkway" aria-hidden="true" />
        ),
      )}
    </div>
  );
}

/** The legend: each state's look next to its name, then each seat type the hall has, with its price difference. */
export function SeatLegend({
  types,
  extraPrice,
}: {
  types: SeatType[];
  extraPrice: (type: SeatType) => string | null;
}) {
  const sample = (className: string, text: string, mark = "") => (
    <span className={`seat ${className}`} aria-hidden="true">
      <span>{text}</span>
      {mark ? <span className="seat-mark">{mark}</span> : null}
    </span>
  );
  return (
    <ul className="seat-legend" aria-label="Legend">
      <li>
        {sample("seat-available", "1")}
        Available
      </li>
      <li>
        {sample("seat-selected", "✓")}
        Selected
      </li>
      <li>
        {sample("seat-occupied", "×")}
        Occupied
      </li>
      {types
        .filter((type) => type !== "standard")
        .map((type) => (
          <li key={type}>
            {sample(`seat-available seat-type-${type}`, "1", TYPE_MARKS[type])}
            {SEAT_TYPE_NAMES[type][0].toUpperCase() + SEAT_TYPE_NAMES[type].slice(1)}
            {extraPrice(type) ? ` (${extraPrice(type)})` : null}
          </li>
        ))}
    </ul>
  );
}
