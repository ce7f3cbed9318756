// `npm run bench`: build, start the production server on a fresh database, measure pages with
// Lighthouse and the server with autocannon, print one table, write bench/results.json.
// Not part of `npm test` (it takes a few minutes); see docs/performance.md.
import { cpus, freemem, totalmem, type as osType, release } from "node:os";
import { writeFile } from "node:fs/promises";
import { withRuns, type CombinedPageLoad, type CombinedPageResult } from "./combine-runs.ts";
import { runLighthouse, type PageResult } from "./lighthouse.ts";
import { LOAD_RUNS, loadBookings, loadPageRuns, type BookingLoad } from "./load.ts";
import { build, countBookings, makeDataDir, seedBenchRooms, startServer } from "./server.ts";

export const PAGES = [
  "/",
  "/rooms",
  "/details/1",
  "/booking",
  "/reservation",
  "/contact",
  "/services",
  "/services/swimming-pool",
] as const;

/** docs/decisions/0003-performance-budgets.md, tightened by issue 11. */
export const BUDGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  lcpMs: 1200,
  tbtMs: 100,
} as const;

/**
 * Throughput of the one server process, 20 connections (issue 11): content pages come from the
 * page cache (docs/decisions/0007), pages that read the database render per request.
 */
export const LOAD_BUDGETS = {
  content: { paths: ["/", "/about", "/services/swimming-pool"], requestsPerSecond: 2000, p99Ms: 20 },
  database: {
    paths: ["/rooms", "/details/1", "/booking", "/reservation", "/contact"],
    requestsPerSecond: 500,
    p99Ms: 50,
  },
} as const;

function loadBudgetFailures(loads: readonly CombinedPageLoad[]): string[] {
  return Object.values(LOAD_BUDGETS).flatMap((budget) =>
    loads
      .filter((load) => (budget.paths as readonly string[]).includes(load.path))
      .flatMap((load) => {
        const problems: string[] = [];
        if (load.requestsPerSecond < budget.requestsPerSecond)
          problems.push(`${load.requestsPerSecond} req/s (budget ${budget.requestsPerSecond})`);
        if (load.p99Ms > budget.p99Ms) problems.push(`p99 ${load.p99Ms} ms (budget ${budget.p99Ms})`);
        if (load.non2xx + load.errors > 0) problems.push(`${load.non2xx + load.errors} failed requests`);
        return problems.length ? [`GET ${load.path}: ${problems.join(", ")}`] : [];
      }),
  );
}

const PORT = Number(process.env.BENCH_PORT ?? 4790);
/**
 * Rooms added for the booking load, which books random stays on 50 of them (bench/load.ts). Rooms
 * are sold by the night now, so a lodge-sized count is enough: thousands of rooms (as when each
 * booking needed a room of its own) only made every refusal list thousands of free rooms.
 */
const BENCH_ROOMS = 50;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function budgetFailures(pages: readonly PageResult[]): string[] {
  return pages.flatMap((page) => {
    const problems: string[] = [];
    if (page.scores.performance < BUDGETS.performance)
      problems.push(`performance ${page.scores.performance}`);
    if (page.scores.accessibility < BUDGETS.accessibility)
      problems.push(`accessibility ${page.scores.accessibility}`);
    if (page.scores["best-practices"] < BUDGETS.bestPractices)
      problems.push(`best practices ${page.scores["best-practices"]}`);
    if (page.scores.seo < BUDGETS.seo) problems.push(`SEO ${page.scores.seo}`);
    if (page.cls > BUDGETS.cls) problems.push(`CLS ${page.cls}`);
    if (page.lcpMs > BUDGETS.lcpMs) problems.push(`LCP ${page.lcpMs} ms`);
    if (page.tbtMs > BUDGETS.tbtMs) problems.push(`TBT ${page.tbtMs} ms`);
    if (problems.length === 0) return [];
    return [
      `${page.path}: ${problems.join(", ")}${page.failing.length ? ` — failing audits: ${page.failing.join(", ")}` : ""}`,
    ];
  });
}

function printTable(
  pages: readonly CombinedPageResult[],
  loads: readonly CombinedPageLoad[],
  bookings: BookingLoad,
) {
  const header = [
    "page",
    "perf",
    "a11y",
    "bp",
    "seo",
    "LCP ms",
    "CLS",
    "TBT ms",
    "doc KB",
    "css KB",
    "js KB",
    "img KB",
    "font KB",
    "total KB",
  ];
  const rows = pages.map((page) =>
    [
      page.path,
      page.scores.performance,
      page.scores.accessibility,
      page.scores["best-practices"],
      page.scores.seo,
      page.lcpMs,
      page.cls,
      page.tbtMs,
      kb(page.transferred.document),
      kb(page.transferred.stylesheet),
      kb(page.transferred.script),
      kb(page.transferred.image),
      kb(page.transferred.font),
      kb(page.transferred.total),
    ].map(String),
  );
  printRows(header, rows);
  console.info("Lighthouse runs behind each median (performance / LCP ms / TBT ms / CLS):");
  for (const page of pages) {
    console.info(
      `  ${page.path}: ${page.runs.map((run) => `${run.performance} / ${run.lcpMs} / ${run.tbtMs} / ${run.cls}`).join("  |  ")}`,
    );
  }
  const loadRows = loads.map((load) => [
    `GET ${load.path}`,
    withRuns(
      load.requestsPerSecond,
      load.runs.map((run) => run.requestsPerSecond),
    ),
    withRuns(
      load.p50Ms,
      load.runs.map((run) => run.p50Ms),
    ),
    withRuns(
      load.p99Ms,
      load.runs.map((run) => run.p99Ms),
    ),
    String(load.non2xx + load.errors),
  ]);
  loadRows.push([
    "POST /rooms.data?book= (random stays, committed)",
    `${bookings.perSecond} bookings/s`,
    String(bookings.p50Ms),
    String(bookings.p99Ms),
    "",
  ]);
  console.info(`\nLoad, one process, 20 connections; medians of ${LOAD_RUNS} runs (each run in brackets):`);
  printRows(["load", "req/s", "p50 ms", "p99 ms", "failed"], loadRows);
}

function printRows(header: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  console.info(
    `\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${rows.map(line).join("\n")}\n`,
  );
}

async function main() {
  const started = Date.now();
  console.info("bench: building (BUILD_DIR=build-bench)…");
  build();
  const { dataDir, remove } = await makeDataDir();
  try {
    // Pages are measured on the lodge's own 35 rooms: the /booking and /reservation
    // lists would otherwise carry every bench room. The extra rooms come after,
    // for the booking run (PGlite is one process per folder: the server is stopped).
    let server = await startServer(dataDir, PORT);
    let pages: CombinedPageResult[];
    const loads: CombinedPageLoad[] = [];
    try {
      console.info("bench: Lighthouse (mobile, simulated slow 4G)…");
      pages = await runLighthouse(server.url, PAGES);
      console.info(`bench: autocannon (20 connections, ${LOAD_RUNS} runs per page)…`);
      for (const budget of Object.values(LOAD_BUDGETS)) {
        for (const path of budget.paths) {
          const load = await loadPageRuns(server.url, path);
          loads.push(load);
          console.info(
            `  load ${path}: ${withRuns(
              load.requestsPerSecond,
              load.runs.map((run) => run.requestsPerSecond),
            )} req/s, ` +
              `p99 ${withRuns(
                load.p99Ms,
                load.runs.map((run) => run.p99Ms),
              )} ms`,
          );
        }
      }
    } finally {
      await server.stop();
    }
    console.info(`bench: seeding ${BENCH_ROOMS} extra rooms in ${dataDir}…`);
    const roomIds = seedBenchRooms(dataDir, BENCH_ROOMS);
    server = await startServer(dataDir, PORT);
    let bookingRun;
    try {
      bookingRun = await loadBookings(server.url, roomIds);
    } finally {
      await server.stop();
    }
    const committed = countBookings(dataDir);
    const bookings: BookingLoad = {
      ...bookingRun,
      committed,
      perSecond: Math.round(committed / bookingRun.seconds),
    };
    const failures = [...budgetFailures(pages), ...loadBudgetFailures(loads)];
    const results = {
      date: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model ?? "unknown",
        cores: cpus().length,
        memoryGB: Math.round(totalmem() / 2 ** 30),
        freeMemoryGB: Math.round(freemem() / 2 ** 30),
        os: `${osType()} ${release()}`,
        node: process.version,
      },
      budgets: { ...BUDGETS, load: LOAD_BUDGETS },
      lighthouse: pages,
      load: { pages: loads, bookings },
      budgetFailures: failures,
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    await writeFile(new URL("./results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
    printTable(pages, loads, bookings);
    console.info(
      `bookings: ${committed} committed, ${bookings.refused} refused as overlapping (409), of ${bookings.sent} sent ` +
        `(${bookings.succeeded2xx} answered 2xx) in ${bookingRun.seconds.toFixed(1)} s`,
    );
    console.info(
      `machine: ${results.machine.cpu}, ${results.machine.cores} cores, ${results.machine.memoryGB} GB, ${results.machine.os}, Node ${results.machine.node}`,
    );
    console.info(`bench took ${results.durationSeconds} s; results in bench/results.json`);
    if (failures.length > 0) {
      console.error(`\nbudgets NOT met:\n  ${failures.join("\n  ")}`);
      process.exitCode = 1;
    } else {
      console.info("budgets: all met");
    }
  } finally {
    await remove();
  }
}

await main();
