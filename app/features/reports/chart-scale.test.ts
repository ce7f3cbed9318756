import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bucketAxisLabel, bucketLabel, labelAnchor, niceScale, tickKwacha } from "./chart-scale.ts";

/** 1, 2 or 5 times a whole power of ten. */
function isRound(step: number): boolean {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  return [1, 2, 5].some((m) => Math.abs(step - m * power) < 1e-9 * step);
}

describe("niceScale", () => {
  it("steps by round numbers, never 2.5 or 1,025", () => {
    expect(niceScale(10, 4)).toEqual({ step: 5, top: 10, ticks: [0, 5, 10] });
    expect(niceScale(4100, 4)).toEqual({ step: 2000, top: 6000, ticks: [0, 2000, 4000, 6000] });
    expect(niceScale(5.7, 5)).toEqual({ step: 2, top: 6, ticks: [0, 2, 4, 6] });
    expect(niceScale(100, 5)).toEqual({ step: 20, top: 100, ticks: [0, 20, 40, 60, 80, 100] });
    expect(niceScale(0, 4)).toEqual({ step: 1, top: 1, ticks: [0, 1] });
  });

  it("holds for any largest value and number of steps", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.integer({ min: 2, max: 10 }),
        (max, intervals) => {
          const { step, top, ticks } = niceScale(max, intervals);
          expect(step).toBeGreaterThanOrEqual(1);
          expect(Number.isInteger(step)).toBe(true);
          expect(isRound(step)).toBe(true);
          expect(top).toBeGreaterThanOrEqual(max);
          // Tight: one step less would not reach the largest value (or the axis is one step).
          expect(top - step < max || ticks.length === 2).toBe(true);
          expect(ticks.length - 1).toBeLessThanOrEqual(Math.max(intervals, 1) * 2);
          expect(ticks[0]).toBe(0);
          expect(ticks.at(-1)).toBe(top);
          ticks.forEach((tick, i) => expect(tick).toBe(i * step));
        },
      ),
    );
  });
});

describe("labelAnchor", () => {
  it("keeps the first and last labels inside the chart", () => {
    expect([0, 1, 2, 3].map((i) => labelAnchor(i, 4))).toEqual(["start", "middle", "middle", "end"]);
    expect(labelAnchor(0, 1)).toBe("middle");
  });
});

describe("bucketLabel", () => {
  it("names whole weeks and months, and says when the period cuts one", () => {
    // Each date is kept on one line (no-break spaces); 1 Dec 2026 is a Tuesday.
    const label = (...args: Parameters<typeof bucketLabel>) => bucketLabel(...args).replaceAll("\u00a0", "_");
    expect(label("week", "2026-12-07", "2026-12-14")).toBe("Week of 7_Dec");
    expect(label("week", "2026-12-01", "2026-12-07")).toBe("Part week: 1_Dec–6_Dec");
    expect(label("week", "2026-12-28", "2026-12-29")).toBe("Part week: 28_Dec");
    expect(label("month", "2026-12-01", "2027-01-01")).toBe("Dec_2026");
    expect(label("month", "2026-11-15", "2026-12-01")).toBe("Part month: 15_Nov–30_Nov_2026");
  });

  it("calls a week whole only when it runs Monday to Sunday", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 1, max: 7 }), (offset, length) => {
        const start = new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
        const until = new Date(Date.UTC(2026, 0, 1 + offset + length)).toISOString().slice(0, 10);
        const monday = new Date(`${start}T00:00:00Z`).getUTCDay() === 1;
        expect(bucketLabel("week", start, until).startsWith("Week of ")).toBe(monday && length === 7);
      }),
    );
  });
});

describe("axis labels", () => {
  it("names a bar's week or month briefly, a cut one by its nights", () => {
    expect(bucketAxisLabel("week", "2026-12-07", "2026-12-14")).toBe("7 Dec");
    expect(bucketAxisLabel("week", "2026-12-01", "2026-12-07")).toBe("1–6 Dec");
    expect(bucketAxisLabel("week", "2026-12-28", "2027-01-01")).toBe("28–31 Dec");
    expect(bucketAxisLabel("week", "2026-12-30", "2027-01-04")).toBe("30 Dec–3 Jan");
    expect(bucketAxisLabel("month", "2026-12-01", "2027-01-01")).toBe("Dec");
    expect(bucketAxisLabel("month", "2026-11-15", "2026-12-01")).toBe("15–30 Nov");
  });

  it("writes large amounts in thousands", () => {
    expect(tickKwacha(2000)).toBe("K2,000");
    expect(tickKwacha(80_000)).toBe("K80,000");
    expect(tickKwacha(200_000)).toBe("K200k");
  });
});
