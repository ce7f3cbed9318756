// `npm run bench`: build, start the production server on a fresh database, measure pages with
// Lighthouse and the server with autocannon, then room bookings on PGlite and on PostgreSQL, print
// one table, write bench/out/results.json. `BENCH_ONLY=bookings npm run bench`: the booking load
// alone, on both engines (bench/out/results-bookings.json). Not part of `npm test` (it takes a few minutes);
// see docs/performance.md.
import { cpus, freemem, totalmem, type as osType, release } from "node:os";
import { writeResults } from "./out.ts";
import { withRuns, type CombinedPageLoad, type CombinedPageResult } from "./combine-runs.ts";
import { runLighthouse, type PageResult } from "./lighthouse.ts";
import { LOAD_RUNS, loadBookings, loadPageRuns, type BookingLoad } from "./load.ts";
import {
  historyFailures,
  measureHistory,
  memoryFailures,
  overMemoryGoals,
  printHistory,
  type HistoryBench,
} from "./history.ts";
import { residentAfterStart, watchPeak } from "./memory.ts";
import {
  build,
  countBookings,
  createPostgresDatabase,
  makeDataDir,
  redacted,
  seedBenchRooms,
  startServer,
  type BenchDatabase,
} from "./server.ts";
import {
  INTERACTION_BUDGETS,
  interactionFailures,
  measureInteractions,
  printInteractions,
  type InteractionResult,
} from "./interaction.ts";

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

/** The Lighthouse budgets (docs/performance.md; why: ADR 0003). */
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
 * Throughput of the one server process, 20 connections: content pages come from the
 * page cache (ADR 0007), pages that read the database render per request.
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
 * are sold by the night, so a lodge-sized count is enough: thousands would only make every refusal
 * list thousands of free rooms.
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

/** The booking load on each engine; PostgreSQL's is skipped, with the reason, when unreachable. */
export type BookingsByEngine = { pglite: BookingLoad; postgres: BookingLoad | { skipped: string } };

const ENGINE_NAMES = { pglite: "PGlite", postgres: "PostgreSQL" } as const;

function printTable(
  pages: readonly CombinedPageResult[],
  loads: readonly CombinedPageLoad[],
  bookings: BookingsByEngine,
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
  for (const load of [bookings.pglite, bookings.postgres]) {
    if ("skipped" in load) continue;
    loadRows.push([
      `POST /rooms?book= on ${ENGINE_NAMES[load.engine]} (random stays, committed)`,
      `${load.perSecond} bookings/s`,
      String(load.p50Ms),
      String(load.p99Ms),
      String(load.failed),
    ]);
  }
  console.info(`\nLoad, one process, 20 connections; medians of ${LOAD_RUNS} runs (each run in brackets):`);
  printRows(["load", "req/s", "p50 ms", "p99 ms", "failed"], loadRows);
}

/** One row per engine: what was sent, how it was answered, what the database kept. */
function printBookings(bookings: BookingsByEngine) {
  const rows = [bookings.pglite, bookings.postgres].flatMap((load) =>
    "skipped" in load
      ? []
      : [
          [
            ENGINE_NAMES[load.engine],
            String(load.sent),
            String(load.succeeded2xx),
            String(load.refused),
            String(load.failed),
            String(load.committed),
            String(load.perSecond),
            String(load.p50Ms),
            String(load.p99Ms),
            load.seconds.toFixed(1),
          ],
        ],
  );
  console.info(
    "\nRoom bookings (POST /rooms?book=Deluxe, 10 connections, random stays of 1-4 nights on 50 rooms within 90 days):",
  );
  printRows(
    ["engine", "sent", "2xx", "409 refused", "other", "committed", "bookings/s", "p50 ms", "p99 ms", "s"],
    rows,
  );
  if ("skipped" in bookings.postgres) console.info(`PostgreSQL skipped: ${bookings.postgres.skipped}`);
}

/**
 * The booking load against one fresh bench database: add the bench rooms, start the server on it,
 * post random stays, stop, and count the rows the database actually committed.
 */
async function measureBookings(database: BenchDatabase): Promise<BookingLoad> {
  console.info(`bench: seeding ${BENCH_ROOMS} extra rooms (${ENGINE_NAMES[database.engine]})…`);
  const roomIds = seedBenchRooms(database, BENCH_ROOMS);
  const server = await startServer(database, PORT);
  let run;
  try {
    console.info(`bench: room bookings on ${ENGINE_NAMES[database.engine]}…`);
    run = await loadBookings(server.url, roomIds);
  } finally {
    await server.stop();
  }
  const committed = countBookings(database);
  return { engine: database.engine, ...run, committed, perSecond: Math.round(committed / run.seconds) };
}

/**
 * `measure` on a throwaway database of the PostgreSQL server (`BENCH_POSTGRES_URL`,
 * `TEST_POSTGRES_URL`, else 127.0.0.1:5432), dropped afterwards whatever happens, also on Ctrl-C.
 * An unreachable server skips this part (said so, not a failure).
 */
async function onPostgres<T>(
  what: string,
  measure: (database: BenchDatabase) => Promise<T>,
): Promise<T | { skipped: string }> {
  const created = await createPostgresDatabase();
  if ("unreachable" in created) {
    console.warn(`bench: PostgreSQL is not reachable (${created.unreachable}); its ${what} is skipped`);
    return { skipped: `not reachable: ${created.unreachable}` };
  }
  const { dataDir, remove } = await makeDataDir();
  const cleanUp = async () => {
    try {
      await created.drop();
    } catch (error) {
      console.error(
        `bench: could not drop ${redacted(created.databaseUrl)}; drop it by hand: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await remove();
  };
  const interrupted = () => {
    void cleanUp().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.info(`bench: PostgreSQL throwaway database ${redacted(created.databaseUrl)}`);
    return await measure({ engine: "postgres", dataDir, databaseUrl: created.databaseUrl });
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await cleanUp();
  }
}

const measureBookingsOnPostgres = () => onPostgres("booking load", measureBookings);

/**
 * The history pages (bench/history.ts) on two fresh embedded databases (one year, ten years), then
 * on two throwaway PostgreSQL databases.
 */
async function historyOnBothEngines(): Promise<HistoryBench[]> {
  const folders = [await makeDataDir(), await makeDataDir()] as const;
  let pglite: HistoryBench;
  try {
    pglite = await measureHistory(
      { engine: "pglite", dataDir: folders[0].dataDir },
      { engine: "pglite", dataDir: folders[1].dataDir },
      PORT,
    );
  } finally {
    for (const folder of folders) await folder.remove();
  }
  const postgres = await onPostgres("history pages", (oneYear) =>
    onPostgres("history pages", (tenYears) => measureHistory(oneYear, tenYears, PORT)),
  );
  return "skipped" in postgres ? [pglite] : [pglite, postgres];
}

/** `BENCH_ONLY=history`: the history pages and memory alone (bench/out/results-history.json). */
async function historyOnly() {
  const started = Date.now();
  buildUnlessSkipped();
  const history = await historyOnBothEngines();
  const results = {
    date: new Date().toISOString(),
    only: "history",
    machine: machine(),
    history,
    budgetFailures: [...historyFailures(history), ...memoryFailures(history)],
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const file = await writeResults("results-history.json", results);
  printHistory(history, printRows);
  reportFailures(results.budgetFailures);
  console.info(describeMachine(results.machine));
  console.info(`bench (history only) took ${results.durationSeconds} s; results in ${file}`);
}

function reportFailures(failures: readonly string[]) {
  if (failures.length > 0) {
    console.error(`\nbudgets NOT met:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.info("budgets: all met");
  }
}

function machine() {
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    freeMemoryGB: Math.round(freemem() / 2 ** 30),
    os: `${osType()} ${release()}`,
    node: process.version,
  };
}

type Machine = ReturnType<typeof machine>;

const describeMachine = (m: Machine) =>
  `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, ${m.os}, Node ${m.node}`;

function buildUnlessSkipped() {
  // BENCH_SKIP_BUILD=1 reuses build-bench/ as it is (e.g. a second booking run on the same code).
  if (process.env.BENCH_SKIP_BUILD === "1") {
    console.info("bench: BENCH_SKIP_BUILD=1, using build-bench/ as it is");
    return;
  }
  console.info("bench: building (BUILD_DIR=build-bench)…");
  build();
}

/**
 * `BENCH_ONLY=bookings`: the booking load alone, on a fresh embedded database and on PostgreSQL,
 * without Lighthouse or the page loads. Written to bench/out/results-bookings.json, so a partial
 * run never replaces the full run's bench/out/results.json.
 */
async function bookingsOnly() {
  const started = Date.now();
  buildUnlessSkipped();
  const { dataDir, remove } = await makeDataDir();
  let pglite: BookingLoad;
  try {
    pglite = await measureBookings({ engine: "pglite", dataDir });
  } finally {
    await remove();
  }
  const bookings: BookingsByEngine = { pglite, postgres: await measureBookingsOnPostgres() };
  const results = {
    date: new Date().toISOString(),
    only: "bookings",
    machine: machine(),
    load: { bookings },
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const file = await writeResults("results-bookings.json", results);
  printBookings(bookings);
  console.info(describeMachine(results.machine));
  console.info(`bench (bookings only) took ${results.durationSeconds} s; results in ${file}`);
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
  buildUnlessSkipped();
  const { dataDir, remove } = await makeDataDir();
  try {
    // Pages are measured on the lodge's own 35 rooms: the /booking and /reservation
    // lists would otherwise carry every bench room. The extra rooms come after,
    // for the booking run (PGlite is one process per folder: the server is stopped).
    const embedded: BenchDatabase = { engine: "pglite", dataDir };
    const server = await startServer(embedded, PORT);
    let pages: CombinedPageResult[];
    let interactions: InteractionResult[];
    const loads: CombinedPageLoad[] = [];
    // Resident memory of the server on the embedded database: after start, and the
    // highest under the page loads.
    const memory = { afterStart: await residentAfterStart(server.pid), peakUnderLoad: 0 };
    const peak = watchPeak(server.pid);
    try {
      console.info("bench: Lighthouse (mobile, simulated slow 4G)…");
      pages = await runLighthouse(server.url, PAGES);
      console.info("bench: first interactions with the islands (Chromium, CPU 4× slower)…");
      interactions = await measureInteractions(server.url);
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
      memory.peakUnderLoad = peak.stop();
      await server.stop();
    }
    // The same booking load on both engines: PGlite on this folder, then PostgreSQL.
    const bookings: BookingsByEngine = {
      pglite: await measureBookings(embedded),
      postgres: await measureBookingsOnPostgres(),
    };
    const history = process.env.BENCH_SKIP_HISTORY === "1" ? [] : await historyOnBothEngines();
    const failures = [
      ...budgetFailures(pages),
      ...interactionFailures(interactions),
      ...loadBudgetFailures(loads),
      ...historyFailures(history),
      ...overMemoryGoals("public pages, pglite", memory.afterStart, memory.peakUnderLoad),
      ...memoryFailures(history),
    ];
    const results = {
      date: new Date().toISOString(),
      machine: machine(),
      budgets: { ...BUDGETS, interaction: INTERACTION_BUDGETS, load: LOAD_BUDGETS },
      lighthouse: pages,
      interactions,
      load: { pages: loads, bookings },
      memory,
      history,
      budgetFailures: failures,
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    const file = await writeResults("results.json", results);
    printTable(pages, loads, bookings);
    printInteractions(interactions);
    printBookings(bookings);
    console.info(
      `\nServer memory (RSS), embedded database: ${memory.afterStart} MB after start, peak ${memory.peakUnderLoad} MB under the page loads`,
    );
    printHistory(history, printRows);
    console.info(describeMachine(results.machine));
    console.info(`bench took ${results.durationSeconds} s; results in ${file}`);
    reportFailures(failures);
  } finally {
    await remove();
  }
}

const only = process.env.BENCH_ONLY ?? "";
if (only === "bookings") await bookingsOnly();
else if (only === "history") await historyOnly();
else if (only === "") await main();
else throw new Error(`BENCH_ONLY=${only}: the parts that run alone are "bookings" and "history"`);
