import { describe, expect, it } from "vitest";
import { plural } from "~/utils/format";
import {
  formatClock24,
  formatLocalClock,
  formatLocalDay,
  formatLocalShowTime,
  formatMoney,
  formatShowTime,
  formatSortableTime,
} from "~/utils/show-display";

const MOMENT = "2026-11-24T13:01:00.000Z";

describe("show and staff formatters", () => {
  it("show a moment in the cinema's zone", () => {
    expect(formatShowTime(MOMENT, "UTC")).toBe("Tue, Nov 24, 1:01 PM");
    expect(formatShowTime(MOMENT, "Asia/Kolkata")).toBe("Tue, Nov 24, 6:31 PM");
    expect(formatClock24(MOMENT, "Asia/Kolkata")).toBe("18:31");
    expect(formatClock24("2026-11-24T23:05:00Z", "UTC")).toBe("23:05");
    expect(formatSortableTime(MOMENT, "America/New_York")).toBe("2026-11-24 08:01");
  });

  it("show a typed show time as it was typed", () => {
    expect(formatLocalShowTime("2026-11-24T18:45")).toBe("Tue, Nov 24, 6:45 PM");
    expect(formatLocalShowTime("2020-11-23T19:30", { withYear: true })).toBe("Mon, Nov 23, 2020, 7:30 PM");
    expect(formatLocalDay("2026-11-24T00:00")).toBe("Tue, Nov 24");
    expect(formatLocalClock("2026-11-24T09:05")).toBe("9:05 AM");
  });

  it("show money and counts", () => {
    expect(formatMoney(1250, "USD")).toBe("$12.50");
    expect(plural(1, "seat")).toBe("1 seat");
    expect(plural(3, "show")).toBe("3 shows");
    expect(plural(0, "date")).toBe("0 dates");
  });
});
