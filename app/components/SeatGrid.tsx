import { useState, type ChangeEvent, type KeyboardEvent } from "react";
import { SEAT_LABELS, SEAT_ROW_PAIRS, SEAT_ROWS, seatNumber, seatRow, SEATS_PER_ROW } from "~/domain/seat-map";

type SeatState = "available" | "selected" | "occupied";

type Props = {
  occupied: ReadonlySet<string>;
  selected: readonly string[];
  /** With JavaScript: the page decides whether a click selects the seat (a time first, at most five). */
  onToggle?: (seat: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** With JavaScript, arrow keys move between seats and the grid is one Tab stop. */
  interactive: boolean;
};

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
};

const seatId = (label: string) => `seat-${label}`;

/**
 * The hall: rows A to J of nine seats, drawn as five blocks of two rows. Each seat is a checkbox named `seats`,
 * announced as "Row C, seat 4, available" (or selected, occupied); occupied seats are disabled and marked with a
 * cross, selected ones with a tick, so no state is shown by colour alone.
 */
export function SeatGrid({ occupied, selected, onToggle, interactive }: Props) {
  const firstFree = SEAT_LABELS.find((label) => !occupied.has(label));
  const [focusable, setFocusable] = useState<string | undefined>(undefined);
  const tabStop = focusable && !occupied.has(focusable) ? focusable : (selected[0] ?? firstFree);

  const stateOf = (label: string): SeatState =>
    occupied.has(label) ? "occupied" : selected.includes(label) ? "selected" : "available";

  const move = (event: KeyboardEvent<HTMLInputElement>, label: string) => {
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    let row = SEAT_ROWS.indexOf(seatRow(label));
    let seat = seatNumber(label) - 1;
    for (;;) {
      row += step[0];
      seat += step[1];
      if (row < 0 || row >= SEAT_ROWS.length || seat < 0 || seat >= SEATS_PER_ROW) return;
      const next = `${SEAT_ROWS[row]}${seat + 1}`;
      if (occupied.has(next)) continue;
      document.getElementById(seatId(next))?.focus();
      setFocusable(next);
      return;
    }
  };

  return (
    <div className="seat-blocks">
      {SEAT_ROW_PAIRS.map((pair) => (
        <div key={pair.join("")} className="seat-block">
          {pair.map((row) => (
            <div key={row} className="seat-row">
              <span className="seat-row-label" aria-hidden="true">
                {row}
              </span>
              {seatsOf(row).map((label) => {
                const state = stateOf(label);
                return (
                  <label key={label} className={`seat seat-${state}`}>
                    <input
                      type="checkbox"
                      id={seatId(label)}
                      name="seats"
                      value={label}
                      checked={state === "selected"}
                      disabled={state === "occupied"}
                      aria-label={`Row ${row}, seat ${seatNumber(label)}, ${state}`}
                      tabIndex={interactive ? (label === tabStop ? 0 : -1) : undefined}
                      onChange={(event) => onToggle?.(label, event)}
                      onKeyDown={(event) => move(event, label)}
                      onFocus={() => setFocusable(label)}
                    />
                    <span aria-hidden="true">
                      {state === "occupied" ? "×" : state === "selected" ? "✓" : seatNumber(label)}
                    </span>
                  </label>
                );
              })}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

const seatsOf = (row: string) => SEAT_LABELS.filter((label) => seatRow(label) === row);

/** The legend: each state's look next to its name. */
export function SeatLegend() {
  return (
    <ul className="seat-legend" aria-label="Legend">
      <li>
        <span className="seat seat-available" aria-hidden="true">
          <span>1</span>
        </span>
        Available
      </li>
      <li>
        <span className="seat seat-selected" aria-hidden="true">
          <span>✓</span>
        </span>
        Selected
      </li>
      <li>
        <span className="seat seat-occupied" aria-hidden="true">
          <span>×</span>
        </span>
        Occupied
      </li>
    </ul>
  );
}
