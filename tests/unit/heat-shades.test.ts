import { describe, expect, it } from "vitest";
import { HEAT_SHADES } from "~/components/charts/heat-shades";

// WCAG 2.1's relative luminance and contrast ratio.
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (one: string, other: string) => {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
};

describe("the heat map's shades", () => {
  it("print each cell's figure at 4.5:1 or more on its fill", () => {
    for (const { fill, text } of HEAT_SHADES)
      expect(contrast(fill, text), `${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
  });

  it("go from the darkest to the lightest, so more seats sold is lighter", () => {
    const luminances = HEAT_SHADES.map(({ fill }) => luminance(fill));
    expect(luminances).toEqual([...luminances].sort((a, b) => a - b));
  });
});
