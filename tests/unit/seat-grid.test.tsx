import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SeatGrid } from "~/components/SeatGrid";
import { parseLayout } from "~/domain/hall-layout-text";

const parsed = parseLayout(`
  A . W1 C2 | 3 4
  --
  B P1 P2 3 4 5
`);
if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
const { layout } = parsed;

type Choice = Omit<Parameters<typeof SeatGrid>[0], "layout" | "interactive">;

/** The grid as the server sends it (`document` undefined) and as React draws it in the browser, before hydration. */
function bothWays(choice: Choice) {
  const grid = <SeatGrid layout={layout} interactive={false} {...choice} />;
  const onServer = renderToStaticMarkup(grid);
  vi.stubGlobal("document", {});
  const inBrowser = renderToStaticMarkup(grid);
  vi.unstubAllGlobals();
  return { onServer, inBrowser };
}

describe("the seat grid the server sends", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the markup React draws in the browser, byte for byte, in every state a seat can be in", () => {
    const choices: Choice[] = [
      { occupied: new Set(), selected: [] },
      {
        occupied: new Set(["A3", "B5"]),
        selected: ["B1", "B2"],
        stranded: ["B4"],
        describedBy: "seat-error",
      },
      { occupied: new Set(["A1", "A2", "A3", "A4"]), selected: ["B3"], stranded: ["B4"] },
    ];
    for (const choice of choices) {
      const { onServer, inBrowser } = bothWays(choice);
      expect(onServer).toBe(inBrowser);
    }
  });

  it("says each seat's state, type and number, and keeps a chosen seat's number", () => {
    const { onServer } = bothWays({
      occupied: new Set(["A3"]),
      selected: ["B1"],
      stranded: ["B2"],
      describedBy: "why",
    });
    expect(onServer).toContain(
      '<input type="checkbox" id="seat-A3" name="seats" disabled="" aria-label="Row A, seat 3, occupied"',
    );
    expect(onServer).toContain(
      'aria-label="Row B, seat 1, premium seat, selected" checked="" value="B1"/><span aria-hidden="true">1</span>',
    );
    expect(onServer).toContain('<label class="seat seat-selected seat-type-premium">');
    expect(onServer).toContain('<label class="seat seat-available seat-type-premium seat-stranded">');
    expect(onServer).toContain(
      'aria-label="Row B, seat 2, premium seat, available" aria-describedby="why" value="B2"/>',
    );
    expect(onServer).toContain('<span class="seat-mark" aria-hidden="true">♿</span>');
    expect(onServer.match(/<label /g)).toHaveLength(9);
  });
});
