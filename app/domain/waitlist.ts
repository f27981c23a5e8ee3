// Which free seats a waiting customer is offered when seats of a sold-out show come free: side by side when the
// hall has that many together, else the first free ones in hall order. Wheelchair spaces and companion seats are not
// offered (they are kept for the people who need them), nor is anyone offered fewer seats than they asked for.

import { refusedStrandedSeats } from "./seat-map";

/**
 * `count` free seats from the hall's runs (`seatRuns`, standard and premium seats in hall order), or null. With the
 * stranded-seat rule, only seats a booking could choose: a choice it refuses is passed over for the next one.
 */
export function seatsForOffer(
  runs: readonly (readonly string[])[],
  taken: Iterable<string>,
  count: number,
  { strandedSeatRule = false } = {},
) {
  const takenSet = new Set(taken);
  const bookable = (seats: string[]) =>
    !strandedSeatRule || refusedStrandedSeats({ runs, taken: takenSet, chosen: seats }).length === 0;
  for (const run of runs) {
    for (let start = 0; start + count <= run.length; start++) {
      const block = run.slice(start, start + count);
      if (block.every((seat) => !takenSet.has(seat)) && bookable(block)) return block;
    }
  }
  const free = runs.flat().filter((seat) => !takenSet.has(seat));
  const firstFree = free.slice(0, count);
  return firstFree.length === count && bookable(firstFree) ? firstFree : null;
}

/** Whether no seat of the show could be offered: only then can people wait for one. */
export const isSoldOut = (runs: readonly (readonly string[])[], taken: Iterable<string>) =>
  seatsForOffer(runs, taken, 1) === null;
