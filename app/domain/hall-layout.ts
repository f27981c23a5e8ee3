// A hall's seats as data: rows of seats, gaps and aisles, with walkways between blocks of rows. Shared by the seat
// page in the browser, the staff's hall editor and the booking rules on the server, so it stays free of server code.
// The editor's text form of a layout, and its checks, are in hall-layout-text.ts (the seat page does not load them).

/** The kinds of seat, and how each is said: "Row C, seat 4, wheelchair space, available". */
export const SEAT_TYPE_NAMES = {
  standard: "standard seat",
  premium: "premium seat",
  wheelchair: "wheelchair space",
  companion: "companion seat",
} as const;
export type SeatType = keyof typeof SEAT_TYPE_NAMES;
export const SEAT_TYPES = Object.keys(SEAT_TYPE_NAMES) as SeatType[];

/** A place in a row: a seat with the number printed on it, or an empty gap or an aisle one seat wide. */
export type LayoutCell = { seat: number; type: SeatType } | { space: "gap" | "aisle" };
export type LayoutRow = { row: string; cells: LayoutCell[] };
/** A row, or a walkway across the hall between blocks of rows (a cross aisle, a step up to a raised section). */
export type LayoutLine = LayoutRow | { walkway: true };
export type HallLayout = { lines: LayoutLine[] };

export type Seat = { label: string; row: string; number: number; type: SeatType; line: number; column: number };

const LABEL = /^([A-Z])([1-9]\d?)$/;

/** A seat label as labels are written: a row letter and the number printed on the seat ("A1", "K12"). */
export function isSeatLabel(value: unknown): value is string {
  return typeof value === "string" && LABEL.test(value);
}

export const isRow = (line: LayoutLine): line is LayoutRow => "row" in line;
export const isSeatCell = (cell: LayoutCell): cell is { seat: number; type: SeatType } => "seat" in cell;

// A page asks for a hall's seats several times over (loader, map, totals, rules); the catalogue keeps one layout
// object per hall, so what is derived from a layout is worked out once per layout object, not once per ask.
function keptPerLayout<T>(derive: (layout: HallLayout) => T): (layout: HallLayout) => T {
  const kept = new WeakMap<HallLayout, T>();
  return (layout) => {
    if (!kept.has(layout)) kept.set(layout, derive(layout));
    return kept.get(layout)!;
  };
}

/** Every seat of a layout, in hall order: row by row from the screen, left to right. */
export const layoutSeats: (layout: HallLayout) => readonly Seat[] = keptPerLayout(listSeats);

function listSeats(layout: HallLayout): Seat[] {
  return layout.lines.flatMap((line, lineIndex) =>
    isRow(line)
      ? line.cells.flatMap((cell, column) =>
          isSeatCell(cell)
            ? [
                {
                  label: `${line.row}${cell.seat}`,
                  row: line.row,
                  number: cell.seat,
                  type: cell.type,
                  line: lineIndex,
                  column,
                },
              ]
            : [],
        )
      : [],
  );
}

/** The labels of a hall's seats, in hall order. */
export const seatLabels: (layout: HallLayout) => readonly string[] = keptPerLayout((layout) =>
  layoutSeats(layout).map((seat) => seat.label),
);

/** Those of the given seats that the hall has, in hall order (`hallSeats`: its labels as `seatLabels` lists them). */
export function seatsInHallOrder(hallSeats: readonly string[], labels: Iterable<string>): string[] {
  const wanted = new Set(labels);
  return hallSeats.filter((label) => wanted.has(label));
}

/**
 * The runs of seats side by side that a single empty seat can be stranded in: a gap, an aisle or a wheelchair or
 * companion place ends a run (those places are booked on their own by nature).
 */
export const seatRuns: (layout: HallLayout) => readonly (readonly string[])[] = keptPerLayout(listRuns);

function listRuns(layout: HallLayout): string[][] {
  const runs: string[][] = [];
  for (const line of layout.lines) {
    if (!isRow(line)) continue;
    let run: string[] = [];
    for (const cell of line.cells) {
      if (isSeatCell(cell) && (cell.type === "standard" || cell.type === "premium")) {
        run.push(`${line.row}${cell.seat}`);
        continue;
      }
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}

/** The wheelchair spaces right beside each companion seat. */
export function companionPartners(layout: HallLayout): Map<string, string[]> {
  const partners = new Map<string, string[]>();
  for (const line of layout.lines) {
    if (!isRow(line)) continue;
    line.cells.forEach((cell, column) => {
      if (!isSeatCell(cell) || cell.type !== "companion") return;
      const beside = [line.cells[column - 1], line.cells[column + 1]].filter(
        (other): other is { seat: number; type: SeatType } =>
          other !== undefined && isSeatCell(other) && other.type === "wheelchair",
      );
      partners.set(
        `${line.row}${cell.seat}`,
        beside.map((other) => `${line.row}${other.seat}`),
      );
    });
  }
  return partners;
}

/** How many places (seats, gaps, aisles) wide a hall is: its longest row. The seat map is scaled to fit that many. */
export const hallColumns = (layout: HallLayout): number =>
  Math.max(1, ...layout.lines.map((line) => (isRow(line) ? line.cells.length : 0)));

/** The seat types a layout has, in the order of SEAT_TYPES (for the seat page's legend). */
export function seatTypesOf(layout: HallLayout): SeatType[] {
  const present = new Set(layoutSeats(layout).map((seat) => seat.type));
  return SEAT_TYPES.filter((type) => present.has(type));
}

/**
 * The seat an arrow key moves to from `label`: along the row to the next seat, or to the row above or below, to the
 * seat nearest the same column. Seats `skip` answers true for are passed over; null at the hall's edge.
 */
export function seatInDirection(
  seats: readonly Seat[],
  label: string,
  direction: "left" | "right" | "up" | "down",
  skip: (label: string) => boolean = () => false,
): string | null {
  const from = seats.find((seat) => seat.label === label);
  if (!from) return null;
  const candidates = seats.filter((seat) => !skip(seat.label));
  if (direction === "left" || direction === "right") {
    const sign = direction === "right" ? 1 : -1;
    const along = candidates
      .filter((seat) => seat.line === from.line && Math.sign(seat.column - from.column) === sign)
      .sort((a, b) => sign * (a.column - b.column));
    return along[0]?.label ?? null;
  }
  const lines = [...new Set(candidates.map((seat) => seat.line))].sort((a, b) => a - b);
  const next =
    direction === "down" ? lines.find((line) => line > from.line) : lines.filter((line) => line < from.line).pop();
  if (next === undefined) return null;
  const row = candidates.filter((seat) => seat.line === next);
  row.sort((a, b) => Math.abs(a.column - from.column) - Math.abs(b.column - from.column) || a.column - b.column);
  return row[0]?.label ?? null;
}

/**
 * A layout as the seat page's loader data carries it: a line of text per row ("A:g,1s,2s,a,3p": a gap, seats 1 and 2
 * standard, an aisle, seat 3 premium), "" for a walkway. The layout's objects, one per place, took most of the time
 * Remix spent encoding a seat page's data and most of its bytes.
 */
export type PackedLayout = readonly string[];

const TYPE_CODES: Record<SeatType, string> = { standard: "s", premium: "p", wheelchair: "w", companion: "c" };
const TYPES_BY_CODE = new Map(SEAT_TYPES.map((type) => [TYPE_CODES[type], type]));
type Space = "gap" | "aisle";
const SPACE_CODES: Record<Space, string> = { gap: "g", aisle: "a" };
const SPACES_BY_CODE = new Map((Object.keys(SPACE_CODES) as Space[]).map((space) => [SPACE_CODES[space], space]));

// A packed layout made here unpacks to the layout it was made from, so what is kept per layout object stays kept.
const unpackedLayouts = new WeakMap<PackedLayout, HallLayout>();

export const packLayout: (layout: HallLayout) => PackedLayout = keptPerLayout((layout) => {
  const packed = layout.lines.map((line) =>
    isRow(line)
      ? `${line.row}:${line.cells
          .map((cell) => (isSeatCell(cell) ? `${cell.seat}${TYPE_CODES[cell.type]}` : SPACE_CODES[cell.space]))
          .join(",")}`
      : "",
  );
  unpackedLayouts.set(packed, layout);
  return packed;
});

function unpackCell(code: string): LayoutCell {
  const space = SPACES_BY_CODE.get(code);
  if (space) return { space };
  return { seat: Number(code.slice(0, -1)), type: TYPES_BY_CODE.get(code.slice(-1))! };
}

/** The layout `packLayout` packed: once per packed layout. */
export function unpackLayout(packed: PackedLayout): HallLayout {
  let layout = unpackedLayouts.get(packed);
  if (!layout) {
    layout = {
      lines: packed.map((line) => {
        if (line === "") return { walkway: true };
        const [row, cells] = line.split(":");
        return { row, cells: cells === "" ? [] : cells.split(",").map(unpackCell) };
      }),
    };
    unpackedLayouts.set(packed, layout);
  }
  return layout;
}
