import { describe, expect, it } from "vitest";
import { plural } from "~/utils/format";
import { formatMoney } from "~/utils/money";
import {
  formatLocalClock,
  formatLocalDay,
  formatLocalShowTime,
  formatClockTime,
  formatShowTime,
  formatSortableTime,
  showDayLabel,
} from "~/utils/show-display";

const MOMENT = "2026-11-24T13:01:00.000Z";

describe("show and staff formatters", () => {
  it("show a moment in the cinema's zone", () => {
    expect(formatShowTime(MOMENT, "UTC")).toBe("Tue, Nov 24, 1:01 PM");
    expect(formatShowTime(MOMENT, "Asia/Kolkata")).toBe("Tue, Nov 24, 6:31 PM");
    expect(formatSortableTime(MOMENT, "America/New_York")).toBe("2026-11-24 08:01");
  });

  it("name the show days Today and Tomorrow, then by weekday and date, across a month's end", () => {
    expect(showDayLabel("2026-11-30", "2026-11-30")).toBe("Today");
    expect(showDayLabel("2026-12-01", "2026-11-30")).toBe("Tomorrow");
    expect(showDayLabel("2026-12-02", "2026-11-30")).toBe("Wed, Dec 2");
    expect(showDayLabel("2026-11-29", "2026-11-30")).toBe("Sun, Nov 29");
  });

  it("show a typed show time as it was typed", () => {
    expect(formatLocalShowTime("2026-11-24T18:45", "UTC")).toBe("Tue, Nov 24, 6:45 PM");
    expect(formatLocalShowTime("2020-11-23T19:30", "Asia/Kolkata", { withYear: true })).toBe(
      "Mon, Nov 23, 2020, 7:30 PM",
    );
    expect(formatLocalDay("2026-11-24T00:00")).toBe("Tue, Nov 24");
    expect(formatLocalClock("2026-11-24T09:05", "UTC")).toBe("9:05 AM");
  });

  it("name the zone's time where the clock shows a time twice", () => {
    const zone = "America/New_York";
    expect(formatLocalClock("2027-11-07T01:30-04:00", zone)).toBe("1:30 AM EDT");
    expect(formatLocalShowTime("2027-11-07T01:30-05:00", zone)).toBe("Sun, Nov 7, 1:30 AM EST");
    expect(formatLocalDay("2027-11-07T01:30-05:00")).toBe("Sun, Nov 7");
    expect(formatShowTime("2027-11-07T05:30:00Z", zone)).toBe("Sun, Nov 7, 1:30 AM EDT");
    expect(formatClockTime("2027-11-07T06:30:00Z", zone)).toBe("1:30 AM EST");
    // Only there: the hour after, and the day before, read as usual.
    expect(formatClockTime("2027-11-07T07:30:00Z", zone)).toBe("2:30 AM");
    expect(formatShowTime("2027-11-06T05:30:00Z", zone)).toBe("Sat, Nov 6, 1:30 AM");
  });

  it("show money and counts", () => {
    expect(formatMoney(1250, "USD")).toBe("$12.50");
    expect(plural(1, "seat")).toBe("1 seat");
    expect(plural(3, "show")).toBe("3 shows");
    expect(plural(0, "date")).toBe("0 dates");
  });
});
