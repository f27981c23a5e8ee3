import { describe, expect, it } from "vitest";
import { addDays, cinemaToday, isShowDay, isValidDay } from "~/utils/dates";

describe("cinemaToday", () => {
  const instant = new Date("2026-03-10T20:00:00Z");

  it("is the calendar day in the cinema's zone, not the server's", () => {
    expect(cinemaToday("UTC", instant)).toBe("2026-03-10");
    expect(cinemaToday("Asia/Kolkata", instant)).toBe("2026-03-11"); // 01:30 the next morning
    expect(cinemaToday("America/Los_Angeles", instant)).toBe("2026-03-10");
    expect(cinemaToday("Pacific/Kiritimati", new Date("2026-12-31T10:00:00Z"))).toBe("2027-01-01");
  });

  it("defaults to now", () => {
    expect(cinemaToday("UTC")).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe("addDays", () => {
  it("crosses months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-03-07", 13)).toBe("2026-03-20");
  });

  it("counts calendar days across a daylight saving change", () => {
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
  });
});

describe("isValidDay", () => {
  it.each(["2026-11-24", "2028-02-29", "2026-01-01"])("accepts %s", (day) => {
    expect(isValidDay(day)).toBe(true);
  });

  it.each([
    "2026-02-29",
    "2026-13-01",
    "2026-11-31",
    "2026-1-5",
    "26-11-24",
    "2026-11-24T00:00",
    "",
    "today",
    "<b>x</b>",
  ])("refuses %j", (day) => {
    expect(isValidDay(day)).toBe(false);
  });
});

describe("isShowDay", () => {
  it.each(["2000-01-01", "2026-11-24", "2099-12-31"])("accepts a day in the years shows are sold: %s", (day) => {
    expect(isShowDay(day)).toBe(true);
  });

  it.each(["0000-01-01", "1999-12-31", "2100-01-01", "9999-12-31", "10000-01-01", "2024-02-30", "99999999999-01-01"])(
    "refuses %j",
    (day) => {
      expect(isShowDay(day)).toBe(false);
    },
  );
});
