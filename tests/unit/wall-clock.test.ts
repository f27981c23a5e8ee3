import { describe, expect, it } from "vitest";
import { localShowTime, parseShowTime, resolveShowTime } from "~/utils/wall-clock";

// New York's clocks go forward at 2:00 AM on 14 March 2027 and back at 2:00 AM on 7 November 2027.
const NEW_YORK = "America/New_York";
const moment = (iso: string) => ({ ok: true, startsAt: new Date(iso) });

describe("parseShowTime", () => {
  it("reads a datetime-local value, with the offset chosen for a time that happens twice", () => {
    expect(parseShowTime("2027-11-07T01:30")).toEqual({ day: "2027-11-07", local: "2027-11-07T01:30", offset: null });
    expect(parseShowTime("2027-11-07T01:30-04:00")).toEqual({
      day: "2027-11-07",
      local: "2027-11-07T01:30",
      offset: "-04:00",
    });
  });

  it.each(["2027-02-30T10:00", "2027-11-07T24:00", "2027-11-07 10:00", "2027-11-07T01:30Z", "10000-01-01T10:00", ""])(
    "refuses %j",
    (value) => {
      expect(parseShowTime(value)).toBeNull();
    },
  );
});

describe("resolveShowTime", () => {
  it("gives the one moment of an ordinary time", () => {
    expect(resolveShowTime("2027-06-01T19:30", NEW_YORK)).toEqual(moment("2027-06-01T23:30:00Z"));
    expect(resolveShowTime("2027-12-01T19:30", NEW_YORK)).toEqual(moment("2027-12-02T00:30:00Z"));
    expect(resolveShowTime("2027-03-14T01:59", NEW_YORK)).toEqual(moment("2027-03-14T06:59:00Z"));
    expect(resolveShowTime("2027-03-14T03:00", NEW_YORK)).toEqual(moment("2027-03-14T07:00:00Z"));
    expect(resolveShowTime("2027-11-07T02:00", NEW_YORK)).toEqual(moment("2027-11-07T07:00:00Z"));
    expect(resolveShowTime("2027-11-07T01:30", "UTC")).toEqual(moment("2027-11-07T01:30:00Z"));
    expect(resolveShowTime("2027-03-28T02:30", "Asia/Kolkata")).toEqual(moment("2027-03-27T21:00:00Z"));
  });

  it("refuses a time the clocks skip when they go forward", () => {
    for (const time of ["2027-03-14T02:00", "2027-03-14T02:30", "2027-03-14T02:59"]) {
      expect(resolveShowTime(time, NEW_YORK)).toEqual({ ok: false, reason: "nonexistent" });
    }
    expect(resolveShowTime("2027-03-28T02:30", "Europe/Berlin")).toEqual({ ok: false, reason: "nonexistent" });
  });

  it("asks which of a time the clocks repeat when they go back, the first occurrence first", () => {
    expect(resolveShowTime("2027-11-07T01:30", NEW_YORK)).toEqual({
      ok: false,
      reason: "ambiguous",
      choices: ["2027-11-07T01:30-04:00", "2027-11-07T01:30-05:00"],
    });
    expect(resolveShowTime("2027-10-31T02:30", "Europe/Berlin")).toEqual({
      ok: false,
      reason: "ambiguous",
      choices: ["2027-10-31T02:30+02:00", "2027-10-31T02:30+01:00"],
    });
  });

  it("takes the occurrence chosen, and no offset the time cannot have", () => {
    expect(resolveShowTime("2027-11-07T01:30-04:00", NEW_YORK)).toEqual(moment("2027-11-07T05:30:00Z"));
    expect(resolveShowTime("2027-11-07T01:30-05:00", NEW_YORK)).toEqual(moment("2027-11-07T06:30:00Z"));
    for (const time of [
      "2027-11-07T01:30-06:00",
      "2027-06-01T10:00-04:00",
      "2027-03-14T02:30-05:00",
      "2027-13-01T10:00",
      "0000-01-01T10:00",
    ]) {
      expect(resolveShowTime(time, NEW_YORK)).toEqual({ ok: false, reason: "invalid" });
    }
  });
});

describe("localShowTime", () => {
  it("writes a moment as the form does, with the offset only where the time happens twice", () => {
    expect(localShowTime(new Date("2027-06-01T23:30:00Z"), NEW_YORK)).toBe("2027-06-01T19:30");
    expect(localShowTime(new Date("2027-11-07T05:30:00Z"), NEW_YORK)).toBe("2027-11-07T01:30-04:00");
    expect(localShowTime(new Date("2027-11-07T06:30:00Z"), NEW_YORK)).toBe("2027-11-07T01:30-05:00");
    expect(localShowTime(new Date("2027-11-07T01:30:00Z"), "UTC")).toBe("2027-11-07T01:30");
  });
});
