import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("CSV export", () => {
  it("starts with a BOM and ends every line with CRLF", () => {
    expect(toCsv(["a", "b"], [[1, "x"]])).toBe("\uFEFFa,b\r\n1,x\r\n");
  });

  it("quotes fields with commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell('Say "hi", then\nleave')).toBe('"Say ""hi"", then\nleave"');
    expect(csvCell("Mwila Banda")).toBe("Mwila Banda");
    expect(csvCell(null)).toBe("");
  });

  it("neutralises formulas so a spreadsheet shows them as text", () => {
    for (const formula of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tx"]) {
      expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
  });
});
