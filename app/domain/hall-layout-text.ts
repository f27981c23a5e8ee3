// The staff's hall editor writes a layout as text: reading it, checking it and writing a layout back. Apart from
// hall-layout.ts, which the seat page loads, since only the editor and the server need this.
import {
  companionPartners,
  isRow,
  isSeatCell,
  type HallLayout,
  type LayoutCell,
  type LayoutLine,
  type SeatType,
} from "./hall-layout";

/** The letter that marks a type in the text editor; a standard seat is its number alone. */
const TYPE_MARKS: Record<Exclude<SeatType, "standard">, string> = { premium: "P", wheelchair: "W", companion: "C" };

// Bounds that keep a hall a hall, and a hostile layout from costing the server more than a form's worth of work.
export const MAX_ROWS = 26;
export const MAX_CELLS_PER_ROW = 40;
export const MAX_SEAT_NUMBER = 99;
export const MAX_LAYOUT_TEXT = 6000;

const ROW_LETTER = /^[A-Z]$/;

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
  const { layout, problems } = readLayout(text);
  return layout && problems.length === 0 ? { ok: true, layout } : { ok: false, problems };
}

/**
 * The layout a text writes, and what is wrong with it. The layout is there whenever the text can be read, even if it
 * is not yet a hall (a companion seat alone, a row written twice): the editor draws it while staff are at work.
 */
export function readLayout(text: string): { layout: HallLayout | null; problems: string[] } {
  if (text.length > MAX_LAYOUT_TEXT)
    return { layout: null, problems: [`The layout is too long: at most ${MAX_LAYOUT_TEXT} characters.`] };
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
  if (problems.length > 0) return { layout: null, problems };
  const layout = { lines: trimWalkways(lines) };
  return { layout, problems: layoutProblems(layout) };
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

/** The kinds a place of the editor's grid goes through, one a click; a gap becomes a standard seat again. */
export const PLACE_KINDS = ["standard", "premium", "wheelchair", "companion", "gap"] as const;

/**
 * The layout with one place (line `line` of the layout, `column` along its row) changed to the next of PLACE_KINDS.
 * A seat that becomes a gap gives up its number; a gap that becomes a seat takes the lowest number its row does not
 * use. Null when there is no such seat or gap (an aisle, a walkway, a place past the row's end).
 */
export function nextPlaceKind(layout: HallLayout, line: number, column: number): HallLayout | null {
  const row = layout.lines[line];
  const cell = row && isRow(row) ? row.cells[column] : undefined;
  if (!row || !isRow(row) || !cell || (!isSeatCell(cell) && cell.space !== "gap")) return null;
  const kind = isSeatCell(cell) ? cell.type : "gap";
  const next = PLACE_KINDS[(PLACE_KINDS.indexOf(kind) + 1) % PLACE_KINDS.length];
  let changed: LayoutCell;
  if (next === "gap") changed = { space: "gap" };
  else if (isSeatCell(cell)) changed = { seat: cell.seat, type: next };
  else {
    const used = new Set(row.cells.filter(isSeatCell).map((seat) => seat.seat));
    let number = 1;
    while (used.has(number)) number++;
    changed = { seat: number, type: next };
  }
  const cells = row.cells.map((old, index) => (index === column ? changed : old));
  return { lines: layout.lines.map((old, index) => (index === line ? { row: row.row, cells } : old)) };
}
