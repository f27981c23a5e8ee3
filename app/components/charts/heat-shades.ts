/**
 * The heat map's five shades, from the fewest seats sold to the most: each cell's fill and the colour of the figure
 * printed on it, every pair at least 4.5:1 (tests/unit/heat-shades.test.ts).
 */
export const HEAT_SHADES = [
  { fill: "#26263a", text: "#f4f4f7" },
  { fill: "#4a2440", text: "#f4f4f7" },
  { fill: "#7d2446", text: "#f4f4f7" },
  { fill: "#f84565", text: "#14141c" },
  { fill: "#ffb3c1", text: "#14141c" },
] as const;
