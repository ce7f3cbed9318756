import { describe, expect, it } from "vitest";
import type { CombinedPageLoad } from "./combine-runs.ts";
import { historyFailures, memoryFailures, type HistoryBench } from "./history.ts";

const load = (requestsPerSecond: number, p99Ms: number): CombinedPageLoad => ({
  path: "/staff",
  requestsPerSecond,
  p50Ms: p99Ms / 2,
  p99Ms,
  non2xx: 0,
  errors: 0,
  runs: [],
});

const bench = (overrides: Partial<HistoryBench> = {}): HistoryBench => ({
  engine: "pglite",
  pages: [
    { path: "/staff", empty: load(200, 40), tenYears: load(150, 60), slower: 1.33, pairs: [1.3, 1.33, 1.4] },
  ],
  memory: {
    afterStart: 230,
    peakUnderLoad: 310,
    afterStartTenYears: 245,
    peakTenYears: 330,
    peakWhileBackingUp: 340,
  },
  seeded: {},
  ...overrides,
});

describe("historyFailures", () => {
  it("passes a page within 1.5× of empty with p99 ≤ 100 ms", () => {
    expect(historyFailures([bench()])).toEqual([]);
  });

  it("names a page that is slower, or whose p99 is over, at ten years", () => {
    const page = { path: "/staff/board?days=30", empty: load(120, 50), tenYears: load(70, 104) };
    expect(historyFailures([bench({ pages: [{ ...page, slower: 1.71, pairs: [1.7, 1.71] }] })])).toEqual([
      "ten years, pglite, GET /staff/board?days=30: 1.71× slower than empty, p99 104 ms",
    ]);
  });
});

describe("memoryFailures", () => {
  it("holds the embedded server to 256 MB after start and 384 MB at its peak, backup included", () => {
    expect(memoryFailures([bench()])).toEqual([]);
    const over = bench({
      memory: {
        afterStart: 260,
        peakUnderLoad: 310,
        afterStartTenYears: 245,
        peakTenYears: 330,
        peakWhileBackingUp: 396,
      },
    });
    expect(memoryFailures([over])).toEqual([
      "history, pglite, empty: memory after start 260 MB (goal 256)",
      "history, pglite, ten years: memory peak 396 MB (goal 384)",
    ]);
  });

  it("sets no memory goal for a server on PostgreSQL", () => {
    const postgres = bench({
      engine: "postgres",
      memory: {
        afterStart: 300,
        peakUnderLoad: 500,
        afterStartTenYears: 300,
        peakTenYears: 500,
        peakWhileBackingUp: null,
      },
    });
    expect(memoryFailures([postgres])).toEqual([]);
  });
});
