import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "~/shared/dates.ts";
import {
  changeText,
  formatPercent,
  formatRate,
  nightsByWeek,
  roomKpis,
  taxReturn,
} from "./report-figures.ts";

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

  it("adds nights up by week from Monday, the period cutting the first and last week", () => {
    // Thursday 3 to Tuesday 15 December 2026 (until the 16th).
    const nights = Array.from({ length: 13 }, (_, i) => ({
      night: addDays("2026-12-03", i),
      available: 10,
      sold: i % 3,
      revenue: (i % 3) * 400,
    }));
    expect(nightsByWeek(nights, "2026-12-16")).toEqual([
      { start: "2026-12-03", until: "2026-12-07", available: 40, sold: 3, revenue: 1200 },
      { start: "2026-12-07", until: "2026-12-14", available: 70, sold: 7, revenue: 2800 },
      { start: "2026-12-14", until: "2026-12-16", available: 20, sold: 2, revenue: 800 },
    ]);
    expect(nightsByWeek([], "2026-12-16")).toEqual([]);
  });

  it("keeps every night's figures in exactly one week of at most seven nights", () => {
    const night = fc.record({ available: fc.nat(60), sold: fc.nat(60), revenue: fc.nat(100_000) });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-12-31"), noInvalidDate: true }),
        fc.array(night, { maxLength: 400 }),
        (from, figures) => {
          const first = from.toISOString().slice(0, 10);
          const nights = figures.map((f, i) => ({ ...f, night: addDays(first, i) }));
          const until = addDays(first, nights.length);
          const weeks = nightsByWeek(nights, until);
          const total = (
            key: "available" | "sold" | "revenue",
            rows: readonly Record<typeof key, number>[],
          ) => rows.reduce((sum, row) => sum + row[key], 0);
          for (const key of ["available", "sold", "revenue"] as const)
            expect(total(key, weeks)).toBe(total(key, nights));
          weeks.forEach((week, i) => {
            expect(week.start).toBe(i === 0 ? first : weeks[i - 1]?.until);
            const length = (Date.parse(week.until) - Date.parse(week.start)) / 86_400_000;
            expect(length).toBeGreaterThanOrEqual(1);
            expect(length).toBeLessThanOrEqual(7);
            if (i > 0) expect(new Date(`${week.start}T00:00:00Z`).getUTCDay()).toBe(1);
          });
          expect(weeks.at(-1)?.until ?? until).toBe(until);
        },
      ),
    );
  });
});
