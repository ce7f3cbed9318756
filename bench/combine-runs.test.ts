import { describe, expect, it } from "vitest";
import { combineLoadRuns, combineRuns, median, withRuns } from "./combine-runs.ts";
import type { PageResult } from "./lighthouse.ts";

const run = (overrides: Partial<PageResult>): PageResult => ({
  path: "/rooms",
  scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 },
  lcpMs: 1000,
  cls: 0,
  tbtMs: 20,
  transferred: { document: 10, stylesheet: 0, script: 100, image: 5, font: 0, total: 115 },
  failing: [],
  ...overrides,
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

describe("combineRuns", () => {
  it("lets one disturbed run not decide a figure", () => {
    const combined = combineRuns([
      run({
        cls: 0.003,
        lcpMs: 2400,
        scores: { performance: 91, accessibility: 100, "best-practices": 100, seo: 100 },
      }),
      run({ lcpMs: 1000 }),
      run({ lcpMs: 1100 }),
    ]);
    expect(combined).toMatchObject({ cls: 0, lcpMs: 1100, scores: { performance: 100 } });
  });

  it("shows a regression that most runs have", () => {
    const slow = run({
      lcpMs: 2100,
      scores: { performance: 96, accessibility: 100, "best-practices": 100, seo: 100 },
    });
    const combined = combineRuns([slow, slow, run({})]);
    expect(combined.lcpMs).toBe(2100);
    expect(combined.scores.performance).toBe(96);
  });

  it("lists the audits that failed in most runs", () => {
    const combined = combineRuns([
      run({ failing: ["largest-contentful-paint", "uses-long-cache-ttl"] }),
      run({ failing: ["largest-contentful-paint"] }),
      run({}),
    ]);
    expect(combined.failing).toEqual(["largest-contentful-paint"]);
  });
});

describe("every median keeps its runs", () => {
  it("lists each Lighthouse run's figures in the order they ran", () => {
    const combined = combineRuns([
      run({ lcpMs: 1200, tbtMs: 40 }),
      run({ lcpMs: 900, tbtMs: 10, cls: 0.002 }),
      run({ lcpMs: 1000, tbtMs: 20 }),
    ]);
    expect(combined.lcpMs).toBe(1000);
    expect(combined.runs).toEqual([
      { performance: 100, lcpMs: 1200, cls: 0, tbtMs: 40 },
      { performance: 100, lcpMs: 900, cls: 0.002, tbtMs: 10 },
      { performance: 100, lcpMs: 1000, cls: 0, tbtMs: 20 },
    ]);
  });

  it("takes the median of each load figure, sums the faults and keeps the runs", () => {
    const load = (requestsPerSecond: number, p50Ms: number, p99Ms: number, non2xx = 0) => ({
      path: "/",
      requestsPerSecond,
      p50Ms,
      p99Ms,
      non2xx,
      errors: 0,
    });
    const combined = combineLoadRuns([load(2100, 8, 19), load(1500, 12, 40, 3), load(2300, 7, 15)]);
    expect(combined).toMatchObject({ path: "/", requestsPerSecond: 2100, p50Ms: 8, p99Ms: 19, non2xx: 3 });
    expect(combined.runs.map((r) => r.requestsPerSecond)).toEqual([2100, 1500, 2300]);
  });

  it("prints a median with its runs", () => {
    expect(withRuns(2100, [2100, 1500, 2300])).toBe("2100 (2100 / 1500 / 2300)");
  });
});
