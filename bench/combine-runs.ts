import type { PageResult } from "./lighthouse.ts";
import type { PageLoad } from "./load.ts";

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** One Lighthouse run's figures, kept beside the medians so a reader sees the spread. */
export type LighthouseRun = {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
};

export type CombinedPageResult = PageResult & { runs: LighthouseRun[] };

/**
 * Each figure is the median over the runs (as Lighthouse CI's `aggregationMethod: "median"`):
 * one run disturbed by the machine, such as a rare 0.003 layout shift or a slow trace, does not
 * decide the result; a regression shows in most runs and so in the median. Bytes come from the
 * first run (they do not vary); a failing audit is listed when it failed in most runs. Every
 * run's own figures stay in `runs`: a median nobody can see the runs of is not a result.
 */
export function combineRuns(runs: readonly PageResult[]): CombinedPageResult {
  const [first] = runs;
  if (!first) throw new Error("no Lighthouse runs to combine");
  const failing = [...new Set(runs.flatMap((run) => run.failing))].filter(
    (id) => runs.filter((run) => run.failing.includes(id)).length * 2 > runs.length,
  );
  return {
    path: first.path,
    scores: Object.fromEntries(
      Object.keys(first.scores).map((id) => {
        const category = id as keyof PageResult["scores"];
        return [category, Math.round(median(runs.map((run) => run.scores[category])))];
      }),
    ) as PageResult["scores"],
    lcpMs: Math.round(median(runs.map((run) => run.lcpMs))),
    cls: Number(median(runs.map((run) => run.cls)).toFixed(3)),
    tbtMs: Math.round(median(runs.map((run) => run.tbtMs))),
    transferred: first.transferred,
    failing,
    runs: runs.map((run) => ({
      performance: run.scores.performance,
      lcpMs: run.lcpMs,
      cls: run.cls,
      tbtMs: run.tbtMs,
    })),
  };
}

/** One autocannon run's figures. */
export type LoadRun = Pick<PageLoad, "requestsPerSecond" | "p50Ms" | "p99Ms" | "non2xx" | "errors">;

export type CombinedPageLoad = PageLoad & { runs: LoadRun[] };

/**
 * The load runs of one page: the median of requests/s and of each latency percentile (each
 * taken on its own, as for Lighthouse), errors and non-2xx answers summed (any is a fault),
 * and every run kept in `runs`.
 */
export function combineLoadRuns(runs: readonly PageLoad[]): CombinedPageLoad {
  const [first] = runs;
  if (!first) throw new Error("no load runs to combine");
  return {
    path: first.path,
    requestsPerSecond: Math.round(median(runs.map((run) => run.requestsPerSecond))),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    runs: runs.map(({ requestsPerSecond, p50Ms, p99Ms, non2xx, errors }) => ({
      requestsPerSecond,
      p50Ms,
      p99Ms,
      non2xx,
      errors,
    })),
  };
}

/** '2,140 (2,101 / 2,140 / 2,310)': the median, then each run in the order they ran. */
export function withRuns(value: number, runs: readonly number[], format = (n: number) => String(n)): string {
  return `${format(value)} (${runs.map(format).join(" / ")})`;
}
