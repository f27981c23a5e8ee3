import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  companionPartners,
  hallColumns,
  layoutSeats,
  packLayout,
  seatInDirection,
  seatLabels,
  seatRuns,
  seatsInHallOrder,
  seatTypesOf,
  unpackLayout,
  type HallLayout,
} from "~/domain/hall-layout";
import { layoutText, MAX_LAYOUT_TEXT, nextPlaceKind, parseLayout, readLayout } from "~/domain/hall-layout-text";

function layout(text: string): HallLayout {
  const parsed = parseLayout(text);
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  return parsed.layout;
}

const problems = (text: string) => {
  const parsed = parseLayout(text);
  return parsed.ok ? [] : parsed.problems;
};

describe("reading a layout", () => {
  it("reads rows of seats, gaps, aisles, types and walkways", () => {
    const hall = layout(`
      # the front block
      A: . 1 2 | 3 4 .
      B  P1 P2 | P3 P4
      --
      C  W1 C2 3 | 4 C5 W6
    `);
    expect(hall.lines).toEqual([
      {
        row: "A",
        cells: [
          { space: "gap" },
          { seat: 1, type: "standard" },
          { seat: 2, type: "standard" },
          { space: "aisle" },
          { seat: 3, type: "standard" },
          { seat: 4, type: "standard" },
          { space: "gap" },
        ],
      },
      {
        row: "B",
        cells: [
          { seat: 1, type: "premium" },
          { seat: 2, type: "premium" },
          { space: "aisle" },
          { seat: 3, type: "premium" },
          { seat: 4, type: "premium" },
        ],
      },
      { walkway: true },
      {
        row: "C",
        cells: [
          { seat: 1, type: "wheelchair" },
          { seat: 2, type: "companion" },
          { seat: 3, type: "standard" },
          { space: "aisle" },
          { seat: 4, type: "standard" },
          { seat: 5, type: "companion" },
          { seat: 6, type: "wheelchair" },
        ],
      },
    ]);
    expect(layoutSeats(hall).map((seat) => seat.label)).toEqual([
      "A1",
      "A2",
      "A3",
      "A4",
      "B1",
      "B2",
      "B3",
      "B4",
      "C1",
      "C2",
      "C3",
      "C4",
      "C5",
      "C6",
    ]);
    expect(seatTypesOf(hall)).toEqual(["standard", "premium", "wheelchair", "companion"]);
  });

  it("keeps the numbers printed on the seats, not their positions", () => {
    const seats = layoutSeats(layout("A . 2 4 6 | 8"));
    expect(seats.map((seat) => [seat.label, seat.column])).toEqual([
      ["A2", 1],
      ["A4", 2],
      ["A6", 3],
      ["A8", 5],
    ]);
  });

  it("drops walkways that separate nothing", () => {
    expect(layout("--\nA 1\n--\n--\nB 1\n--").lines).toEqual([
      { row: "A", cells: [{ seat: 1, type: "standard" }] },
      { walkway: true },
      { row: "B", cells: [{ seat: 1, type: "standard" }] },
    ]);
  });

  it("says what is wrong, line by line", () => {
    expect(problems("A 1 2 x3")).toEqual([expect.stringMatching(/^Line 1: "x3" is not a place/)]);
    expect(problems("1 2 3")).toEqual(['Line 1: start a row with its letter (A to Z), or write "--" for a walkway.']);
    expect(problems("A 1 100")).toEqual([expect.stringMatching(/^Line 1: "100" is not a place/)]);
    expect(problems("A 1 2\nA 3 4")).toEqual(["Row A is written twice."]);
    expect(problems("A 1 2 1")).toEqual(["Seat A1 is written twice."]);
    expect(problems("A 1 . |")).toEqual([]);
    expect(problems("A . |")).toEqual(["Row A has no seats.", "A hall needs at least one seat."]);
    expect(problems("")).toEqual(["A hall needs at least one seat."]);
    expect(problems("A C1 2 W3")).toEqual(["Companion seat A1 must be right next to a wheelchair space."]);
    expect(problems("A W1 . C2")).toEqual(["Companion seat A2 must be right next to a wheelchair space."]);
    expect(problems("A W1 C2 C3")).toEqual(["Companion seat A3 must be right next to a wheelchair space."]);
    expect(problems("A 0")).toEqual(["Row A: seat numbers go from 1 to 99."]);
    expect(problems(`A ${"1 ".repeat(41)}`)).toContain("Row A is too long: at most 40 places a row.");
    expect(problems("A 1\n".repeat(3000))).toEqual([`The layout is too long: at most ${MAX_LAYOUT_TEXT} characters.`]);
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    expect(problems([...letters].map((row) => `${row} 1`).join("\n"))).toEqual([]);
  });

  it("writes back the text it reads", () => {
    const cell = fc.oneof(
      fc.constantFrom(".", "|"),
      fc.tuple(fc.constantFrom("", "P"), fc.integer({ min: 1, max: 99 })).map(([mark, n]) => `${mark}${n}`),
    );
    const row = fc.array(cell, { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), (rows) => {
        const text = rows.map((cells, i) => `${"ABCDEFGH"[i]} 1 ${cells.join(" ")}`).join("\n");
        const parsed = parseLayout(text);
        if (!parsed.ok) return; // a seat written twice, say
        expect(parseLayout(layoutText(parsed.layout))).toEqual(parsed);
      }),
    );
  });
});

describe("the places of a hall", () => {
  const hall = layout(`
    A 1 2 3 | 4 5 6
    B 1 2 . 3 4 5
    --
    C W1 C2 3 4 C5 W6
  `);

  it("splits rows into runs at gaps, aisles and wheelchair and companion places", () => {
    expect(seatRuns(hall)).toEqual([
      ["A1", "A2", "A3"],
      ["A4", "A5", "A6"],
      ["B1", "B2"],
      ["B3", "B4", "B5"],
      ["C3", "C4"],
    ]);
  });

  it("pairs each companion seat with the wheelchair space beside it", () => {
    expect(companionPartners(hall)).toEqual(
      new Map([
        ["C2", ["C1"]],
        ["C5", ["C6"]],
      ]),
    );
    expect(companionPartners(layout("A W1 C2 W3"))).toEqual(new Map([["A2", ["A1", "A3"]]]));
  });

  it("is as many places wide as its longest row, gaps and aisles included", () => {
    expect(hallColumns(hall)).toBe(7);
    expect(hallColumns(layout("A 1 2\n--\nB . 1 2 | 3 4 5 6 7 8 9 10 11 12 13 14 ."))).toBe(17);
    expect(hallColumns({ lines: [] })).toBe(1);
  });

  it("puts seats in hall order and leaves out those the hall does not have", () => {
    const hallSeats = seatLabels(hall);
    expect(hallSeats).toEqual(layoutSeats(hall).map((seat) => seat.label));
    expect(seatsInHallOrder(hallSeats, ["C5", "A2", "B4", "Z9", "A10", "B3"])).toEqual(["A2", "B3", "B4", "C5"]);
    expect(seatsInHallOrder(hallSeats, [])).toEqual([]);
  });

  it("lists a layout's seats and runs once: the same layout object gets the same lists, an equal copy its own", () => {
    expect(layoutSeats(hall)).toBe(layoutSeats(hall));
    expect(seatLabels(hall)).toBe(seatLabels(hall));
    expect(seatRuns(hall)).toBe(seatRuns(hall));
    const copy = structuredClone(hall);
    expect(layoutSeats(copy)).not.toBe(layoutSeats(hall));
    expect(layoutSeats(copy)).toEqual(layoutSeats(hall));
  });

  it("moves with the arrow keys along the layout, over aisles and walkways", () => {
    const seats = layoutSeats(hall);
    expect(seatInDirection(seats, "A3", "right")).toBe("A4");
    expect(seatInDirection(seats, "A6", "right")).toBeNull();
    expect(seatInDirection(seats, "B3", "left")).toBe("B2");
    // B's gap sits under A3: down from A3 goes to the nearest seat of B, then over the walkway to C.
    expect(seatInDirection(seats, "A3", "down")).toBe("B2");
    expect(seatInDirection(seats, "B5", "down")).toBe("C6");
    expect(seatInDirection(seats, "C1", "up")).toBe("B1");
    expect(seatInDirection(seats, "A1", "up")).toBeNull();
    expect(seatInDirection(seats, "A1", "right", (label) => label === "A2")).toBe("A3");
    expect(seatInDirection(seats, "Z9", "right")).toBeNull();
  });
});

describe("the layout in the seat page's data", () => {
  const hall = layout(`
    A: . 1 2 | 3 4 .
    B  P1 P2 | P3 P4
    --
    C  W1 C2 3 | 11 C12 W13
  `);
  // What the browser gets: the loader data as JSON, new objects.
  const inBrowser = (packed: readonly string[]) => unpackLayout(JSON.parse(JSON.stringify(packed)));

  it("is a line of text a row, and comes back as the same layout", () => {
    expect(packLayout(hall)).toEqual(["A:g,1s,2s,a,3s,4s,g", "B:1p,2p,a,3p,4p", "", "C:1w,2c,3s,a,11s,12c,13w"]);
    expect(inBrowser(packLayout(hall))).toEqual(hall);
  });

  it("comes back as the very layout it was made from in the process that made it, so what is kept per layout stays", () => {
    expect(unpackLayout(packLayout(hall))).toBe(hall);
    const copy = JSON.parse(JSON.stringify(packLayout(hall)));
    expect(unpackLayout(copy)).toBe(unpackLayout(copy));
  });

  it("comes back whole for any layout the editor reads", () => {
    const cell = fc.oneof(
      fc.constantFrom(".", "|"),
      fc.tuple(fc.constantFrom("", "P"), fc.integer({ min: 1, max: 99 })).map(([mark, n]) => `${mark}${n}`),
    );
    const line = fc.oneof(fc.array(cell, { minLength: 1, maxLength: 12 }), fc.constant(null));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const text = lines.map((cells, i) => (cells ? `${"ABCDEFGH"[i]} 1 ${cells.join(" ")}` : "--")).join("\n");
        const parsed = parseLayout(text);
        if (!parsed.ok) return; // a seat written twice, a walkway first
        expect(inBrowser(packLayout(parsed.layout))).toEqual(parsed.layout);
      }),
    );
  });
});

describe("changing a seat's kind in the editor's grid", () => {
  const press = (text: string, line: number, column: number) => {
    const changed = nextPlaceKind(readLayout(text).layout!, line, column);
    return changed && layoutText(changed);
  };

  it("goes standard, premium, wheelchair, companion, gap and back to a seat", () => {
    const seen = ["A 1 2 3"];
    for (let press_ = 0; press_ < 5; press_++) seen.push(press(seen[seen.length - 1], 0, 1)!);
    expect(seen).toEqual(["A 1 2 3", "A 1 P2 3", "A 1 W2 3", "A 1 C2 3", "A 1 . 3", "A 1 2 3"]);
  });

  it("numbers a gap turned seat with its row's lowest free number; leaves aisles, walkways and the row's end", () => {
    expect(press("A . 1 2 4", 0, 0)).toBe("A 3 1 2 4");
    expect(press("A 1 | 2\n--\nB 1", 0, 1)).toBeNull();
    expect(press("A 1 | 2\n--\nB 1", 1, 0)).toBeNull();
    expect(press("A 1 2", 0, 2)).toBeNull();
    expect(press("A 1 2", 5, 0)).toBeNull();
  });

  it("reads a layout that is not yet a hall, with what is wrong, so the grid can still be drawn", () => {
    expect(readLayout("A 1 C2 3")).toEqual({
      layout: {
        lines: [{ row: "A", cells: [1, 2, 3].map((seat) => ({ seat, type: seat === 2 ? "companion" : "standard" })) }],
      },
      problems: ["Companion seat A2 must be right next to a wheelchair space."],
    });
    expect(readLayout("A 1 x")).toMatchObject({
      layout: null,
      problems: [expect.stringContaining('"x" is not a place')],
    });
  });
});
