import { describe, expect, it } from "vitest";
import { changeText, formatPercent, formatRate, roomKpis, taxReturn } from "./report-figures.ts";

describe("report figures", () => {
  it("works out occupancy, ADR and RevPAR, and says nothing when there is nothing to divide", () => {
    const kpis = roomKpis([
      { available: 10, sold: 4, revenue: 1600 },
      { available: 9, sold: 1, revenue: 550 },
    ]);
    expect(kpis).toEqual({
      available: 19,
      sold: 5,
      revenue: 2150,
      occupancy: 5 / 19,
      adr: 430,
      revpar: 2150 / 19,
    });
    expect(roomKpis([{ available: 0, sold: 0, revenue: 0 }])).toMatchObject({
      occupancy: null,
      adr: null,
      revpar: null,
    });
    expect(formatPercent(5 / 19)).toBe("26.3%");
    expect(formatRate(2150 / 19)).toBe("K113.16");
    expect(formatRate(null)).toBe("–");
  });

  it("says the change from a year earlier in points for shares and percent for amounts", () => {
    expect(changeText(0.5, 0.42, "share")).toBe("+8.0 points");
    expect(changeText(0.4, 0.42, "share")).toBe("−2.0 points");
    expect(changeText(1200, 1000, "amount")).toBe("+20%");
    expect(changeText(0, 0, "amount")).toBe("no change");
    expect(changeText(5, 0, "amount")).toBe("–");
  });

  it("adds each line's net and a total to the kept taxes of a return", () => {
    // K1,175 = net 1,000 + VAT 160 + levy 15; K1,160 of a small event = 1,000 + VAT 160.
    expect(
      taxReturn([
        { line: "Accommodation", gross: 1175, vat: 160, levy: 15 },
        { line: "Events of 25 or more people", gross: 0, vat: 0, levy: 0 },
        { line: "Other events", gross: 1160, vat: 160, levy: 0 },
      ]),
    ).toEqual([
      { line: "Accommodation", gross: 1175, net: 1000, vat: 160, levy: 15 },
      { line: "Events of 25 or more people", gross: 0, net: 0, vat: 0, levy: 0 },
      { line: "Other events", gross: 1160, net: 1000, vat: 160, levy: 0 },
      { line: "Total", gross: 2335, net: 2000, vat: 320, levy: 15 },
    ]);
  });
});
