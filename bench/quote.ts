// `npm run bench:quote`: how long the server takes to quote a 30-night stay across several rate
// rules (budget: 1 ms per quote). A micro-benchmark, not a test: it runs the pricing
// module the server runs (app/features/pricing/rates.ts) on a realistic rule set, warms up, then measures
// single quotes and prints the median, the 99th percentile and the worst, and fails when the
// 99th percentile is over budget. Writes bench/out/results-quote.json.
import { performance } from "node:perf_hooks";
import { addDays } from "../app/shared/dates.ts";
import { quoteStay, type RateRule } from "../app/features/pricing/rates.ts";
import { writeResults } from "./out.ts";

export const QUOTE_BUDGET_MS = 1;
const WARM_UP = 2_000;
const RUNS = 20_000;

/** A year of rules as a lodge would keep them: seasons, weekends, holidays, per-type offers. */
function ruleSet(): RateRule[] {
  const rule = (id: number, fields: Partial<RateRule>): RateRule => ({
    id,
    name: `Rule ${id}`,
    roomTypes: [],
    startsOn: "2026-01-01",
    endsOn: "2027-12-31",
    weekdays: [],
    kind: "fixed",
    value: 500,
    ...fields,
  });
  return [
    rule(1, { name: "Festive season", startsOn: "2026-12-15", endsOn: "2027-01-10", value: 650 }),
    rule(2, { name: "Green season", startsOn: "2027-01-11", endsOn: "2027-03-31", value: 380 }),
    rule(3, { name: "Weekend", weekdays: [5, 6], kind: "percent", value: 20 }),
    rule(4, {
      name: "Suites in December",
      roomTypes: ["Suite"],
      startsOn: "2026-12-01",
      endsOn: "2026-12-31",
      value: 1200,
    }),
    rule(5, { name: "Christmas", startsOn: "2026-12-24", endsOn: "2026-12-26", kind: "amount", value: 150 }),
    rule(6, { name: "New Year", startsOn: "2026-12-31", endsOn: "2027-01-01", value: 900 }),
    rule(7, {
      name: "Midweek offer",
      weekdays: [2, 3],
      startsOn: "2027-01-11",
      endsOn: "2027-02-28",
      kind: "percent",
      value: -10,
    }),
    rule(8, {
      name: "Family rooms",
      roomTypes: ["Family", "Deluxe"],
      startsOn: "2026-12-20",
      endsOn: "2027-01-05",
      kind: "amount",
      value: 50,
    }),
  ];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

export function measureQuotes(runs = RUNS) {
  const rules = ruleSet();
  // Stays of 30 nights arriving on each day from 1 December: across the seasons' edges.
  const arrivals = Array.from({ length: 60 }, (_, i) => addDays("2026-12-01", i));
  const types = ["Deluxe", "Suite", "Family"];
  let sink = 0;
  const quote = (i: number) => {
    const checkIn = arrivals[i % arrivals.length]!;
    sink += quoteStay(450, rules, types[i % types.length]!, checkIn, addDays(checkIn, 30)).total;
  };
  for (let i = 0; i < WARM_UP; i++) quote(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    quote(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    nights: 30,
    rules: rules.length,
    runs,
    medianMs: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: times.at(-1) ?? NaN,
    checksum: sink,
  };
}

if (import.meta.main) {
  const result = measureQuotes();
  const line = (label: string, ms: number) => `${label.padEnd(8)} ${(ms * 1000).toFixed(1)} µs`;
  console.log(`Quote of a ${result.nights}-night stay across ${result.rules} rules, ${result.runs} runs:`);
  console.log(line("median", result.medianMs));
  console.log(line("p99", result.p99Ms));
  console.log(line("max", result.maxMs));
  await writeResults("results-quote.json", {
    ...result,
    budgetMs: QUOTE_BUDGET_MS,
    at: new Date().toISOString(),
  });
  if (result.p99Ms > QUOTE_BUDGET_MS) {
    console.error(`Over budget: p99 ${result.p99Ms.toFixed(3)} ms > ${QUOTE_BUDGET_MS} ms`);
    process.exitCode = 1;
  }
}
