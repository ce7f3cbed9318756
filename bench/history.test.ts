import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../app/shared/db/database.server.ts";
import type { CombinedPageLoad } from "./combine-runs.ts";
import {
  comparePage,
  historyFailures,
  memoryFailures,
  pageProblems,
  timeRatio,
  type HistoryBench,
  type HistoryPage,
} from "./history.ts";
import {
  busyLodge,
  historySince,
  ONE_YEAR,
  recentFrom,
  seedHistory,
  TEN_YEARS,
  type HistorySize,
} from "./history-seed.ts";
import type { PageLoad } from "./load.ts";

const load = (requestsPerSecond: number, p99Ms: number): CombinedPageLoad => ({
  path: "/staff",
  requestsPerSecond,
  p50Ms: p99Ms / 2,
  p99Ms,
  non2xx: 0,
  errors: 0,
  runs: [],
});

const run = (requestsPerSecond: number, p99Ms = 20): PageLoad => ({
  path: "/staff",
  requestsPerSecond,
  p50Ms: p99Ms / 4,
  p99Ms,
  non2xx: 0,
  errors: 0,
});

const page = (overrides: Partial<HistoryPage> = {}): HistoryPage => ({
  path: "/staff",
  oneYear: load(200, 40),
  tenYears: load(180, 60),
  ratio: 1.11,
  pairs: [1.1, 1.11, 1.15],
  ...overrides,
});

const counts = {
  bookings: 0,
  reservations: 0,
  venueBookings: 0,
  messages: 0,
  subscribers: 0,
  history: 0,
  mails: 0,
};

const bench = (overrides: Partial<HistoryBench> = {}): HistoryBench => ({
  engine: "pglite",
  today: "2031-06-15",
  sameFrom: "2030-07-21",
  pages: [page()],
  memory: {
    afterStartOneYear: 230,
    peakOneYear: 310,
    afterStartTenYears: 245,
    peakTenYears: 330,
    peakWhileBackingUp: 340,
  },
  seeded: { oneYear: counts, tenYears: counts },
  guestWaits: [],
  ...overrides,
});

describe("the history goal's arithmetic", () => {
  it("gives ten years' time per request over one year's, from their requests per second", () => {
    expect(timeRatio(200, 160)).toBe(1.25);
    expect(timeRatio(200, 200)).toBe(1);
    expect(timeRatio(150, 200)).toBe(0.75);
    // No request answered at ten years: as slow as can be, never a pass.
    expect(timeRatio(200, 0)).toBe(Infinity);
  });

  it("takes the median of the pairs' ratios, each pair as it ran", () => {
    // The second pair's ten-year run fell on a busy moment: one pair, not the page's ratio.
    const compared = comparePage("/staff", [run(200), run(210), run(190)], [run(190), run(100), run(180)]);
    expect(compared.pairs).toEqual([1.05, 2.1, 1.06]);
    expect(compared.ratio).toBe(1.06);
    expect(compared.oneYear.requestsPerSecond).toBe(200);
    expect(compared.tenYears.requestsPerSecond).toBe(180);
  });

  it("passes a page within 1.2× of one year with p99 ≤ 100 ms at ten years", () => {
    expect(pageProblems(page({ ratio: 1.2, tenYears: load(170, 100) }))).toEqual([]);
    expect(historyFailures([bench()])).toEqual([]);
  });

  it("names a page that is slower than 1.2×, whose p99 is over, or whose requests failed", () => {
    const slow = page({ path: "/staff/board?days=30", ratio: 1.21, tenYears: load(150, 104) });
    const failed = page({ path: "/staff/outbox", oneYear: { ...load(200, 40), non2xx: 2 } });
    expect(historyFailures([bench({ pages: [slow, failed] })])).toEqual([
      "ten years, pglite, GET /staff/board?days=30: 1.21× its time at one year, p99 104 ms",
      "ten years, pglite, GET /staff/outbox: 2 failed requests",
    ]);
    // A ratio that could not be measured is not a pass.
    expect(pageProblems(page({ ratio: Infinity }))).toEqual(["Infinity× its time at one year"]);
  });

  it("does not hold one year's p99 to the goal: the goal is at ten years", () => {
    expect(pageProblems(page({ oneYear: load(200, 120), tenYears: load(190, 95), ratio: 1.05 }))).toEqual([]);
  });
});

describe("memoryFailures", () => {
  it("holds the embedded server to 256 MB after start and 384 MB at its peak, backup included", () => {
    expect(memoryFailures([bench()])).toEqual([]);
    const over = bench({
      memory: {
        afterStartOneYear: 260,
        peakOneYear: 310,
        afterStartTenYears: 245,
        peakTenYears: 330,
        peakWhileBackingUp: 396,
      },
    });
    expect(memoryFailures([over])).toEqual([
      "history, pglite, one year: memory after start 260 MB (goal 256)",
      "history, pglite, ten years: memory peak 396 MB (goal 384)",
    ]);
  });

  it("sets no memory goal for a server on PostgreSQL", () => {
    const postgres = bench({
      engine: "postgres",
      memory: {
        afterStartOneYear: 300,
        peakOneYear: 500,
        afterStartTenYears: 300,
        peakTenYears: 500,
        peakWhileBackingUp: null,
      },
    });
    expect(memoryFailures([postgres])).toEqual([]);
  });
});

describe("the sizes the bench compares", () => {
  it("are the same lodge's years: ten years is one year's every count ten times", () => {
    expect(TEN_YEARS).toEqual(busyLodge(10));
    expect(ONE_YEAR).toEqual(busyLodge(1));
    for (const key of ["bookings", "reservations", "venueBookings", "messages", "subscribers"] as const) {
      expect(TEN_YEARS[key], key).toBe(ONE_YEAR[key] * 10);
    }
    expect(() => busyLodge(1.5)).toThrow(/whole number/);
  });
});

// The seeding property the ratio rests on, with the same function on a quieter lodge (each room's
// stays a month apart rather than four days) so that it runs in seconds: seeded for the same today,
// one year and two years hold the same rows from the one-year database's first whole day on; the
// longer one holds only older rows besides.
describe("seeding one year and two years for the same today", () => {
  const TODAY = "2031-06-15";
  const smallLodge = (years: number): HistorySize => ({
    years,
    bookings: 300 * years,
    reservations: 120 * years,
    venueBookings: 30 * years,
    messages: 60 * years,
    subscribers: 90 * years,
  });
  const handles: DatabaseHandle[] = [];
  let oneYear: Record<string, string[]>;
  let twoYears: Record<string, string[]>;
  let everythingInOneYear: Record<string, string[]>;
  let everythingInTwoYears: Record<string, string[]>;
  let sameFrom: string;

  beforeAll(async () => {
    const [short, long] = await Promise.all(
      [1, 2].map(async (years) => {
        const handle = openDatabase({ dataDir: "memory://" });
        handles.push(handle);
        const db = await handle.ready();
        await seedHistory(db, smallLodge(years), TODAY);
        return db;
      }),
    );
    sameFrom = await recentFrom(short!);
    oneYear = await historySince(short!, sameFrom);
    twoYears = await historySince(long!, sameFrom);
    everythingInOneYear = await historySince(short!, "2000-01-01");
    everythingInTwoYears = await historySince(long!, "2000-01-01");
  }, 120_000);

  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  it("holds the same rows in both from most of a year back to the stays ahead", () => {
    // Ten months back at least: the newest stays arrive two weeks ahead, and the one year's
    // oldest round of each room's stays (here a month apart) may be part of one.
    expect(sameFrom > "2030-06-15" && sameFrom <= "2030-08-15", sameFrom).toBe(true);
    expect(Object.keys(oneYear)).toEqual(Object.keys(twoYears));
    for (const table of Object.keys(oneYear)) {
      expect(oneYear[table]!.length, table).toBeGreaterThan(0);
      expect(twoYears[table], table).toEqual(oneYear[table]);
    }
    // Today's stays among them: in house, arriving, and confirmed ahead.
    const statuses = oneYear
      .bookings!.concat(oneYear.reservations!)
      .map((row) => (JSON.parse(row) as { status: string }).status);
    for (const status of ["Checked in", "Confirmed", "Checked out"]) expect(statuses).toContain(status);
  });

  it("adds only older history at two years: every row of one year is in two years", () => {
    for (const table of Object.keys(everythingInOneYear)) {
      const longer = new Set(everythingInTwoYears[table]);
      const missing = everythingInOneYear[table]!.filter((row) => !longer.has(row));
      expect(missing, table).toEqual([]);
      expect(everythingInTwoYears[table]!.length, table).toBeGreaterThan(everythingInOneYear[table]!.length);
    }
  });
});
