import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/utils/csv";

describe("csvCell", () => {
  it.each(["Ann Archer", "49.00", ""])("leaves plain text as it is: %j", (text) => {
    expect(csvCell(text)).toBe(text);
  });

  const QUOTED = { "Archer, Ann": '"Archer, Ann"', 'Ann "The Ace" Archer': '"Ann ""The Ace"" Archer"' };
  const BROKEN = { "two\nlines": '"two\nlines"', "two\r\nlines": '"two\r\nlines"' };
  it.each(Object.entries({ ...QUOTED, ...BROKEN }))("quotes %j, doubling its quotes, as %j", (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it("keeps a spreadsheet from running a cell as a formula", () => {
    for (const formula of ["=1+1", "+1", "-1", "@SUM(A1)", "\tcmd", "\rcmd"]) {
      expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  it("writes rows with CRLF line ends after a byte order mark", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["1", "x,y"],
      ]),
    ).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});
