// The hall and its seat rules, shared by the seat page in the browser and the booking model on the server,
// so this module must stay free of server code and of zod.

export const SEAT_ROWS = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"] as const;
export type SeatRow = (typeof SEAT_ROWS)[number];

export const SEATS_PER_ROW = 9;
export const MAX_SEATS_PER_BOOKING = 5;

/** A1..A9, B1..B9, ... J9: the order seats are listed in everywhere. */
export const SEAT_LABELS: readonly string[] = SEAT_ROWS.flatMap((row) =>
  Array.from({ length: SEATS_PER_ROW }, (_, index) => `${row}${index + 1}`),
);

/** The seat grid is drawn as 5 blocks of two rows: A-B, C-D, ... I-J. */
export const SEAT_ROW_PAIRS: readonly (readonly [SeatRow, SeatRow])[] = Array.from(
  { length: SEAT_ROWS.length / 2 },
  (_, index) => [SEAT_ROWS[index * 2], SEAT_ROWS[index * 2 + 1]] as const,
);

const seatLabelSet: ReadonlySet<string> = new Set(SEAT_LABELS);

/** Exactly the labels of the hall: "A1" to "J9", upper case, no padding or spaces. */
export function isSeatLabel(value: unknown): value is string {
  return typeof value === "string" && seatLabelSet.has(value);
}

function checkedLabel(label: string) {
  if (!isSeatLabel(label)) throw new RangeError(`"${label}" is not a seat label`);
  return label;
}

export function seatRow(label: string): SeatRow {
  return checkedLabel(label)[0] as SeatRow;
}

export function seatNumber(label: string): number {
  return Number(checkedLabel(label).slice(1));
}

/** Price times seats in whole minor units of the currency (cents); anything but whole, non-negative numbers is a bug upstream. */
export function bookingAmountCents(priceCents: number, seatCount: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0)
    throw new RangeError(`The price must be a whole, non-negative number of minor units, not ${priceCents}`);
  if (!Number.isSafeInteger(seatCount) || seatCount < 0)
    throw new RangeError(`The seat count must be a whole, non-negative number, not ${seatCount}`);
  const amount = priceCents * seatCount;
  if (!Number.isSafeInteger(amount)) throw new RangeError(`The amount ${amount} is too large to count in minor units`);
  return amount;
}

type SeatState = "free" | "taken" | "chosen";
/** One row, seat 1 at index 0. */
type RowSeats = SeatState[];

export interface SeatChoice {
  /** Seats already booked or held by others. */
  taken: Iterable<string>;
  /** The seats this customer picks; any that are also taken count as taken. */
  chosen: Iterable<string>;
}

function rowsOf({ taken, chosen }: SeatChoice) {
  const rows = new Map<SeatRow, RowSeats>(SEAT_ROWS.map((row) => [row, Array(SEATS_PER_ROW).fill("free")]));
  const mark = (labels: Iterable<string>, state: SeatState) => {
    for (const label of labels) {
      // A label that is not a seat of this hall borders no seat; refusing it is the booking's job.
      if (!isSeatLabel(label)) continue;
      const seats = rows.get(seatRow(label))!;
      const index = seatNumber(label) - 1;
      if (seats[index] === "free") seats[index] = state;
    }
  };
  mark(taken, "taken");
  mark(chosen, "chosen");
  return rows;
}

/** Indexes of the empty seats walled in on both sides, where at least one wall is a chosen seat. */
function strandedIndexes(seats: RowSeats): number[] {
  const stranded: number[] = [];
  seats.forEach((state, index) => {
    if (state !== "free") return;
    const left = index === 0 ? "end" : seats[index - 1];
    const right = index === seats.length - 1 ? "end" : seats[index + 1];
    if (left === "free" || right === "free") return;
    if (left === "chosen" || right === "chosen") stranded.push(index);
  });
  return stranded;
}

/**
 * The empty seats this choice would leave as a single gap. A gap that was already there before the
 * choice is not reported: only seats that now have a chosen seat beside them.
 */
export function findStrandedSeats(choice: SeatChoice): string[] {
  return [...rowsOf(choice)].flatMap(([row, seats]) => strandedIndexes(seats).map((index) => `${row}${index + 1}`));
}

/** Every set of `count` seats among the free ones, as ascending indexes. */
function* placements(freeIndexes: number[], count: number, start = 0): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (let i = start; i <= freeIndexes.length - count; i++)
    for (const rest of placements(freeIndexes, count - 1, i + 1)) yield [freeIndexes[i], ...rest];
}

function isAdjacent(indexes: number[]) {
  return indexes.every((index, i) => i === 0 || index === indexes[i - 1] + 1);
}

/**
 * Whether some other placement of the same number of seats in this row would strand nobody. The
 * customer is compared with the blocks of adjacent free seats; when the row has no block that large, the
 * group has to split anyway, so any placement of that many free seats counts.
 */
function rowHasBetterChoice(seats: RowSeats): boolean {
  const count = seats.filter((state) => state === "chosen").length;
  const freeIndexes = seats.flatMap((state, index) => (state === "taken" ? [] : [index]));
  const all = [...placements(freeIndexes, count)];
  const adjacent = all.filter(isAdjacent);
  return (adjacent.length > 0 ? adjacent : all).some((placement) => {
    const trial = seats.map((state, index): SeatState => {
      if (state === "taken") return "taken";
      return placement.includes(index) ? "chosen" : "free";
    });
    return strandedIndexes(trial).length === 0;
  });
}

/**
 * A choice that strands a single seat is refused, unless in every row where it does, the customer had
 * no choice of that many seats in that row that would not.
 */
export function refusesStrandedSeat(choice: SeatChoice): boolean {
  return [...rowsOf(choice).values()].some((seats) => strandedIndexes(seats).length > 0 && rowHasBetterChoice(seats));
}
