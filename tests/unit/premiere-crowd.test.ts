import { expect, it } from "vitest";
import { crowdSize } from "../../scripts/prove/premiere.mjs";

// `npm run prove`'s premiere crowd, which PREMIERE_BUYERS sizes to find the rate a machine answers within its p99.

it("keeps the scale's crowd when PREMIERE_BUYERS is not set", () => {
  expect(crowdSize(undefined, 5000)).toBe(5000);
  expect(crowdSize("", 500)).toBe(500);
});

it("takes a whole number of buyers from 1 to 99,999", () => {
  expect(crowdSize("1", 5000)).toBe(1);
  expect(crowdSize("2500", 5000)).toBe(2500);
  expect(crowdSize("99999", 5000)).toBe(99999);
});

it.each(["0", "-5", "2.5", "1e3", "0x10", " 2500", "100000", "abc", "2500 buyers"])(
  "refuses %j with the setting's name",
  (setting) => {
    expect(() => crowdSize(setting, 5000)).toThrow(/^PREMIERE_BUYERS must be a whole number from 1 to 99999/);
  },
);
