// A hall's seats as data: rows of seats, gaps and aisles, with walkways between blocks of rows. Shared by the seat
// page in the browser, the staff's hall editor and the booking rules on the server, so it stays free of server code.

/** The kinds of seat, and how each is said: "Row C, seat 4, wheelchair space, available". */
export const SEAT_TYPE_NAMES = {
  standard: "standard seat",
  premium: "premium seat",
  wheelchair: "wheelchair space",
  companion: "companion seat",
} as const;
export type SeatType = keyof typeof SEAT_TYPE_NAMES;
export const SEAT_TYPES = Object.keys(SEAT_TYPE_NAMES) as SeatType[];

/** The letter that marks a type in the text editor; a standard seat is its number alone. */
const TYPE_MARKS: Record<Exclude<SeatType, "standard">, string> = { premium: "P", wheelchair: "W", companion: "C" };

/** A place in a row: a seat with the number printed on it, or an empty gap or an aisle one seat wide. */
export type LayoutCell = { seat: number; type: SeatType } | { space: "gap" | "aisle" };
export type LayoutRow = { row: string; cells: LayoutCell[] };
/** A row, or a walkway across the hall between blocks of rows (a cross aisle, a step up to a raised section). */
export type LayoutLine = LayoutRow | { walkway: true };
export type HallLayout = { lines: LayoutLine[] };

export type Seat = { label: string; row: string; number: number; type: SeatType; line: number; column: number };

// Bounds that keep a hall a hall, and a hostile layout from costing the server more than a form's worth of work.
export const MAX_ROWS = 26;
export const MAX_CELLS_PER_ROW = 40;
export const MAX_SEAT_NUMBER = 99;
export const MAX_LAYOUT_TEXT = 6000;

const ROW_LETTER = /^[A-Z]$/;
const LABEL = /^([A-Z])([1-9]\d?)$/;

/** A seat label as labels are written: a row letter and the number printed on the seat ("A1", "K12"). */
export function isSeatLabel(value: unknown): value is string {
  return typeof value === "string" && LABEL.test(value);
}

export const isRow = (line: LayoutLine): line is LayoutRow => "row" in line;
const isSeatCell = (cell: LayoutCell): cell is { seat: number; type: SeatType } => "seat" in cell;

/** Every seat of a layout, in hall order: row by row from the screen, left to right. */
export function layoutSeats(layout: HallLayout): Seat[] {
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

/**
 * The runs of seats side by side that a single empty seat can be stranded in: a gap, an aisle or a wheelchair or
 * companion place ends a run (those places are booked on their own by nature).
 */
export function seatRuns(layout: HallLayout): string[][] {
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

/** What is wrong with a layout, in words for the staff member who wrote it; empty when it is a hall. */
export function layoutProblems(layout: HallLayout): string[] {
  const problems: string[] = [];
  const rows = layout.lines.filter(isRow);
  if (rows.length > MAX_ROWS) problems.push(`A hall has at most ${MAX_ROWS} rows.`);
  const letters = new Set<string>();
  const labels = new Set<string>();
  for (const row of rows) {
    if (!ROW_LETTER.test(row.row)) problems.push(`"${row.row}" is not a row letter: use one capital letter, A to Z.`);
    if (letters.has(row.row)) problems.push(`Row ${row.row} is written twice.`);
    letters.add(row.row);
    if (row.cells.length > MAX_CELLS_PER_ROW)
      problems.push(`Row ${row.row} is too long: at most ${MAX_CELLS_PER_ROW} places a row.`);
    if (!row.cells.some(isSeatCell)) problems.push(`Row ${row.row} has no seats.`);
    for (const cell of row.cells) {
      if (!isSeatCell(cell)) continue;
      if (!Number.isInteger(cell.seat) || cell.seat < 1 || cell.seat > MAX_SEAT_NUMBER)
        problems.push(`Row ${row.row}: seat numbers go from 1 to ${MAX_SEAT_NUMBER}.`);
      const label = `${row.row}${cell.seat}`;
      if (labels.has(label)) problems.push(`Seat ${label} is written twice.`);
      labels.add(label);
    }
  }
  if (labels.size === 0) problems.push("A hall needs at least one seat.");
  for (const [companion, beside] of companionPartners(layout))
    if (beside.length === 0) problems.push(`Companion seat ${companion} must be right next to a wheelchair space.`);
  return [...new Set(problems)];
}

/**
 * Reads the text editor's layout: one line per row, the row letter first, then its places from left to right: a
 * number is a seat, "P", "W" or "C" before it makes it premium, a wheelchair space or a companion seat, "." is an
 * empty gap, "|" an aisle. A line of "--" is a walkway between blocks of rows. "#" starts a comment.
 */
export function parseLayout(text: string): { ok: true; layout: HallLayout } | { ok: false; problems: string[] } {
  if (text.length > MAX_LAYOUT_TEXT)
    return { ok: false, problems: [`The layout is too long: at most ${MAX_LAYOUT_TEXT} characters.`] };
  const lines: LayoutLine[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const words = raw.replace(/#.*/, "").trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return;
    const where = `Line ${index + 1}`;
    if (words.length === 1 && /^-+$/.test(words[0])) {
      lines.push({ walkway: true });
      return;
    }
    const row = words[0].replace(/:$/, "").toUpperCase();
    if (!ROW_LETTER.test(row)) {
      problems.push(`${where}: start a row with its letter (A to Z), or write "--" for a walkway.`);
      return;
    }
    const cells: LayoutCell[] = [];
    for (const word of words.slice(1)) {
      const cell = readCell(word);
      if (cell) cells.push(cell);
      else
        problems.push(
          `${where}: "${word.slice(0, 12)}" is not a place: write a seat number (P, W or C before it for premium, wheelchair space or companion), "." for a gap or "|" for an aisle.`,
        );
      if (cells.length > MAX_CELLS_PER_ROW) break;
    }
    lines.push({ row, cells });
  });
  if (problems.length > 0) return { ok: false, problems };
  const layout = { lines: trimWalkways(lines) };
  const wrong = layoutProblems(layout);
  return wrong.length > 0 ? { ok: false, problems: wrong } : { ok: true, layout };
}

function readCell(word: string): LayoutCell | null {
  if (word === ".") return { space: "gap" };
  if (word === "|") return { space: "aisle" };
  const match = /^([PWC]?)(\d{1,2})$/i.exec(word);
  if (!match) return null;
  const mark = match[1].toUpperCase();
  const type = (Object.keys(TYPE_MARKS) as (keyof typeof TYPE_MARKS)[]).find((t) => TYPE_MARKS[t] === mark);
  return { seat: Number(match[2]), type: type ?? "standard" };
}

/** Walkways before the first row, after the last, or twice in a row say nothing: they are dropped. */
function trimWalkways(lines: LayoutLine[]) {
  const kept = lines.filter((line, index) => isRow(line) || (index > 0 && isRow(lines[index - 1])));
  while (kept.length > 0 && !isRow(kept[kept.length - 1])) kept.pop();
  return kept;
}

/** The text editor's form of a layout: what `parseLayout` reads back to the same layout. */
export function layoutText(layout: HallLayout): string {
  return layout.lines
    .map((line) =>
      isRow(line)
        ? [
            line.row,
            ...line.cells.map((cell) =>
              isSeatCell(cell)
                ? `${cell.type === "standard" ? "" : TYPE_MARKS[cell.type]}${cell.seat}`
                : cell.space === "gap"
                  ? "."
                  : "|",
            ),
          ].join(" ")
        : "--",
    )
    .join("\n");
}

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
