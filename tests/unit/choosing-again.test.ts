// Choosing seats again after a hold ran out: the link back to the seat page, what it preselects, the clock, the words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseSeatsAgainUrl } from "~/domain/booking";
import { seatPageUrl } from "~/domain/seat-page-paths";
import { MAX_SEATS_PER_BOOKING } from "~/domain/seat-limits";
import { preselectedSeats } from "~/domain/seat-map";
import { cinemaDay } from "~/utils/dates";
import { formatTimeLeft } from "~/utils/format";

const HALL = [..."AB"].flatMap((row) => [1, 2, 3, 4, 5, 6].map((number) => `${row}${number}`));

describe("preselectedSeats", () => {
  it("keeps the free seats of the hall that were asked for, in hall order", () => {
    expect(preselectedSeats(["B2", "A3"], { hallSeats: HALL, taken: [] })).toEqual(["A3", "B2"]);
  });

  it("drops taken, unknown, repeated and made-up seats without a word", () => {
    const asked = ["A1", "A2", "Z9", "A2", "<script>", "", "a3", "A03", "B1"];
    expect(preselectedSeats(asked, { hallSeats: HALL, taken: ["A1"] })).toEqual(["A2", "B1"]);
  });

  it("keeps at most a booking's worth", () => {
    expect(preselectedSeats(HALL, { hallSeats: HALL, taken: ["A2"] })).toEqual(["A1", "A3", "A4", "A5", "A6"]);
  });

  it("never answers more than five seats, nor any that is taken or not in the hall", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...HALL), fc.string({ maxLength: 4 }))),
        fc.subarray(HALL),
        (asked, taken) => {
          const kept = preselectedSeats(asked, { hallSeats: HALL, taken });
          expect(kept.length).toBeLessThanOrEqual(MAX_SEATS_PER_BOOKING);
          for (const seat of kept) {
            expect(asked).toContain(seat);
            expect(HALL).toContain(seat);
            expect(taken).not.toContain(seat);
          }
        },
      ),
    );
  });
});

describe("seatPageUrl and chooseSeatsAgainUrl", () => {
  const booking = {
    movie: { id: "1029437", title: "Ember", posterUrl: "", runtime: 120 },
    showId: "6f1c1c7e-3a7b-4c1e-9f0a-2b1f0e4d5c6a",
    seats: ["D4", "D5"],
    startsAt: "2026-11-25T02:30:00Z",
  };

  it("asks for the show and each seat", () => {
    expect(seatPageUrl("42", "2026-11-24", "abc", ["D4", "D5"])).toBe(
      "/movies/42/2026-11-24?time=abc&seats=D4&seats=D5",
    );
  });

  it("opens the show's day in the cinema's zone", () => {
    const query = "time=6f1c1c7e-3a7b-4c1e-9f0a-2b1f0e4d5c6a&seats=D4&seats=D5";
    expect(chooseSeatsAgainUrl(booking, "UTC")).toBe(`/movies/1029437/2026-11-25?${query}`);
    // 02:30 UTC is still the evening before in New York.
    expect(chooseSeatsAgainUrl(booking, "America/New_York")).toBe(`/movies/1029437/2026-11-24?${query}`);
  });

  it("cinemaDay is the day a moment falls on in a zone", () => {
    expect(cinemaDay(new Date("2026-03-10T20:00:00Z"), "Asia/Kolkata")).toBe("2026-03-11");
  });
});

describe("formatTimeLeft", () => {
  it.each([
    [600, "10:00"],
    [599, "9:59"],
    [59.2, "1:00"],
    [42, "0:42"],
    [0.4, "0:01"],
    [0, "0:00"],
    [-5, "0:00"],
  ])("%s seconds read %s", (seconds, text) => {
    expect(formatTimeLeft(seconds)).toBe(text);
  });
});
