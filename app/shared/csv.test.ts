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

  it("keeps a number below zero a number, and the same text escaped", () => {
    expect(csvCell(-120)).toBe("-120");
    expect(csvCell(-0.5)).toBe("-0.5");
    expect(csvCell("-120")).toBe("'-120");
  });

  it("neutralises a formula behind leading spaces, tabs or line breaks too", () => {
    for (const formula of [" =1+1", "  +1", "\u00a0-2+3", " @SUM(A1)", "\n=cmd|' /C calc'!A0", " +260 97x"]) {
      expect(csvCell(formula).replace(/^"/, "")).toMatch(/^'/);
    }
  });

  it("keeps international phone numbers as typed: without an operator or a name they compute nothing", () => {
    expect(csvCell("+260 977 123456")).toBe("+260 977 123456");
    expect(csvCell("+260977123456")).toBe("+260977123456");
    expect(csvCell(" +44 20 7946 0958")).toBe(" +44 20 7946 0958");
    // With an operator or a name it is a formula again.
    expect(csvCell("+260-977-123456")).toMatch(/^'/);
    expect(csvCell("+260 977 123456+A1")).toMatch(/^'/);
  });
});
