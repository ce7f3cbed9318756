// Every console and public page on an empty database and on ten years of a busy lodge's
// history (bench/history-seed.ts), on each engine, in one run; each page's ratio; and the
// server's resident memory after start, at its peak under this load, and after the history.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { combineLoadRuns, median, type CombinedPageLoad } from "./combine-runs.ts";
import { loadInTurns, loadPage } from "./load.ts";
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

/** The goals at ten years: within 1.5× of the empty database's speed, p99 ≤ 100 ms. */
export const HISTORY_GOALS = { slowerAtMost: 1.5, p99Ms: 100 } as const;

/** The server's resident memory goals on the embedded database, MB (docs/performance.md). */
export const MEMORY_GOALS = { afterStartMB: 256, peakMB: 384 } as const;

/** 4 connections: a few staff and guests at once. */
const CONNECTIONS = 4;
/** Pairs of runs per page, each an empty-database run then a ten-year run, of SECONDS each. */
const PAIRS = Number(process.env.BENCH_HISTORY_PAIRS ?? 5);
const SECONDS = Number(process.env.BENCH_HISTORY_SECONDS ?? 2);

export interface HistoryPage {
  path: string;
  empty: CombinedPageLoad;
  tenYears: CombinedPageLoad;
  /** The median of the pairs' ratios (empty req/s over ten-year req/s): 2 means half as fast. */
  slower: number;
  /** Each pair's ratio, in the order they ran. */
  pairs: number[];
}

export interface HistoryBench {
  engine: BenchDatabase["engine"];
  pages: HistoryPage[];
  /**
   * Resident memory of each server process, MB; `peakWhileBackingUp`: the ten-year server's while
   * it writes its daily backup under the console's load (embedded database only, else null).
   */
  memory: {
    afterStart: number;
    peakUnderLoad: number;
    afterStartTenYears: number;
    peakTenYears: number;
    peakWhileBackingUp: number | null;
  };
  seeded: Record<string, number>;
}

/** A manager and a live session made in the database, as sign-in would: the cookie to send. */
export function consoleSession(database: BenchDatabase): string {
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
  );
  return `lodge_staff=${token}`;
}

/** Adds the ten years through the build's database and the seed module's source. */
function seedTenYears(database: BenchDatabase): Record<string, number> {
  const seed = new URL("./history-seed.ts", import.meta.url).href;
  return JSON.parse(
    inBuild(
      database,
      `const { seedHistory } = await import(${JSON.stringify(seed)});
      answer(JSON.stringify(await seedHistory(build.database.db)));`,
    ),
  ) as Record<string, number>;
}

/**
 * `npm run db:backup` on an embedded database's folder, as staff run it: written by the script
 * when no server holds the folder, asked of the server (and waited for) when one does.
 */
async function backUp(database: BenchDatabase): Promise<void> {
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

const ratio = (empty: number, tenYears: number) =>
  tenYears > 0 ? Math.round((empty / tenYears) * 100) / 100 : Infinity;

/**
 * One page on both servers, taking turns: an unrecorded second on each, then PAIRS pairs of runs
 * (empty, ten years). Two blocks measured minutes apart would carry the machine's drift into the
 * ratio at full weight; within a pair the drift falls on both sides. The ratio is the median of
 * the pairs' ratios.
 */
async function alternate(
  servers: readonly [{ url: string; cookie: string }, { url: string; cookie: string }],
  path: string,
): Promise<HistoryPage> {
  const runs = await loadInTurns(
    [
      { url: servers[0].url, options: { connections: CONNECTIONS, cookie: servers[0].cookie } },
      { url: servers[1].url, options: { connections: CONNECTIONS, cookie: servers[1].cookie } },
    ],
    path,
    PAIRS,
    SECONDS,
  );
  const pairs = runs[0].map((empty, i) => ratio(empty.requestsPerSecond, runs[1][i]!.requestsPerSecond));
  return {
    path,
    empty: combineLoadRuns(runs[0]),
    tenYears: combineLoadRuns(runs[1]),
    slower: Math.round(median(pairs) * 100) / 100,
    pairs,
  };
}

/**
 * Both states of one engine, the same pages, the same run: `empty` (the seed alone) and `full`
 * (the seed and ten years of history), each a fresh database, served side by side on `port` and
 * `port + 1`.
 */
export async function measureHistory(
  empty: BenchDatabase,
  full: BenchDatabase,
  port: number,
): Promise<HistoryBench> {
  const emptyCookie = consoleSession(empty);
  const fullCookie = consoleSession(full);
  console.info(`bench: seeding ten years of history (${full.engine})…`);
  const seeded = seedTenYears(full);
  if (full.engine === "pglite") for (const database of [empty, full]) await backUp(database);
  const emptyServer = await startServer(empty, port);
  try {
    const fullServer = await startServer(full, port + 1);
    try {
      const [afterStart, afterStartTenYears] = await Promise.all(
        [emptyServer, fullServer].map((server) => residentAfterStart(server.pid)),
      );
      const peaks = [emptyServer, fullServer].map((server) => watchPeak(server.pid));
      console.info(`bench: history pages, empty and ten years taking turns (${full.engine})…`);
      const pages: HistoryPage[] = [];
      for (const path of HISTORY_PAGES) {
        pages.push(
          await alternate(
            [
              { url: emptyServer.url, cookie: emptyCookie },
              { url: fullServer.url, cookie: fullCookie },
            ],
            path,
          ),
        );
      }
      const [peakUnderLoad, peakTenYears] = peaks.map((peak) => peak.stop());
      const backingUp =
        full.engine === "pglite" ? await peakWhileBackingUp(fullServer, full, fullCookie) : null;
      return {
        engine: full.engine,
        pages,
        memory: {
          afterStart: afterStart!,
          peakUnderLoad: peakUnderLoad!,
          afterStartTenYears: afterStartTenYears!,
          peakTenYears: peakTenYears!,
          peakWhileBackingUp: backingUp,
        },
        seeded,
      };
    } finally {
      await fullServer.stop();
    }
  } finally {
    await emptyServer.stop();
  }
}

/** Pages outside the goals, named, for the bench's list of failures. */
export function historyFailures(results: readonly HistoryBench[]): string[] {
  return results.flatMap((result) =>
    result.pages.flatMap((page) => {
      const problems: string[] = [];
      if (page.slower > HISTORY_GOALS.slowerAtMost) problems.push(`${page.slower}× slower than empty`);
      if (page.tenYears.p99Ms > HISTORY_GOALS.p99Ms) problems.push(`p99 ${page.tenYears.p99Ms} ms`);
      if (page.tenYears.non2xx + page.tenYears.errors > 0)
        problems.push(`${page.tenYears.non2xx + page.tenYears.errors} failed requests`);
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
      ...overMemoryGoals("history, pglite, empty", m.afterStart, m.peakUnderLoad),
      ...overMemoryGoals(
        "history, pglite, ten years",
        m.afterStartTenYears,
        Math.max(m.peakTenYears, m.peakWhileBackingUp ?? 0),
      ),
    ]);
}

export function printHistory(
  results: readonly HistoryBench[],
  printRows: (h: string[], r: string[][]) => void,
) {
  for (const result of results) {
    console.info(
      `\nTen years of history on ${result.engine} (${CONNECTIONS} connections, ${PAIRS} pairs of ${SECONDS} s runs taking turns, medians; seeded ${JSON.stringify(result.seeded)}):`,
    );
    printRows(
      ["page", "empty req/s", "empty p99 ms", "10 years req/s", "10 years p99 ms", "slower"],
      result.pages.map((page) => [
        page.path,
        String(page.empty.requestsPerSecond),
        String(page.empty.p99Ms),
        String(page.tenYears.requestsPerSecond),
        String(page.tenYears.p99Ms),
        `${page.slower}× (${page.pairs.join(", ")})`,
      ]),
    );
    const m = result.memory;
    console.info(
      `Server memory (RSS) on ${result.engine}: ${m.afterStart} MB after start, peak ${m.peakUnderLoad} MB under this load; ` +
        `at ten years ${m.afterStartTenYears} MB after start, peak ${m.peakTenYears} MB` +
        (m.peakWhileBackingUp === null
          ? ""
          : `, peak ${m.peakWhileBackingUp} MB while writing its backup under load`),
    );
  }
}
