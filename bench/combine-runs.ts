import type { PageResult } from "./lighthouse.ts";

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Each figure is the median over the runs (as Lighthouse CI's `aggregationMethod: "median"`):
 * one run disturbed by the machine, such as a rare 0.003 layout shift or a slow trace, does not
 * decide the result; a regression shows in most runs and so in the median. Bytes come from the
 * first run (they do not vary); a failing audit is listed when it failed in most runs.
 */
export function combineRuns(runs: readonly PageResult[]): PageResult {
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
  };
}
