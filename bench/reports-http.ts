// `npm run bench:reports-http`: the reports page over HTTP, as a signed-in manager's browser asks
// for it (the document, then the data request of a navigation in the hydrated console), at ten
// years of history, on both engines, for each build named, side by side. And the server's
// resident memory after start and at its peak under the back office's loads (a flood of exports,
// year-long reports, on the embedded database the backup).
//
//   BENCH_REPORTS_DATA_DIR      a PGlite folder seeded with `npm run db:seed-history` (copied
//                               for each build: the original is never served)
//   BENCH_REPORTS_DATABASE      a PostgreSQL database seeded the same way (each build gets a copy
//                               made from it as a template)
//   BENCH_REPORTS_BUILDS        build folders to compare, e.g. `build-before,build` (default build)
//   BENCH_REPORTS_RUNS          requests per figure (default 30)
//
// Three figures per page: the same period asked RUNS times in a row (the page a manager reloads,
// goes back to, or compares), RUNS different periods one after the other (each read for the first
// time), and the document's size. Prints one table and writes bench/out/results-reports-http.json.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { addDays, lodgeToday } from "../app/shared/dates.ts";
import { backUp, consoleSession, MEMORY_GOALS } from "./history.ts";
import { residentAfterStart, watchPeak } from "./memory.ts";
import { writeResults } from "./out.ts";
import { createPostgresDatabase, POSTGRES_ADMIN_URL, startServer, type BenchDatabase } from "./server.ts";

const RUNS = Number(process.env.BENCH_REPORTS_RUNS ?? 30);
const BUILDS = (process.env.BENCH_REPORTS_BUILDS ?? "build").split(",");
const PORT = 3990;
/** The goals over HTTP (docs/performance.md), p99 in ms. */
const GOALS = { month: 150, year: 300 } as const;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const round = (n: number) => Math.round(n * 10) / 10;

async function get(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie, Accept: "text/html,*/*" } });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

interface Figure {
  page: string;
  request: "document" | "data";
  /** The same period RUNS times in a row, after one unrecorded request. */
  sameP50: number;
  sameP99: number;
  /** The first request of that period (nothing kept yet). */
  first: number;
  /** RUNS different periods, each once. */
  eachP50: number;
  eachP99: number;
  kb: number;
}

/** The periods: this month, or 366 days to today, each with the year before; `i` goes back. */
function searches(today: string) {
  const month = (back: number) => {
    const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() - back);
    return `show=month&month=${date.toISOString().slice(0, 7)}&compare=1`;
  };
  const year = (back: number) => {
    const to = addDays(today, -back * 7);
    return `show=range&from=${addDays(to, -365)}&to=${to}&compare=1`;
  };
  return [
    { page: "month, with the year before", search: month, goal: GOALS.month },
    { page: "366 days, with the year before", search: year, goal: GOALS.year },
  ] as const;
}

async function measure(url: string, cookie: string, today: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const { page, search } of searches(today)) {
    for (const request of ["document", "data"] as const) {
      const path = request === "document" ? "/staff/reports" : "/staff/reports.data";
      // The data requests ask for periods the documents did not: each is read for the first time.
      const offset = request === "data" ? RUNS + 1 : 0;
      const address = (back: number) => `${url}${path}?${search(back + offset)}`;
      // Different periods, each asked once (back 1.. RUNS: this one is left for below).
      const each: number[] = [];
      for (let back = 1; back <= RUNS; back += 1) each.push((await get(address(back), cookie)).ms);
      const first = await get(address(0), cookie);
      const same: number[] = [];
      for (let i = 0; i < RUNS; i += 1) same.push((await get(address(0), cookie)).ms);
      figures.push({
        page,
        request,
        sameP50: round(percentile(same, 50)),
        sameP99: round(percentile(same, 99)),
        first: round(first.ms),
        eachP50: round(percentile(each, 50)),
        eachP99: round(percentile(each, 99)),
        kb: Math.round(first.bytes / 1024),
      });
    }
  }
  return figures;
}

/** The back office's loads at once: exports of every request and the outbox, year-long reports, a backup. */
async function loads(url: string, cookie: string, today: string, database: BenchDatabase) {
  const status = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    return response.status;
  };
  const year = (back: number) =>
    `/staff/reports?show=range&from=${addDays(today, -365 - back)}&to=${addDays(today, -back)}&compare=1`;
  const started = performance.now();
  const statuses = await Promise.all([
    ...Array.from({ length: 6 }, () => status("/staff/export/requests")),
    status("/staff/export/outbox"),
    ...[3, 5, 7].map((back) => status(year(back))),
    ...(database.engine === "pglite" ? [backUp(database).then(() => 200)] : []),
  ]);
  const counts: Record<string, number> = {};
  for (const code of statuses) counts[code] = (counts[code] ?? 0) + 1;
  return { ms: Math.round(performance.now() - started), statuses: counts };
}

interface Copy {
  database: BenchDatabase;
  remove: () => Promise<void>;
}

async function copyOf(engine: "pglite" | "postgres"): Promise<Copy | null> {
  if (engine === "pglite") {
    const source = process.env.BENCH_REPORTS_DATA_DIR;
    if (!source) return null;
    const dataDir = await mkdtemp(join(tmpdir(), "lodge-reports-http-"));
    await cp(source, dataDir, { recursive: true });
    return { database: { engine, dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const template = process.env.BENCH_REPORTS_DATABASE;
  if (!template) return null;
  const created = await createPostgresDatabase(POSTGRES_ADMIN_URL, template);
  if ("unreachable" in created) throw new Error(`PostgreSQL unreachable: ${created.unreachable}`);
  const dataDir = await mkdtemp(join(tmpdir(), "lodge-reports-http-"));
  return {
    database: { engine, dataDir, databaseUrl: created.databaseUrl },
    remove: async () => {
      await created.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const today = lodgeToday();
const results = [];
for (const engine of ["pglite", "postgres"] as const) {
  for (const buildDir of BUILDS) {
    const copy = await copyOf(engine);
    if (!copy) continue;
    try {
      const cookie = consoleSession(copy.database, buildDir);
      console.info(`bench: reports over HTTP, ${engine}, ${buildDir}…`);
      const server = await startServer(copy.database, PORT, buildDir);
      try {
        const afterStartMB = await residentAfterStart(server.pid);
        const peak = watchPeak(server.pid);
        const figures = await measure(server.url, cookie, today);
        const load = await loads(server.url, cookie, today, copy.database);
        const result = { engine, buildDir, figures, load, memory: { afterStartMB, peakMB: peak.stop() } };
        results.push(result);
        // As it comes: a run of every build on both engines takes a while.
        console.info(JSON.stringify(result));
      } finally {
        await server.stop();
      }
    } finally {
      await copy.remove();
    }
  }
}

console.log(
  `\nreports over HTTP, ms (${RUNS} requests each; ten years; ${cpus().length} cores, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")})`,
);
console.log(
  "| engine | build | page | request | same period p50 / p99 | its first | different periods p50 / p99 | KB |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const result of results) {
  for (const f of result.figures) {
    console.log(
      `| ${result.engine} | ${result.buildDir} | ${f.page} | ${f.request} | ${f.sameP50} / ${f.sameP99} | ${f.first} | ${f.eachP50} / ${f.eachP99} | ${f.kb} |`,
    );
  }
}
console.log(
  `\nresident memory, MB (goals: ${MEMORY_GOALS.afterStartMB} after start, ${MEMORY_GOALS.peakMB} at the peak)`,
);
for (const result of results) {
  console.log(
    `${result.engine} ${result.buildDir}: after start ${result.memory.afterStartMB}, peak ${result.memory.peakMB} (loads: ${result.load.ms} ms, answers ${JSON.stringify(result.load.statuses)})`,
  );
}
await writeResults("results-reports-http.json", { at: new Date().toISOString(), today, runs: RUNS, results });
