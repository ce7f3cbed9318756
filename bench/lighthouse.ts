// Lighthouse with its defaults (mobile emulation, simulated slow 4G and a 4× slower CPU) on
// Debian's Chromium, one page after another in one browser.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { combineRuns, withRuns, type CombinedPageResult } from "./combine-runs.ts";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RESOURCE_TYPES = ["document", "stylesheet", "script", "image", "font", "total"] as const;

export type PageResult = {
  path: string;
  /** 0-100, as Lighthouse shows them. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Bytes over the wire (compressed), by resource type. */
  transferred: Record<(typeof RESOURCE_TYPES)[number], number>;
  /** Audits that did not pass in a scored category, to know what to fix. */
  failing: string[];
};

type Audit = { score: number | null; numericValue?: number; scoreDisplayMode?: string; details?: unknown };

/** Lighthouse's own advice for stable figures: several runs, the median (bench/combine-runs.ts). */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export async function runLighthouse(
  baseUrl: string,
  paths: readonly string[],
): Promise<CombinedPageResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    const results: CombinedPageResult[] = [];
    for (const path of paths) {
      const runs: PageResult[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await auditPage(chrome.port, baseUrl, path));
      const result = combineRuns(runs);
      results.push(result);
      const figure = (value: number, pick: (run: CombinedPageResult["runs"][number]) => number) =>
        withRuns(value, result.runs.map(pick));
      console.info(
        `  lighthouse ${path}: performance ${figure(result.scores.performance, (r) => r.performance)}, ` +
          `LCP ${figure(result.lcpMs, (r) => r.lcpMs)} ms, TBT ${figure(result.tbtMs, (r) => r.tbtMs)} ms, ` +
          `CLS ${figure(result.cls, (r) => r.cls)}`,
      );
    }
    return results;
  } finally {
    chrome.kill();
  }
}

async function auditPage(port: number, baseUrl: string, path: string): Promise<PageResult> {
  const audit = () =>
    lighthouse(new URL(path, baseUrl).href, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
  let run = await audit();
  // Lighthouse sometimes fails to record the trace (NO_NAVSTART); its own advice is to run
  // it again. Once: a page that fails twice is reported.
  if (run?.lhr.runtimeError) run = await audit();
  if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = run;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, Audit>;
  const summary =
    (
      audits["resource-summary"]?.details as {
        items?: Array<{ resourceType: string; transferSize: number }>;
      }
    )?.items ?? [];
  const failing = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ id: ref.id, audit: audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative",
      )
      .map(({ id }) => `${id}`),
  );
  return {
    path,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as PageResult["scores"],
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
    transferred: Object.fromEntries(
      RESOURCE_TYPES.map((type) => [
        type,
        summary.find((item) => item.resourceType === type)?.transferSize ?? 0,
      ]),
    ) as PageResult["transferred"],
    failing,
  };
}
