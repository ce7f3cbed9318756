import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatKwacha, stayTotal, toAmount } from "./money.ts";

describe("formatKwacha", () => {
  it("prefixes K and groups thousands", () => {
    expect(formatKwacha(400)).toBe("K400");
    expect(formatKwacha(550)).toBe("K550");
    expect(formatKwacha(1200)).toBe("K1,200");
    expect(formatKwacha(1_234_567)).toBe("K1,234,567");
    expect(formatKwacha(0)).toBe("K0");
  });

  it("shows whole kwacha", () => {
    expect(formatKwacha(399.6)).toBe("K400");
    expect(formatKwacha(1199.4)).toBe("K1,199");
  });

  it("puts a minus sign before the K and treats non-numbers as 0", () => {
    expect(formatKwacha(-50)).toBe("-K50");
    expect(formatKwacha(Number.NaN)).toBe("K0");
    expect(formatKwacha(Number.POSITIVE_INFINITY)).toBe("K0");
  });

  it("round-trips integers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        const text = formatKwacha(n);
        expect(text).toMatch(/^K\d{1,3}(,\d{3})*$/);
        expect(Number(text.slice(1).replaceAll(",", ""))).toBe(n);
      }),
    );
  });
});

describe("toAmount", () => {
  it("reads numbers and numeric strings, else 0", () => {
    expect(toAmount(400)).toBe(400);
    expect(toAmount("550.00")).toBe(550);
    expect(toAmount(" 350 ")).toBe(350);
    for (const value of [undefined, null, "", "abc", Number.NaN, {}, "   "]) expect(toAmount(value)).toBe(0);
  });
});

describe("stayTotal", () => {
  it("multiplies nights by the nightly rate", () => {
    expect(stayTotal(400, "2026-11-21", "2026-11-24")).toBe(1200);
    expect(stayTotal(550, "2026-12-31", "2027-01-02")).toBe(1100);
  });

  it("charges one night for a same-day stay", () => {
    expect(stayTotal(350, "2026-11-21", "2026-11-21")).toBe(350);
  });
});
