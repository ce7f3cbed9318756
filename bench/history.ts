// Issue 19: every console and public page on an empty database and on ten years of a busy lodge's
// history (app/db/seed-history.server.ts), on each engine, in one run; each page's ratio; and the
// server's resident memory after start, at its peak under this load, and after the history.
import { createHash, randomBytes } from "node:crypto";
import type { CombinedPageLoad } from "./combine-runs.ts";
import { loadPageRuns } from "./load.ts";
import { residentAfterStart, watchPeak } from "./memory.ts";
import { inBuild, startServer, type BenchDatabase } from "./server.ts";

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

/** As the issue measured: 4 connections (a few staff and guests at once). */
const CONNECTIONS = 4;
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_HISTORY_SECONDS ?? 3);

export interface HistoryPage {
  path: string;
  empty: CombinedPageLoad;
  tenYears: CombinedPageLoad;
  /** Empty req/s over ten-year req/s: 2 means half as fast. */
  slower: number;
}

export interface HistoryBench {
  engine: BenchDatabase["engine"];
  pages: HistoryPage[];
  /** Resident memory of the server process, MB. */
  memory: { afterStart: number; peakUnderLoad: number; afterStartTenYears: number; peakTenYears: number };
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
  const seed = new URL("../app/db/seed-history.server.ts", import.meta.url).href;
  return JSON.parse(
    inBuild(
      database,
      `const { seedHistory } = await import(${JSON.stringify(seed)});
      answer(JSON.stringify(await seedHistory(build.database.db)));`,
    ),
  ) as Record<string, number>;
}

async function measurePages(
  database: BenchDatabase,
  port: number,
  cookie: string,
): Promise<{ loads: CombinedPageLoad[]; afterStart: number; peak: number }> {
  const server = await startServer(database, port);
  try {
    const afterStart = await residentAfterStart(server.pid);
    const peak = watchPeak(server.pid);
    const loads: CombinedPageLoad[] = [];
    for (const path of HISTORY_PAGES) {
      loads.push(
        await loadPageRuns(server.url, path, {
          connections: CONNECTIONS,
          runs: RUNS,
          seconds: SECONDS,
          cookie,
        }),
      );
    }
    return { loads, afterStart, peak: peak.stop() };
  } finally {
    await server.stop();
  }
}

/** Both states of one engine's fresh database, the same pages, the same run. */
export async function measureHistory(database: BenchDatabase, port: number): Promise<HistoryBench> {
  const cookie = consoleSession(database);
  console.info(`bench: history pages on the empty database (${database.engine})…`);
  const empty = await measurePages(database, port, cookie);
  console.info(`bench: seeding ten years of history (${database.engine})…`);
  const seeded = seedTenYears(database);
  console.info(`bench: history pages at ten years (${database.engine})…`);
  const full = await measurePages(database, port, cookie);
  const pages = HISTORY_PAGES.map((path, i): HistoryPage => {
    const before = empty.loads[i]!;
    const after = full.loads[i]!;
    const slower =
      after.requestsPerSecond > 0 ? before.requestsPerSecond / after.requestsPerSecond : Infinity;
    return { path, empty: before, tenYears: after, slower: Math.round(slower * 100) / 100 };
  });
  return {
    engine: database.engine,
    pages,
    memory: {
      afterStart: empty.afterStart,
      peakUnderLoad: empty.peak,
      afterStartTenYears: full.afterStart,
      peakTenYears: full.peak,
    },
    seeded,
  };
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

export function printHistory(
  results: readonly HistoryBench[],
  printRows: (h: string[], r: string[][]) => void,
) {
  for (const result of results) {
    console.info(
      `\nTen years of history on ${result.engine} (${CONNECTIONS} connections, medians of ${RUNS} runs of ${SECONDS} s; seeded ${JSON.stringify(result.seeded)}):`,
    );
    printRows(
      ["page", "empty req/s", "empty p99 ms", "10 years req/s", "10 years p99 ms", "slower"],
      result.pages.map((page) => [
        page.path,
        String(page.empty.requestsPerSecond),
        String(page.empty.p99Ms),
        String(page.tenYears.requestsPerSecond),
        String(page.tenYears.p99Ms),
        `${page.slower}×`,
      ]),
    );
    const m = result.memory;
    console.info(
      `Server memory (RSS) on ${result.engine}: ${m.afterStart} MB after start, peak ${m.peakUnderLoad} MB under this load; ` +
        `at ten years ${m.afterStartTenYears} MB after start, peak ${m.peakTenYears} MB`,
    );
  }
}
