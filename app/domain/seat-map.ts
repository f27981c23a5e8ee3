// The rules of choosing seats in a hall, shared by the seat page in the browser and the booking model on the server,
// so this module must stay free of server code and of zod. The hall's shape comes from its layout
// (app/domain/hall-layout.ts): the runs of seats side by side, in which a single seat can be stranded.

import { MAX_SEATS_PER_BOOKING } from "./seat-limits";

type SeatState = "free" | "taken" | "chosen";
/** One run of seats side by side, from one end to the other. */
type RowSeats = SeatState[];

export interface SeatChoice {
  /** The hall's runs of seats side by side (`seatRuns` of its layout), in hall order. */
  runs: readonly (readonly string[])[];
  /** Seats already booked or held by others. */
  taken: Iterable<string>;
  /** The seats this customer picks; any that are also taken count as taken. */
  chosen: Iterable<string>;
}

/** Each run of the hall that holds a chosen seat (no other run can strand one), with the state of its seats. */
function runsOf({ runs, taken, chosen }: SeatChoice): { labels: readonly string[]; seats: RowSeats }[] {
  const takenSet = new Set(taken);
  const chosenSet = new Set(chosen);
  // A label that is not a seat of this hall borders no seat; refusing it is the booking's job.
  return runs
    .map((labels) => ({
      labels,
      seats: labels.map((label): SeatState =>
        takenSet.has(label) ? "taken" : chosenSet.has(label) ? "chosen" : "free",
      ),
    }))
    .filter(({ seats }) => seats.includes("chosen"));
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
  return runsOf(choice).flatMap(({ labels, seats }) => strandedIndexes(seats).map((index) => labels[index]));
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

/**
 * Whether some other placement of the same number of seats in this run would strand nobody. The customer is
 * compared with the blocks of adjacent free seats; when the run has no block that large, the group has to split
 * anyway, so any placement of that many free seats counts (tried until one strands nobody).
 */
function runHasBetterChoice(seats: RowSeats): boolean {
  const count = seats.filter((state) => state === "chosen").length;
  const freeIndexes = seats.flatMap((state, index) => (state === "taken" ? [] : [index]));
  const strandsNobody = (placement: number[]) =>
    strandedIndexes(
      seats.map((state, index): SeatState => {
        if (state === "taken") return "taken";
        return placement.includes(index) ? "chosen" : "free";
      }),
    ).length === 0;
  const blocks = freeIndexes
    .map((_, first) => freeIndexes.slice(first, first + count))
    .filter((block) => block.length === count && block[count - 1] - block[0] === count - 1);
  if (blocks.length > 0) return blocks.some(strandsNobody);
  for (const placement of placements(freeIndexes, count)) if (strandsNobody(placement)) return true;
  return false;
}

/**
 * The seats a choice would strand where that is refused: in a run where it strands a single seat, unless the
 * customer had no choice of that many seats in that run that would not. Empty when the choice is fine.
 */
export function refusedStrandedSeats(choice: SeatChoice): string[] {
  return runsOf(choice).flatMap(({ labels, seats }) => {
    const stranded = strandedIndexes(seats);
    return stranded.length > 0 && runHasBetterChoice(seats) ? stranded.map((index) => labels[index]) : [];
  });
}

/**
 * Companion seats chosen without the wheelchair space beside them, while companion seats are still kept for the
 * companions of wheelchair users: a companion seat goes with the wheelchair space next to it, chosen in the same
 * booking or already held by the same customer. Empty when the choice is fine.
 */
export function refusedCompanionSeats({
  partners,
  chosen,
  held,
}: {
  /** Each companion seat with the wheelchair spaces beside it (`companionPartners` of the layout). */
  partners: ReadonlyMap<string, readonly string[]>;
  chosen: readonly string[];
  /** Seats the customer already holds or has paid for in this show. */
  held: Iterable<string>;
}): string[] {
  const withCompanion = new Set([...chosen, ...held]);
  return chosen.filter((seat) => partners.has(seat) && !partners.get(seat)!.some((space) => withCompanion.has(space)));
}

/** Whether a show's companion seats are still kept for wheelchair users' companions: until `releaseMinutes` before it. */
export function companionSeatsKept(startsAt: string, releaseMinutes: number, now = Date.now()) {
  return Date.parse(startsAt) - releaseMinutes * 60_000 > now;
}

/**
 * The seats a link asks the seat map to start with (`?seats=D4&seats=D5`: after signing in, or choosing seats again
 * when a hold ran out): those of this hall that are still free, in hall order, at most a booking's worth. Anything
 * else (taken, unknown, repeated, made up) is dropped without a word: the customer simply sees what can be chosen.
 */
export function preselectedSeats(
  asked: readonly string[],
  { hallSeats, taken }: { hallSeats: readonly string[]; taken: Iterable<string> },
): string[] {
  const wanted = new Set(asked);
  const takenSet = new Set(taken);
  return hallSeats.filter((seat) => wanted.has(seat) && !takenSet.has(seat)).slice(0, MAX_SEATS_PER_BOOKING);
}
