import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/utils/csv";

describe("csvCell", () => {
  it("leaves plain text as it is", () => {
    expect(csvCell("Ann Archer")).toBe("Ann Archer");
    expect(csvCell("49.00")).toBe("49.00");
    expect(csvCell("")).toBe("");
  });

  it("quotes a cell with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvCell("Archer, Ann")).toBe('"Archer, Ann"');
    expect(csvCell('Ann "The Ace" Archer')).toBe('"Ann ""The Ace"" Archer"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
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
