// Every console and public page at one year and at ten years of a busy lodge's history
// (bench/history-seed.ts), on each engine, in one run; each page's ratio; and the server's
// resident memory after start, at its peak under this load, and while it writes a backup. Both
// databases are seeded for the same today and hold the same recent year (the same stays in house,
// arrivals, departures, newest requests), so a page costs more at ten years only for the years
// before it: an empty database would also charge the page for today's stays, which are not
// history's cost.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { lodgeToday } from "../app/shared/dates.ts";
import { combineLoadRuns, median, type CombinedPageLoad } from "./combine-runs.ts";
import { ONE_YEAR, TEN_YEARS, type HistoryCounts, type HistorySize } from "./history-seed.ts";
import { loadInTurns, loadPage, type PageLoad } from "./load.ts";
import { guestWaits, type GuestWait } from "./guest-waits.ts";
import { residentAfterStart, watchPeak } from "./memory.ts";
import { inBuild, startServer, type BenchDatabase, type RunningServer } from "./server.ts";

/** The pages, console first; searches by name, e-mail, reference and phone. */
export const HISTORY_PAGES = [
  "/staff",
  "/staff/requests",
  "/staff/requests?q=Guest%201",
  "/staff/requests?q=guest17%40example.com",
  "/staff/requests?q=LDG-22",
  "/staff/requests?q=0004711",
  "/staff/requests?kind=booking&status=Confirmed",
  "/staff/requests?page=4",
  "/staff/outbox",
  "/staff/board?days=30",
  "/staff/rooms",
  "/staff/accounts",
  "/",
  "/rooms",
  "/booking",
  "/reservation",
  "/contact",
] as const;

/**
 * The goals at ten years (docs/performance.md): each page within 1.2× of its time at one year,
 * p99 ≤ 100 ms, at CONNECTIONS connections.
 */
export const HISTORY_GOALS = { slowerAtMost: 1.2, p99Ms: 100 } as const;

/** The server's resident memory goals on the embedded database, MB (docs/performance.md). */
export const MEMORY_GOALS = { afterStartMB: 256, peakMB: 384 } as const;

/** 4 connections: a few staff and guests at once. */
const CONNECTIONS = 4;
/** Pairs of runs per page, each a one-year run then a ten-year run, of SECONDS each. */
const PAIRS = Number(process.env.BENCH_HISTORY_PAIRS ?? 5);
const SECONDS = Number(process.env.BENCH_HISTORY_SECONDS ?? 2);

export interface HistoryPage {
  path: string;
  oneYear: CombinedPageLoad;
  tenYears: CombinedPageLoad;
  /**
   * Ten years' time per request over one year's (one year's req/s ÷ ten years'), the median of
   * the pairs': 1.2 means a fifth slower. Throughput rather than p50: it counts every request's
   * time, while the percentiles come in whole milliseconds, too coarse on the fast pages.
   */
  ratio: number;
  /** Each pair's ratio, in the order they ran. */
  pairs: number[];
}

export interface HistoryBench {
  engine: BenchDatabase["engine"];
  /** The lodge's today both databases were seeded for. */
  today: string;
  /** The first day from which both hold the same rows (checked before measuring). */
  sameFrom: string;
  pages: HistoryPage[];
  /**
   * Resident memory of each server process, MB; `peakWhileBackingUp`: the ten-year server's while
   * it writes its daily backup under the console's load (embedded database only, else null).
   */
  memory: {
    afterStartOneYear: number;
    peakOneYear: number;
    afterStartTenYears: number;
    peakTenYears: number;
    peakWhileBackingUp: number | null;
  };
  seeded: { oneYear: HistoryCounts; tenYears: HistoryCounts };
  /** At ten years: the slowest /healthz while staff export, report and back up. */
  guestWaits: GuestWait[];
}

/** A manager and a live session made in the database, as sign-in would: the cookie to send. */
export function consoleSession(database: BenchDatabase, buildDir?: string): string {
  const token = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(token).digest("hex");
  inBuild(
    database,
    `await build.seed();
    const { sql } = await import("kysely");
    const account = await sql\`insert into staff_accounts (email, name, role)
      values ('bench-manager@lodge.example', 'Bench Manager', 'manager') returning id\`.execute(build.database.db);
    await sql\`insert into staff_sessions (token_hash, staff_account_id, expires_at)
      values (\${${JSON.stringify(hash)}}, \${account.rows[0].id}, now() + interval '1 day')\`.execute(build.database.db);
    answer("ok");`,
    buildDir,
  );
  return `lodge_staff=${token}`;
}

const SEED_MODULE = JSON.stringify(new URL("./history-seed.ts", import.meta.url).href);

/** Adds `size` of history for `today` through the build's database and the seed module's source. */
function seed(database: BenchDatabase, size: HistorySize, today: string): HistoryCounts {
  return JSON.parse(
    inBuild(
      database,
      `const { seedHistory } = await import(${SEED_MODULE});
      answer(JSON.stringify(await seedHistory(build.database.db, ${JSON.stringify(size)}, ${JSON.stringify(today)})));`,
    ),
  ) as HistoryCounts;
}

/** The first day from which the seeded history is whole (history-seed.ts, recentFrom). */
function recentFrom(database: BenchDatabase): string {
  return inBuild(
    database,
    `const { recentFrom } = await import(${SEED_MODULE});
    answer(await recentFrom(build.database.db));`,
  );
}

/** Each table's rows from `since` on, as a count and a digest (history-seed.ts, historySince). */
function digestSince(database: BenchDatabase, since: string): Record<string, string> {
  return JSON.parse(
    inBuild(
      database,
      `const { historySince } = await import(${SEED_MODULE});
      const { createHash } = await import("node:crypto");
      const tables = await historySince(build.database.db, ${JSON.stringify(since)});
      answer(JSON.stringify(Object.fromEntries(Object.entries(tables).map(([table, rows]) =>
        [table, rows.length + " " + createHash("sha256").update(rows.join("\\n")).digest("hex")]))));`,
    ),
  ) as Record<string, string>;
}

/**
 * Seeds one year and ten years for the same today, and refuses to measure unless both hold the
 * same rows from the one-year database's first whole day on: the ratio means what it says only
 * when the pages show the same lodge today.
 */
function seedBoth(oneYear: BenchDatabase, tenYears: BenchDatabase) {
  const today = lodgeToday();
  console.info(`bench: seeding one year and ten years of history for ${today} (${tenYears.engine})…`);
  const seeded = { oneYear: seed(oneYear, ONE_YEAR, today), tenYears: seed(tenYears, TEN_YEARS, today) };
  const sameFrom = recentFrom(oneYear);
  const [short, long] = [digestSince(oneYear, sameFrom), digestSince(tenYears, sameFrom)];
  const differ = Object.keys(short).filter((table) => short[table] !== long[table]);
  if (differ.length > 0) {
    throw new Error(
      `one year and ten years differ from ${sameFrom} on, in ${differ.join(", ")}: the pages would not show the same lodge`,
    );
  }
  return { today, sameFrom, seeded };
}

/**
 * `npm run db:backup` on an embedded database's folder, as staff run it: written by the script
 * when no server holds the folder, asked of the server (and waited for) when one does.
 */
export async function backUp(database: BenchDatabase): Promise<void> {
  const child = spawn(process.execPath, ["scripts/db.ts", "backup"], {
    env: { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`npm run db:backup failed:\n${stderr}`);
}

/**
 * The server's peak while it writes a backup and staff keep using the console: /staff/requests
 * under the bench's connections until `npm run db:backup` has the new file. (Each folder is backed
 * up before its server starts: a server backs up a folder whose newest backup is a day old a
 * minute after it starts, which would fall into the pages' runs.)
 */
async function peakWhileBackingUp(server: RunningServer, database: BenchDatabase, cookie: string) {
  const peak = watchPeak(server.pid);
  let written = false;
  const backup = backUp(database).finally(() => (written = true));
  while (!written) await loadPage(server.url, "/staff/requests", 1, { connections: CONNECTIONS, cookie });
  await backup;
  return peak.stop();
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Ten years' time per request over one year's, from their requests per second. */
export const timeRatio = (oneYearPerSecond: number, tenYearsPerSecond: number): number =>
  tenYearsPerSecond > 0 ? round2(oneYearPerSecond / tenYearsPerSecond) : Infinity;

/** One page's runs taken in turns (one year's, ten years'), compared pair by pair. */
export function comparePage(
  path: string,
  oneYear: readonly PageLoad[],
  tenYears: readonly PageLoad[],
): HistoryPage {
  const pairs = oneYear.map((run, i) =>
    timeRatio(run.requestsPerSecond, tenYears[i]?.requestsPerSecond ?? 0),
  );
  return {
    path,
    oneYear: combineLoadRuns(oneYear),
    tenYears: combineLoadRuns(tenYears),
    ratio: round2(median(pairs)),
    pairs,
  };
}

/**
 * One page on both servers, taking turns: an unrecorded second on each, then PAIRS pairs of runs
 * (one year, ten years). Two blocks measured minutes apart would carry the machine's drift into
 * the ratio at full weight; within a pair the drift falls on both sides. The ratio is the median
 * of the pairs' ratios.
 */
async function alternate(
  servers: readonly [{ url: string; cookie: string }, { url: string; cookie: string }],
  path: string,
): Promise<HistoryPage> {
  const [oneYear, tenYears] = await loadInTurns(
    [
      { url: servers[0].url, options: { connections: CONNECTIONS, cookie: servers[0].cookie } },
      { url: servers[1].url, options: { connections: CONNECTIONS, cookie: servers[1].cookie } },
    ],
    path,
    PAIRS,
    SECONDS,
  );
  return comparePage(path, oneYear, tenYears);
}

/**
 * Both sizes on one engine, the same pages, the same run: `oneYear` and `tenYears`, each a fresh
 * database seeded for the same today, served side by side on `port` and `port + 1`.
 */
export async function measureHistory(
  oneYear: BenchDatabase,
  tenYears: BenchDatabase,
  port: number,
): Promise<HistoryBench> {
  const oneYearCookie = consoleSession(oneYear);
  const tenYearsCookie = consoleSession(tenYears);
  const { today, sameFrom, seeded } = seedBoth(oneYear, tenYears);
  if (tenYears.engine === "pglite") for (const database of [oneYear, tenYears]) await backUp(database);
  const oneYearServer = await startServer(oneYear, port);
  try {
    const tenYearsServer = await startServer(tenYears, port + 1);
    try {
      const [afterStartOneYear, afterStartTenYears] = await Promise.all(
        [oneYearServer, tenYearsServer].map((server) => residentAfterStart(server.pid)),
      );
      const peaks = [oneYearServer, tenYearsServer].map((server) => watchPeak(server.pid));
      console.info(`bench: history pages, one year and ten years taking turns (${tenYears.engine})…`);
      const pages: HistoryPage[] = [];
      for (const path of HISTORY_PAGES) {
        pages.push(
          await alternate(
            [
              { url: oneYearServer.url, cookie: oneYearCookie },
              { url: tenYearsServer.url, cookie: tenYearsCookie },
            ],
            path,
          ),
        );
      }
      const [peakOneYear, peakTenYears] = peaks.map((peak) => peak.stop());
      const backingUp =
        tenYears.engine === "pglite"
          ? await peakWhileBackingUp(tenYearsServer, tenYears, tenYearsCookie)
          : null;
      console.info(`bench: how long a guest waits behind staff at ten years (${tenYears.engine})…`);
      const waits = await guestWaits(
        tenYearsServer.url,
        tenYearsCookie,
        today,
        tenYears.engine === "pglite" ? () => backUp(tenYears) : null,
      );
      return {
        engine: tenYears.engine,
        today,
        sameFrom,
        pages,
        guestWaits: waits,
        memory: {
          afterStartOneYear: afterStartOneYear!,
          peakOneYear: peakOneYear!,
          afterStartTenYears: afterStartTenYears!,
          peakTenYears: peakTenYears!,
          peakWhileBackingUp: backingUp,
        },
        seeded,
      };
    } finally {
      await tenYearsServer.stop();
    }
  } finally {
    await oneYearServer.stop();
  }
}

/** What keeps one page from the goals: none when it meets them. */
export function pageProblems(page: HistoryPage): string[] {
  const problems: string[] = [];
  if (!(page.ratio <= HISTORY_GOALS.slowerAtMost)) problems.push(`${page.ratio}× its time at one year`);
  if (page.tenYears.p99Ms > HISTORY_GOALS.p99Ms) problems.push(`p99 ${page.tenYears.p99Ms} ms`);
  const failed = [page.oneYear, page.tenYears].reduce((sum, load) => sum + load.non2xx + load.errors, 0);
  if (failed > 0) problems.push(`${failed} failed requests`);
  return problems;
}

/** Pages outside the goals, named, for the bench's list of failures. */
export function historyFailures(results: readonly HistoryBench[]): string[] {
  return results.flatMap((result) =>
    result.pages.flatMap((page) => {
      const problems = pageProblems(page);
      return problems.length ? [`ten years, ${result.engine}, GET ${page.path}: ${problems.join(", ")}`] : [];
    }),
  );
}

/** A server on the embedded database over the memory goals, named: `where` says which. */
export function overMemoryGoals(where: string, afterStart: number, peak: number): string[] {
  return [
    ...(afterStart > MEMORY_GOALS.afterStartMB
      ? [`${where}: memory after start ${afterStart} MB (goal ${MEMORY_GOALS.afterStartMB})`]
      : []),
    ...(peak > MEMORY_GOALS.peakMB ? [`${where}: memory peak ${peak} MB (goal ${MEMORY_GOALS.peakMB})`] : []),
  ];
}

/** The history servers on the embedded database over the memory goals (PostgreSQL's are not goals). */
export function memoryFailures(results: readonly HistoryBench[]): string[] {
  return results
    .filter((result) => result.engine === "pglite")
    .flatMap(({ memory: m }) => [
      ...overMemoryGoals("history, pglite, one year", m.afterStartOneYear, m.peakOneYear),
      ...overMemoryGoals(
        "history, pglite, ten years",
        m.afterStartTenYears,
        Math.max(m.peakTenYears, m.peakWhileBackingUp ?? 0),
      ),
    ]);
}

const seededText = (counts: HistoryCounts) =>
  `${counts.bookings + counts.reservations} stays, ${counts.venueBookings} events, ${counts.messages} messages, ` +
  `${counts.subscribers} subscribers, ${counts.history} history rows, ${counts.mails} mails`;

export function printHistory(
  results: readonly HistoryBench[],
  printRows: (h: string[], r: string[][]) => void,
) {
  for (const result of results) {
    console.info(
      `\nTen years of history against one year on ${result.engine} (${CONNECTIONS} connections, ` +
        `${PAIRS} pairs of ${SECONDS} s runs taking turns, medians; goal: ten years within ` +
        `${HISTORY_GOALS.slowerAtMost}× of one year, p99 ≤ ${HISTORY_GOALS.p99Ms} ms):\n` +
        `  today ${result.today}; the same rows in both from ${result.sameFrom} on\n` +
        `  one year: ${seededText(result.seeded.oneYear)}\n` +
        `  ten years: ${seededText(result.seeded.tenYears)}`,
    );
    printRows(
      [
        "page",
        "1y p50 ms",
        "1y p99 ms",
        "10y p50 ms",
        "10y p99 ms",
        "1y req/s",
        "10y req/s",
        "10y ÷ 1y",
        "goal",
      ],
      result.pages.map((page) => {
        const problems = pageProblems(page);
        return [
          page.path,
          String(page.oneYear.p50Ms),
          String(page.oneYear.p99Ms),
          String(page.tenYears.p50Ms),
          String(page.tenYears.p99Ms),
          String(page.oneYear.requestsPerSecond),
          String(page.tenYears.requestsPerSecond),
          `${page.ratio}× (${page.pairs.join(", ")})`,
          problems.length ? `FAIL: ${problems.join(", ")}` : "pass",
        ];
      }),
    );
    const m = result.memory;
    console.info(
      `Server memory (RSS) on ${result.engine}: at one year ${m.afterStartOneYear} MB after start, peak ${m.peakOneYear} MB under this load; ` +
        `at ten years ${m.afterStartTenYears} MB after start, peak ${m.peakTenYears} MB` +
        (m.peakWhileBackingUp === null
          ? ""
          : `, peak ${m.peakWhileBackingUp} MB while writing its backup under load`),
    );
    console.info(
      `How long a guest waits behind staff at ten years on ${result.engine} (goal: ≤ 100 ms, backup ≤ 250 ms):`,
    );
    printRows(
      ["what staff do", "it takes ms", "slowest /healthz meanwhile ms", "probes"],
      result.guestWaits.map((wait) => [
        wait.work,
        String(wait.workMs),
        String(wait.slowestMs),
        String(wait.probes),
      ]),
    );
  }
}
