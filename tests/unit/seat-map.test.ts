import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_SEATS_PER_BOOKING,
  SEAT_LABELS,
  SEAT_ROW_PAIRS,
  SEAT_ROWS,
  SEATS_PER_ROW,
  bookingAmountCents,
  findStrandedSeats,
  isSeatLabel,
  refusesStrandedSeat,
  seatNumber,
  seatRow,
} from "~/models/seat-map";

/** "A1-A4" -> A1, A2, A3, A4; "A1 A3" -> A1, A3 */
function seats(list: string) {
  return list.split(" ").flatMap((part) => {
    const [from, to = from] = part.split("-");
    return SEAT_LABELS.filter((seat) => seat[0] === from[0] && seat >= from && seat <= to);
  });
}

function choice(taken: string, chosen: string) {
  return { taken: seats(taken), chosen: seats(chosen) };
}

describe("the hall", () => {
  it("has rows A to J of 9 seats, and a booking of at most 5", () => {
    expect(SEAT_ROWS).toEqual(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]);
    expect(SEATS_PER_ROW).toBe(9);
    expect(MAX_SEATS_PER_BOOKING).toBe(5);
  });

  it("lists its 90 seats in row order", () => {
    expect(SEAT_LABELS).toHaveLength(90);
    expect(SEAT_LABELS.slice(0, 10)).toEqual(["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "B1"]);
    expect(SEAT_LABELS.at(-1)).toBe("J9");
    expect(new Set(SEAT_LABELS).size).toBe(90);
  });

  it("is drawn as 5 pairs of rows", () => {
    expect(SEAT_ROW_PAIRS.map((pair) => pair.join("+"))).toEqual(["A+B", "C+D", "E+F", "G+H", "I+J"]);
  });

  it("knows its seat labels exactly", () => {
    for (const label of ["A1", "A9", "E5", "J1", "J9"]) expect(isSeatLabel(label)).toBe(true);
    const notLabels = ["K1", "A10", "A01", "a1", " A1", "A1 ", "A0", "", "A", "1", "AA1", "A-1"];
    for (const value of [...notLabels, 1, null, undefined, ["A1"]]) expect(isSeatLabel(value)).toBe(false);
    fc.assert(fc.property(fc.string(), (value) => isSeatLabel(value) === /^[A-J][1-9]$/.test(value)));
  });

  it("reads the row and number of a seat", () => {
    expect(seatRow("C7")).toBe("C");
    expect(seatNumber("C7")).toBe(7);
    expect(seatNumber("J9")).toBe(9);
    expect(() => seatRow("K1")).toThrow('"K1" is not a seat label');
    expect(() => seatNumber("A10")).toThrow('"A10" is not a seat label');
  });
});

describe("booking amount", () => {
  it("is the show price times the seats, in cents", () => {
    expect(bookingAmountCents(1299, 3)).toBe(3897);
    expect(bookingAmountCents(4900, 1)).toBe(4900);
    expect(bookingAmountCents(4900, 0)).toBe(0);
    expect(bookingAmountCents(0, 5)).toBe(0);
  });

  it("refuses fractions, negatives and amounts too large to count", () => {
    expect(() => bookingAmountCents(12.99, 2)).toThrow("The price must be a whole, non-negative number of minor units");
    expect(() => bookingAmountCents(-100, 2)).toThrow("The price must be a whole, non-negative number of minor units");
    expect(() => bookingAmountCents(NaN, 2)).toThrow("The price must be a whole, non-negative number of minor units");
    expect(() => bookingAmountCents(100, 1.5)).toThrow("The seat count must be a whole, non-negative number");
    expect(() => bookingAmountCents(100, -1)).toThrow("The seat count must be a whole, non-negative number");
    expect(() => bookingAmountCents(Number.MAX_SAFE_INTEGER, 2)).toThrow("too large to count in minor units");
  });
});

describe("stranded single seats", () => {
  it("finds none for an empty choice or seats taken from a row end", () => {
    expect(findStrandedSeats(choice("", ""))).toEqual([]);
    expect(findStrandedSeats(choice("", "A1 A2"))).toEqual([]);
    expect(findStrandedSeats(choice("", "A7-A9"))).toEqual([]);
    expect(findStrandedSeats(choice("", "E4-E6"))).toEqual([]);
  });

  it("refuses leaving a single seat at a row end", () => {
    expect(findStrandedSeats(choice("", "A2 A3"))).toEqual(["A1"]);
    expect(refusesStrandedSeat(choice("", "A2 A3"))).toBe(true);
    expect(findStrandedSeats(choice("", "A7 A8"))).toEqual(["A9"]);
    expect(refusesStrandedSeat(choice("", "A7 A8"))).toBe(true);
    expect(findStrandedSeats(choice("", "A2"))).toEqual(["A1"]);
    expect(refusesStrandedSeat(choice("", "A2"))).toBe(true);
  });

  it("refuses leaving a single seat beside a taken one", () => {
    expect(findStrandedSeats(choice("C1", "C3 C4"))).toEqual(["C2"]);
    expect(refusesStrandedSeat(choice("C1", "C3 C4"))).toBe(true);
    expect(refusesStrandedSeat(choice("C1", "C2 C3"))).toBe(false);
    expect(findStrandedSeats(choice("C5", "C2 C3"))).toEqual(["C1", "C4"]);
  });

  it("refuses chosen seats with one empty seat between them", () => {
    expect(findStrandedSeats(choice("", "A1 A3"))).toEqual(["A2"]);
    expect(refusesStrandedSeat(choice("", "A1 A3"))).toBe(true);
    expect(findStrandedSeats(choice("", "A4 A6"))).toEqual(["A5"]);
    expect(findStrandedSeats(choice("", "A1 A9"))).toEqual([]);
    expect(refusesStrandedSeat(choice("", "A1 A9"))).toBe(false);
  });

  it("does not blame the customer for a gap that was already there", () => {
    expect(findStrandedSeats(choice("B1 B3", ""))).toEqual([]);
    expect(findStrandedSeats(choice("B1 B3", "B6 B7"))).toEqual([]);
    expect(findStrandedSeats(choice("B1 B3", "B4"))).toEqual([]);
    expect(findStrandedSeats(choice("B1 B3", "B5"))).toEqual(["B4"]);
    expect(findStrandedSeats(choice("B1 B3", "B2"))).toEqual([]);
  });

  it("allows stranding a seat when every other choice in that row would too", () => {
    // Two seats left: whichever one is taken, the other is alone.
    expect(findStrandedSeats(choice("D1-D7", "D8"))).toEqual(["D9"]);
    expect(refusesStrandedSeat(choice("D1-D7", "D8"))).toBe(false);
    // Three seats left for two people.
    expect(refusesStrandedSeat(choice("D1-D6", "D7 D8"))).toBe(false);
    expect(refusesStrandedSeat(choice("D1-D6", "D8 D9"))).toBe(false);
    // Four seats left for two people: D6-D7 or D8-D9 strand nobody.
    expect(refusesStrandedSeat(choice("D1-D5", "D7 D8"))).toBe(true);
    // Free pairs only, three people: any three seats break a pair.
    expect(findStrandedSeats(choice("D3 D6 D9", "D1 D2 D4"))).toEqual(["D5"]);
    expect(refusesStrandedSeat(choice("D3 D6 D9", "D1 D2 D4"))).toBe(false);
  });

  it("compares a split group with other splits when no block of adjacent seats is large enough", () => {
    // Free blocks of 2, 3 and 2: four people must split, and D1 D2 D8 D9 strands nobody.
    expect(findStrandedSeats(choice("D3 D7", "D1 D4 D5 D8"))).toEqual(["D2", "D6", "D9"]);
    expect(refusesStrandedSeat(choice("D3 D7", "D1 D4 D5 D8"))).toBe(true);
    expect(findStrandedSeats(choice("D3 D7", "D1 D2 D8 D9"))).toEqual([]);
  });

  it("judges each row of a choice that spans two rows on its own", () => {
    expect(findStrandedSeats(choice("", "A1 A2 B2 B3"))).toEqual(["B1"]);
    expect(refusesStrandedSeat(choice("", "A1 A2 B2 B3"))).toBe(true);
    expect(refusesStrandedSeat(choice("", "A1 A2 B1 B2"))).toBe(false);
    // Both rows nearly full: no better choice in either.
    expect(findStrandedSeats(choice("A1-A7 B3-B9", "A8 B2"))).toEqual(["A9", "B1"]);
    expect(refusesStrandedSeat(choice("A1-A7 B3-B9", "A8 B2"))).toBe(false);
    // Row A has no better choice, row B has.
    expect(refusesStrandedSeat(choice("A1-A7", "A8 B2"))).toBe(true);
  });

  it("counts a chosen seat that is already taken as taken, ignores labels that are not seats, takes any iterable", () => {
    expect(findStrandedSeats(choice("A3", "A3"))).toEqual([]);
    expect(findStrandedSeats({ taken: ["A3"], chosen: ["A3", "A1"] })).toEqual(["A2"]);
    expect(findStrandedSeats({ taken: ["K1", "A0"], chosen: ["A10", "a2", "A2"] })).toEqual(["A1"]);
    expect(findStrandedSeats({ taken: new Set(["F5"]), chosen: new Set(["F7"]) })).toEqual(["F6"]);
  });
});

describe("stranded single seats, for any hall", () => {
  const hall = fc.record({
    taken: fc.subarray([...SEAT_LABELS]),
    chosen: fc.subarray([...SEAT_LABELS], { maxLength: MAX_SEATS_PER_BOOKING }),
  });

  it("never reports a taken or chosen seat, nor one twice, and lists seats in hall order", () => {
    fc.assert(
      fc.property(hall, ({ taken, chosen }) => {
        const stranded = findStrandedSeats({ taken, chosen });
        expect(stranded.filter((seat) => taken.includes(seat) || chosen.includes(seat))).toEqual([]);
        expect(stranded).toEqual(SEAT_LABELS.filter((seat) => stranded.includes(seat)));
      }),
    );
  });

  it("reports exactly the empty seats walled in on both sides with a chosen seat beside them", () => {
    fc.assert(
      fc.property(hall, ({ taken, chosen }) => {
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
        expect(findStrandedSeats({ taken, chosen })).toEqual(expected);
      }),
    );
  });

  it("never refuses a choice that strands nobody, and never reports a gap when nothing is chosen", () => {
    fc.assert(
      fc.property(hall, ({ taken, chosen }) => {
        if (findStrandedSeats({ taken, chosen }).length === 0)
          expect(refusesStrandedSeat({ taken, chosen })).toBe(false);
        expect(findStrandedSeats({ taken, chosen: [] })).toEqual([]);
      }),
    );
  });

  it("gives a choice over several rows the union of what each row gives", () => {
    fc.assert(
      fc.property(hall, ({ taken, chosen }) => {
        const byRow = SEAT_ROWS.flatMap((row) =>
          findStrandedSeats({ taken, chosen: chosen.filter((seat) => seatRow(seat) === row) }),
        );
        expect(findStrandedSeats({ taken, chosen })).toEqual(byRow);
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
        expect(findStrandedSeats({ taken: inRowG(taken), chosen: inRowG(block) })).toEqual(
          leavesOne ? [`G${after}`] : [],
        );
      }),
    );
  });

  it("never strands a seat when a choice fills a gap from wall to wall", () => {
    fc.assert(
      fc.property(fc.nat(SEATS_PER_ROW - 1), fc.nat(SEATS_PER_ROW - 1), (a, b) => {
        const [from, to] = [Math.min(a, b) + 1, Math.max(a, b) + 1];
        const taken = [from - 1, to + 1].filter((n) => n >= 1 && n <= SEATS_PER_ROW).map((n) => `H${n}`);
        const chosen = Array.from({ length: to - from + 1 }, (_, i) => `H${from + i}`);
        expect(findStrandedSeats({ taken, chosen })).toEqual([]);
        expect(refusesStrandedSeat({ taken, chosen })).toBe(false);
      }),
    );
  });
});
