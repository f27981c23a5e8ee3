import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLayout } from "~/domain/hall-layout-text";
import { companionPartners, layoutSeats, seatRuns, type HallLayout } from "~/domain/hall-layout";
import {
  companionSeatsKept,
  findStrandedSeats,
  refusedCompanionSeats,
  refusedStrandedSeats,
  type SeatChoice,
} from "~/domain/seat-map";
import { MAX_SEATS_PER_BOOKING } from "~/domain/seat-limits";

function hall(text: string): HallLayout {
  const parsed = parseLayout(text);
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  return parsed.layout;
}

// Screen 1: rows A to J of nine seats, each row one run.
const SEAT_ROWS = [..."ABCDEFGHIJ"];
const SEATS_PER_ROW = 9;
const SCREEN_1 = hall(SEAT_ROWS.map((row) => `${row} 1 2 3 4 5 6 7 8 9`).join("\n"));
const SEAT_LABELS = layoutSeats(SCREEN_1).map((seat) => seat.label);
const RUNS = seatRuns(SCREEN_1);
const seatRow = (label: string) => label[0];
const seatNumber = (label: string) => Number(label.slice(1));

/** "A1-A4" -> A1, A2, A3, A4; "A1 A3" -> A1, A3 */
function seats(list: string) {
  return list.split(" ").flatMap((part) => {
    const [from, to = from] = part.split("-");
    return SEAT_LABELS.filter(
      (seat) => seat[0] === from[0] && seatNumber(seat) >= seatNumber(from) && seatNumber(seat) <= seatNumber(to),
    );
  });
}

type Seats = Omit<SeatChoice, "runs">;
const inScreen1 = (choice: Seats): SeatChoice => ({ runs: RUNS, ...choice });
const stranded = (choice: Seats) => findStrandedSeats(inScreen1(choice));
const refuses = (choice: Seats) => refusedStrandedSeats(inScreen1(choice)).length > 0;

function choice(taken: string, chosen: string) {
  return { taken: seats(taken), chosen: seats(chosen) };
}

describe("a booking", () => {
  it("holds at most 5 seats", () => {
    expect(MAX_SEATS_PER_BOOKING).toBe(5);
  });
});

describe("stranded single seats", () => {
  it("finds none for an empty choice or seats taken from a row end", () => {
    expect(stranded(choice("", ""))).toEqual([]);
    expect(stranded(choice("", "A1 A2"))).toEqual([]);
    expect(stranded(choice("", "A7-A9"))).toEqual([]);
    expect(stranded(choice("", "E4-E6"))).toEqual([]);
  });

  it("refuses leaving a single seat at a row end", () => {
    expect(stranded(choice("", "A2 A3"))).toEqual(["A1"]);
    expect(refuses(choice("", "A2 A3"))).toBe(true);
    expect(stranded(choice("", "A7 A8"))).toEqual(["A9"]);
    expect(refuses(choice("", "A7 A8"))).toBe(true);
    expect(stranded(choice("", "A2"))).toEqual(["A1"]);
    expect(refuses(choice("", "A2"))).toBe(true);
  });

  it("refuses leaving a single seat beside a taken one", () => {
    expect(stranded(choice("C1", "C3 C4"))).toEqual(["C2"]);
    expect(refuses(choice("C1", "C3 C4"))).toBe(true);
    expect(refuses(choice("C1", "C2 C3"))).toBe(false);
    expect(stranded(choice("C5", "C2 C3"))).toEqual(["C1", "C4"]);
  });

  it("refuses chosen seats with one empty seat between them", () => {
    expect(stranded(choice("", "A1 A3"))).toEqual(["A2"]);
    expect(refuses(choice("", "A1 A3"))).toBe(true);
    expect(stranded(choice("", "A4 A6"))).toEqual(["A5"]);
    expect(stranded(choice("", "A1 A9"))).toEqual([]);
    expect(refuses(choice("", "A1 A9"))).toBe(false);
  });

  it("does not blame the customer for a gap that was already there", () => {
    expect(stranded(choice("B1 B3", ""))).toEqual([]);
    expect(stranded(choice("B1 B3", "B6 B7"))).toEqual([]);
    expect(stranded(choice("B1 B3", "B4"))).toEqual([]);
    expect(stranded(choice("B1 B3", "B5"))).toEqual(["B4"]);
    expect(stranded(choice("B1 B3", "B2"))).toEqual([]);
  });

  it("allows stranding a seat when every other choice in that row would too", () => {
    // Two seats left: whichever one is taken, the other is alone.
    expect(stranded(choice("D1-D7", "D8"))).toEqual(["D9"]);
    expect(refuses(choice("D1-D7", "D8"))).toBe(false);
    // Three seats left for two people.
    expect(refuses(choice("D1-D6", "D7 D8"))).toBe(false);
    expect(refuses(choice("D1-D6", "D8 D9"))).toBe(false);
    // Four seats left for two people: D6-D7 or D8-D9 strand nobody.
    expect(refuses(choice("D1-D5", "D7 D8"))).toBe(true);
    // Free pairs only, three people: any three seats break a pair.
    expect(stranded(choice("D3 D6 D9", "D1 D2 D4"))).toEqual(["D5"]);
    expect(refuses(choice("D3 D6 D9", "D1 D2 D4"))).toBe(false);
  });

  it("compares a split group with other splits when no block of adjacent seats is large enough", () => {
    // Free blocks of 2, 3 and 2: four people must split, and D1 D2 D8 D9 strands nobody.
    expect(stranded(choice("D3 D7", "D1 D4 D5 D8"))).toEqual(["D2", "D6", "D9"]);
    expect(refuses(choice("D3 D7", "D1 D4 D5 D8"))).toBe(true);
    expect(stranded(choice("D3 D7", "D1 D2 D8 D9"))).toEqual([]);
  });

  it("judges each row of a choice that spans two rows on its own", () => {
    expect(stranded(choice("", "A1 A2 B2 B3"))).toEqual(["B1"]);
    expect(refuses(choice("", "A1 A2 B2 B3"))).toBe(true);
    expect(refuses(choice("", "A1 A2 B1 B2"))).toBe(false);
    // Both rows nearly full: no better choice in either.
    expect(stranded(choice("A1-A7 B3-B9", "A8 B2"))).toEqual(["A9", "B1"]);
    expect(refuses(choice("A1-A7 B3-B9", "A8 B2"))).toBe(false);
    // Row A has no better choice, row B has.
    expect(refuses(choice("A1-A7", "A8 B2"))).toBe(true);
  });

  it("counts a chosen seat that is already taken as taken, ignores labels that are not seats, takes any iterable", () => {
    expect(stranded(choice("A3", "A3"))).toEqual([]);
    expect(stranded({ taken: ["A3"], chosen: ["A3", "A1"] })).toEqual(["A2"]);
    expect(stranded({ taken: ["K1", "A0"], chosen: ["A10", "a2", "A2"] })).toEqual(["A1"]);
    expect(stranded({ taken: new Set(["F5"]), chosen: new Set(["F7"]) })).toEqual(["F6"]);
  });
});

describe("stranded single seats, for any choice in Screen 1", () => {
  const screen = fc.record({
    taken: fc.subarray([...SEAT_LABELS]),
    chosen: fc.subarray([...SEAT_LABELS], { maxLength: MAX_SEATS_PER_BOOKING }),
  });

  it("never reports a taken or chosen seat, nor one twice, and lists seats in hall order", () => {
    fc.assert(
      fc.property(screen, ({ taken, chosen }) => {
        const found = stranded({ taken, chosen });
        expect(found.filter((seat) => taken.includes(seat) || chosen.includes(seat))).toEqual([]);
        expect(found).toEqual(SEAT_LABELS.filter((seat) => found.includes(seat)));
      }),
    );
  });

  it("reports exactly the empty seats walled in on both sides with a chosen seat beside them", () => {
    fc.assert(
      fc.property(screen, ({ taken, chosen }) => {
        const fresh = chosen.filter((seat) => !taken.includes(seat));
        const occupied = new Set([...taken, ...fresh]);
        const wall = (row: string, number: number) =>
          number < 1 || number > SEATS_PER_ROW || occupied.has(`${row}${number}`);
        const expected = SEAT_LABELS.filter((seat) => {
          if (occupied.has(seat)) return false;
          const [row, number] = [seatRow(seat), seatNumber(seat)];
          const besideChosen = fresh.includes(`${row}${number - 1}`) || fresh.includes(`${row}${number + 1}`);
          return wall(row, number - 1) && wall(row, number + 1) && besideChosen;
        });
        expect(stranded({ taken, chosen })).toEqual(expected);
      }),
    );
  });

  it("never refuses a choice that strands nobody, and never reports a gap when nothing is chosen", () => {
    fc.assert(
      fc.property(screen, ({ taken, chosen }) => {
        if (stranded({ taken, chosen }).length === 0) expect(refuses({ taken, chosen })).toBe(false);
        expect(stranded({ taken, chosen: [] })).toEqual([]);
      }),
    );
  });

  it("gives a choice over several rows the union of what each row gives", () => {
    fc.assert(
      fc.property(screen, ({ taken, chosen }) => {
        const byRow = SEAT_ROWS.flatMap((row) =>
          stranded({ taken, chosen: chosen.filter((seat) => seatRow(seat) === row) }),
        );
        expect(stranded({ taken, chosen })).toEqual(byRow);
      }),
    );
  });

  it("strands nothing with adjacent seats from a row end or a taken seat, except the one seat past a block that leaves one", () => {
    const rowWithBlock = fc
      .tuple(fc.array(fc.boolean(), { minLength: SEATS_PER_ROW, maxLength: SEATS_PER_ROW }), fc.nat(8), fc.nat(8))
      .map(([takenMask, startIndex, size]) => {
        const taken = takenMask.flatMap((isTaken, index) => (isTaken ? [index + 1] : []));
        // The block starts at the row end or right after a taken seat, and runs over free seats only.
        const start = taken.includes(startIndex) || startIndex === 0 ? startIndex + 1 : 1;
        const block: number[] = [];
        for (let n = start; n <= SEATS_PER_ROW && block.length <= size && !taken.includes(n); n++) block.push(n);
        return { taken, block };
      })
      .filter(({ block }) => block.length > 0);

    fc.assert(
      fc.property(rowWithBlock, ({ taken, block }) => {
        const after = block.at(-1)! + 1;
        const leavesOne =
          after <= SEATS_PER_ROW && !taken.includes(after) && (after === SEATS_PER_ROW || taken.includes(after + 1));
        const inRowG = (numbers: number[]) => numbers.map((n) => `G${n}`);
        expect(stranded({ taken: inRowG(taken), chosen: inRowG(block) })).toEqual(leavesOne ? [`G${after}`] : []);
      }),
    );
  });

  it("never strands a seat when a choice fills a gap from wall to wall", () => {
    fc.assert(
      fc.property(fc.nat(SEATS_PER_ROW - 1), fc.nat(SEATS_PER_ROW - 1), (a, b) => {
        const [from, to] = [Math.min(a, b) + 1, Math.max(a, b) + 1];
        const taken = [from - 1, to + 1].filter((n) => n >= 1 && n <= SEATS_PER_ROW).map((n) => `H${n}`);
        const chosen = Array.from({ length: to - from + 1 }, (_, i) => `H${from + i}`);
        expect(stranded({ taken, chosen })).toEqual([]);
        expect(refuses({ taken, chosen })).toBe(false);
      }),
    );
  });
});

describe("stranded single seats in a hall with aisles, gaps and wheelchair places", () => {
  const aisles = hall(`
    A 1 2 3 | 4 5 6
    B 1 2 . 3 4 5
    C W1 C2 3 4 5 C6 W7
  `);
  const runs = seatRuns(aisles);
  const refusedIn = (taken: string[], chosen: string[]) => refusedStrandedSeats({ runs, taken, chosen });

  it("lets an aisle or a gap end a run, as a row's end does", () => {
    // A1 to A3 end at the aisle: A2 alone strands A1 and A3, where A1 or A3 would strand nobody.
    expect(refusedIn([], ["A1", "A2"])).toEqual([]);
    expect(refusedIn([], ["A3"])).toEqual([]);
    expect(refusedIn([], ["A2"])).toEqual(["A1", "A3"]);
    // With A1 taken, one seat strands another wherever it goes: allowed.
    expect(refusedIn(["A1"], ["A2"])).toEqual([]);
    // B1 and B2 end at the gap: one of them always leaves the other alone, so that is allowed.
    expect(refusedIn([], ["B1"])).toEqual([]);
    expect(refusedIn([], ["B3"])).toEqual([]);
    expect(refusedIn([], ["B4"])).toEqual(["B3", "B5"]);
  });

  it("never counts a wheelchair space or a companion seat as stranded, nor as a wall", () => {
    expect(refusedIn([], ["C3"])).toEqual([]);
    expect(refusedIn([], ["C4"])).toEqual(["C3", "C5"]);
    expect(findStrandedSeats({ runs, taken: [], chosen: ["C1", "C7"] })).toEqual([]);
  });
});

describe("companion seats", () => {
  const parsed = parseLayout("A W1 C2 3 4 C5 W6");
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  const partners = companionPartners(parsed.layout);

  it("go with the wheelchair space beside them, chosen with it or already held", () => {
    expect(refusedCompanionSeats({ partners, chosen: ["A2"], held: [] })).toEqual(["A2"]);
    expect(refusedCompanionSeats({ partners, chosen: ["A2", "A3", "A5"], held: [] })).toEqual(["A2", "A5"]);
    expect(refusedCompanionSeats({ partners, chosen: ["A1", "A2"], held: [] })).toEqual([]);
    expect(refusedCompanionSeats({ partners, chosen: ["A5"], held: ["A6"] })).toEqual([]);
    expect(refusedCompanionSeats({ partners, chosen: ["A5"], held: ["A1"] })).toEqual(["A5"]);
    expect(refusedCompanionSeats({ partners, chosen: ["A3", "A4"], held: [] })).toEqual([]);
  });

  it("are kept until the release time before the show, then open to everyone", () => {
    const startsAt = "2026-12-01T19:00:00.000Z";
    const at = (time: string) => Date.parse(time);
    expect(companionSeatsKept(startsAt, 60, at("2026-12-01T17:59:59.000Z"))).toBe(true);
    expect(companionSeatsKept(startsAt, 60, at("2026-12-01T18:00:00.000Z"))).toBe(false);
    expect(companionSeatsKept(startsAt, 0, at("2026-12-01T18:59:00.000Z"))).toBe(true);
    expect(companionSeatsKept(startsAt, 0, at("2026-12-01T19:00:00.000Z"))).toBe(false);
  });
});
