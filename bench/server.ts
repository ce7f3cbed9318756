// The system under test: the production build on a fresh database, either embedded (PGlite, in a
// temp folder) or a throwaway database on a PostgreSQL server, with bench-only room units added
// before the server starts (never ./data, never an existing database).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { SERVER_NODE_FLAGS, withServerEnv } from "../server/node-flags.ts";

export const BUILD_DIR = "build-bench";

/**
 * Where the server under test keeps its data: an embedded database in `dataDir`, or a PostgreSQL
 * database at `databaseUrl` (then `dataDir` only holds what the server writes beside it).
 */
export type BenchDatabase =
  { engine: "pglite"; dataDir: string } | { engine: "postgres"; dataDir: string; databaseUrl: string };

/** The server's database settings for a bench database (DATABASE_URL empty: the embedded one). */
function databaseEnv(database: BenchDatabase): Record<string, string> {
  return {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.engine === "postgres" ? database.databaseUrl : "",
  };
}

export function build(): void {
  const result = spawnSync("npm", ["run", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR },
  });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/**
 * Runs `body` in a child process with the build's server module as `build` (its database on the
 * bench's), and answers what the body wrote with `answer(text)`. A child process because PGlite
 * allows one process per data folder, and the server needs it next (on PostgreSQL the same way,
 * so both engines are set up alike).
 */
export function inBuild(database: BenchDatabase, body: string, buildDir = BUILD_DIR): string {
  const script = `
    const build = await import(${JSON.stringify(new URL(`../${buildDir}/server/index.js`, import.meta.url).href)});
    const answer = (text) => process.stdout.write("\\n${ANSWER}" + text + "\\n");
    try {
      ${body}
    } finally {
      await build.database.close();
    }
  `;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, NODE_ENV: "production", ...databaseEnv(database) },
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`the bench's child process failed:\n${result.stderr}`);
  // The app logs to stdout too, also after the answer (its logger flushes late): find the answer.
  return answerIn(result.stdout);
}

/**
 * Creates and seeds the database through the build's own migrations and seed, then adds `count`
 * Deluxe units (numbers B00001…) for the booking load. Returns their ids.
 */
export function seedBenchRooms(database: BenchDatabase, count: number): number[] {
  const answer = inBuild(
    database,
    `
    await build.seed();
    const rows = Array.from({ length: ${count} }, (_, i) => ({
      roomNumber: "B" + String(i + 1).padStart(5, "0"), type: "Deluxe", price: 400,
    }));
    const ids = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await build.database.db.insertInto("rooms").values(rows.slice(i, i + 500)).returning("id").execute();
      ids.push(...inserted.map((row) => row.id));
    }
    answer(JSON.stringify(ids));`,
  );
  return JSON.parse(answer) as number[];
}

/** Counts the committed room bookings (run after the server has stopped). */
export function countBookings(database: BenchDatabase): number {
  return Number(
    inBuild(
      database,
      `const { count } = await build.database.db.selectFrom("bookings").select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
      answer(String(count));`,
    ),
  );
}

/** Marks the child's answer on its stdout, among the app's log lines. */
const ANSWER = "bench-answer: ";

function answerIn(stdout: string): string {
  const line = stdout.split("\n").find((candidate) => candidate.startsWith(ANSWER));
  if (line === undefined) throw new Error(`no answer from the bench child process:\n${stdout.slice(-2000)}`);
  return line.slice(ANSWER.length);
}

export async function makeDataDir(): Promise<{ dataDir: string; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), "lodge-bench-"));
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

export async function startServer(
  database: BenchDatabase,
  port: number,
  buildDir = BUILD_DIR,
): Promise<RunningServer> {
  const url = `http://localhost:${port}`;
  // With the heap limits and allocator settings `npm start` gives the server (server/node-flags.ts).
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: withServerEnv({
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      ...databaseEnv(database),
      WRITE_RATE_LIMIT: "0",
      // Canonical URLs point at the server under test, as they would in production.
      SITE_ORIGIN: url,
    }),
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { url, pid: child.pid ?? 0, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("server did not become healthy within 60 s");
}

/**
 * The PostgreSQL server's admin database: `BENCH_POSTGRES_URL`, else `TEST_POSTGRES_URL` (as the
 * integration tests use), else the local server with trust auth.
 */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ||
  process.env.TEST_POSTGRES_URL ||
  "postgres://postgres@127.0.0.1:5432/postgres";

export type ThrowawayPostgres = { databaseUrl: string; drop: () => Promise<void> };

/**
 * Creates an empty database with a random name on the PostgreSQL server, as the integration tests
 * do (tests/integration/test-database.ts), and returns its URL and a `drop` that removes it (with
 * its connections; safe to call more than once). Returns the reason instead when the server cannot
 * be reached, so the caller can skip that part of the bench rather than fail.
 */
export async function createPostgresDatabase(
  adminUrl = POSTGRES_ADMIN_URL,
  template?: string,
): Promise<ThrowawayPostgres | { unreachable: string }> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  // A server that goes away while connected emits 'error'; the failing query reports it.
  admin.on("error", () => {});
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return {
      unreachable: `${redacted(adminUrl)}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const name = `lodge_bench_${randomBytes(6).toString("hex")}`;
  try {
    await admin.query(
      `create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ""}`,
    );
  } catch (error) {
    await admin.end().catch(() => {});
    throw error;
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  const drop = () =>
    (dropped ??= (async () => {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
      client.on("error", () => {});
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    })());
  return { databaseUrl: url.href, drop };
}

/** A database URL as it may be printed: without its password. */
export function redacted(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.href;
  } catch {
    return "(invalid URL)";
  }
}
