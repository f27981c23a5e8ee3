import { Fragment, useState, type ChangeEvent, type CSSProperties, type KeyboardEvent, type ReactNode } from "react";
import {
  hallColumns,
  isRow,
  layoutSeats,
  SEAT_TYPE_NAMES,
  seatInDirection,
  type HallLayout,
  type LayoutCell,
  type Seat,
  type SeatType,
} from "~/domain/hall-layout";
import { escapeHtml } from "~/utils/html";

type SeatState = "available" | "selected" | "occupied";

type Props = {
  layout: HallLayout;
  occupied: ReadonlySet<string>;
  selected: readonly string[];
  /** Free seats the choice would strand: marked, and described by the message with id `describedBy`. */
  stranded?: readonly string[];
  describedBy?: string;
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
function seatName(seat: Pick<Seat, "row" | "number" | "type">, state?: SeatState) {
  const parts = [`Row ${seat.row}`, `seat ${seat.number}`];
  if (seat.type !== "standard") parts.push(SEAT_TYPE_NAMES[seat.type]);
  if (state) parts.push(state);
  return parts.join(", ");
}

type SeatCell = { seat: number; type: SeatType };

/** The rows of a hall with their gaps, aisles and walkways; each seat is drawn by `seat`. */
function HallRows({ layout, seat }: { layout: HallLayout; seat: (row: string, cell: SeatCell) => ReactNode }) {
  const place = (row: string, cell: LayoutCell, column: number) =>
    "space" in cell ? (
      <span key={column} className={`seat-${cell.space}`} aria-hidden="true" />
    ) : (
      <Fragment key={column}>{seat(row, cell)}</Fragment>
    );
  return (
    <div className="seat-blocks">
      {layout.lines.map((line, index) =>
        isRow(line) ? (
          <div key={line.row} className="seat-row">
            <span className="seat-row-label" aria-hidden="true">
              {line.row}
            </span>
            {line.cells.map((cell, column) => place(line.row, cell, column))}
          </div>
        ) : (
          <div key={`walkway-${index}`} className="seat-walkway" aria-hidden="true" />
        ),
      )}
    </div>
  );
}

/** A seat's face: its number (or an occupied seat's cross) and its type's mark. */
function SeatFace({ text, type }: { text: string | number; type: SeatType }) {
  return (
    <>
      <span aria-hidden="true">{text}</span>
      {TYPE_MARKS[type] ? (
        <span className="seat-mark" aria-hidden="true">
          {TYPE_MARKS[type]}
        </span>
      ) : null}
    </>
  );
}

/** What a seat of the grid shows, however it is drawn. */
type SeatView = {
  label: string;
  state: SeatState;
  stranded: boolean;
  className: string;
  name: string;
  face: string | number;
};

/**
 * The grid's rows as the server sends them, built as text: the same bytes React renders for `HallRows` without
 * JavaScript (no tab stops yet), which the browser's React then hydrates. Drawn through React, a hall's 150 seats took
 * about a third of a seat page's time on the server (decision 29; tests/unit/seat-grid.test.tsx keeps the two equal).
 */
function hallRowsHtml(layout: HallLayout, view: (row: string, cell: SeatCell) => SeatView, describedBy?: string) {
  const seatHtml = (row: string, cell: SeatCell) => {
    const { label, state, stranded, className, name, face } = view(row, cell);
    const mark = TYPE_MARKS[cell.type];
    return (
      `<label class="${className}"><input type="checkbox" id="${seatId(label)}" name="seats"` +
      (state === "occupied" ? ' disabled=""' : "") +
      ` aria-label="${escapeHtml(name)}"` +
      (describedBy && stranded ? ` aria-describedby="${escapeHtml(describedBy)}"` : "") +
      (state === "selected" ? ' checked=""' : "") +
      ` value="${escapeHtml(label)}"/><span aria-hidden="true">${escapeHtml(String(face))}</span>` +
      (mark ? `<span class="seat-mark" aria-hidden="true">${mark}</span>` : "") +
      "</label>"
    );
  };
  let html = "";
  for (const line of layout.lines) {
    if (!isRow(line)) {
      html += '<div class="seat-walkway" aria-hidden="true"></div>';
      continue;
    }
    html += `<div class="seat-row"><span class="seat-row-label" aria-hidden="true">${escapeHtml(line.row)}</span>`;
    for (const cell of line.cells) {
      html +=
        "space" in cell ? `<span class="seat-${cell.space}" aria-hidden="true"></span>` : seatHtml(line.row, cell);
    }
    html += "</div>";
  }
  return html;
}

/**
 * The hall as its layout draws it: rows of seats with their gaps and aisles, walkways between blocks of rows. Each
 * seat is a checkbox named `seats`, announced with its row, number, type and state; occupied seats are disabled and
 * marked with a cross, selected ones keep their number and get a tick (drawn by the style sheet), and each type has a mark of its own, so nothing is told by colour
 * alone.
 */
export function SeatGrid({ layout, occupied, selected, stranded = [], describedBy, onToggle, interactive }: Props) {
  const seats = layoutSeats(layout);
  const [focusable, setFocusable] = useState<string | undefined>(undefined);
  const firstFree = seats.find((seat) => !occupied.has(seat.label))?.label;
  const tabStop = focusable && !occupied.has(focusable) ? focusable : (selected[0] ?? firstFree);

  const view = (row: string, { seat: number, type }: SeatCell): SeatView => {
    const label = `${row}${number}`;
    const state = occupied.has(label) ? "occupied" : selected.includes(label) ? "selected" : "available";
    const isStranded = stranded.includes(label);
    return {
      label,
      state,
      stranded: isStranded,
      className: `seat seat-${state} seat-type-${type}${isStranded ? " seat-stranded" : ""}`,
      name: seatName({ row, number, type }, state),
      face: state === "occupied" ? "×" : number,
    };
  };

  if (!interactive && typeof document === "undefined") {
    return (
      <div className="seat-blocks" dangerouslySetInnerHTML={{ __html: hallRowsHtml(layout, view, describedBy) }} />
    );
  }

  const move = (event: KeyboardEvent<HTMLInputElement>, label: string) => {
    const direction = ARROWS[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = seatInDirection(seats, label, direction, (other) => occupied.has(other));
    if (!next) return;
    document.getElementById(seatId(next))?.focus();
    setFocusable(next);
  };

  const seat = (row: string, cell: SeatCell) => {
    const { label, state, stranded: isStranded, className, name, face } = view(row, cell);
    return (
      <label className={className}>
        <input
          type="checkbox"
          id={seatId(label)}
          name="seats"
          value={label}
          checked={state === "selected"}
          disabled={state === "occupied"}
          aria-label={name}
          aria-describedby={isStranded ? describedBy : undefined}
          tabIndex={interactive ? (label === tabStop ? 0 : -1) : undefined}
          onChange={(event) => onToggle?.(label, event)}
          onKeyDown={(event) => move(event, label)}
          onFocus={() => setFocusable(label)}
        />
        <SeatFace text={face} type={cell.type} />
      </label>
    );
  };

  return <HallRows layout={layout} seat={seat} />;
}

/**
 * A hall drawn as wide as its container: seats 44 px at most, smaller where its longest row (`--columns` places) needs
 * it, so no screen is too narrow for the whole hall (decision 50).
 */
export function ScaledHall({ layout, children }: { layout: HallLayout; children: ReactNode }) {
  return (
    <div className="seat-hall-view">
      <div className="seat-hall" style={{ "--columns": hallColumns(layout) } as CSSProperties}>
        {children}
      </div>
    </div>
  );
}

/** A hall's seats drawn to be looked at, not chosen: the hall editor's preview. */
export function HallPlan({ layout }: { layout: HallLayout }) {
  return (
    <HallRows
      layout={layout}
      seat={(row, { seat: number, type }) => (
        <span
          role="img"
          className={`seat seat-available seat-type-${type}`}
          aria-label={seatName({ row, number, type })}
        >
          <SeatFace text={number} type={type} />
        </span>
      )}
    />
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
  const sample = (className: string, text: string, type: SeatType = "standard") => (
    <span className={`seat ${className}`} aria-hidden="true">
      <SeatFace text={text} type={type} />
    </span>
  );
  return (
    <ul className="seat-legend" aria-label="Legend">
      <li>
        {sample("seat-available", "1")}
        Available
      </li>
      <li>
        {sample("seat-selected", "1")}
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
            {sample(`seat-available seat-type-${type}`, "1", type)}
            {SEAT_TYPE_NAMES[type][0].toUpperCase() + SEAT_TYPE_NAMES[type].slice(1)}
            {extraPrice(type) ? ` (${extraPrice(type)})` : null}
          </li>
        ))}
    </ul>
  );
}
