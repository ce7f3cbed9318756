// `npm run bench:baseline -- <folder>`: the throughput of this build against another version's,
// on this machine, now. A figure from another machine (or another hour of a shared one) says
// little, so the two servers run side by side and every page is loaded on one, then on the other,
// three times each (docs/performance.md, "Against a baseline").
//
// <folder>: a checkout of the baseline with its dependencies installed and built, e.g.
//   git worktree add --detach ../lodge-baseline edfd8d0 && (cd ../lodge-baseline && npm ci && npm run build)
// This build is build-bench/ (`npm run bench` makes it; BENCH_SKIP_BUILD=1 keeps it).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { combineLoadRuns, type CombinedPageLoad } from "./combine-runs.ts";
import { loadInTurns } from "./load.ts";
import { BUILD_DIR, build } from "./server.ts";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../server/node-flags.ts";

const baseline = process.argv[2];
if (!baseline || !existsSync(join(baseline, "build/server/index.js"))) {
  console.error("usage: npm run bench:baseline -- <baseline checkout, installed and built>");
  process.exit(2);
}
/** The pages of the bench's load (bench/run.ts, LOAD_BUDGETS). */
const LOAD_PATHS = [
  "/",
  "/about",
  "/services/swimming-pool",
  "/rooms",
  "/details/1",
  "/booking",
  "/reservation",
  "/contact",
];

type Side = {
  name: string;
  cwd: string;
  args: string[];
  /** Environment the server starts with, beyond the bench's own. */
  serverEnv: Readonly<Record<string, string>>;
  buildDir: string;
  port: number;
};
const sides: Side[] = [
  {
    name: "baseline",
    cwd: resolve(baseline),
    args: ["server/index.ts"],
    serverEnv: {},
    buildDir: "build",
    port: 4781,
  },
  // As `npm start` runs it (server/node-flags.ts).
  {
    name: "this",
    cwd: process.cwd(),
    args: [...SERVER_NODE_FLAGS, "server/index.ts"],
    serverEnv: SERVER_ENV,
    buildDir: BUILD_DIR,
    port: 4782,
  },
];

const RUNS = 5;
const SECONDS = 3;

/** The page on each side: one unrecorded second each, then RUNS runs taking turns; medians. */
async function alternating(path: string) {
  const [url0, url1] = sides.map((side) => ({ url: `http://localhost:${side.port}` }));
  const runs = await loadInTurns([url0!, url1!], path, RUNS, SECONDS);
  return runs.map(combineLoadRuns) as [CombinedPageLoad, CombinedPageLoad];
}

if (process.env.BENCH_SKIP_BUILD !== "1") build();
const children: ChildProcess[] = [];
const folders: string[] = [];
try {
  for (const side of sides) {
    const dataDir = await mkdtemp(join(tmpdir(), `lodge-${side.name}-`));
    folders.push(dataDir);
    const env = {
      ...side.serverEnv,
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: side.buildDir,
      PORT: String(side.port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      WRITE_RATE_LIMIT: "0",
      SITE_ORIGIN: `http://localhost:${side.port}`,
    };
    children.push(
      spawn(process.execPath, side.args, { cwd: side.cwd, stdio: ["ignore", "ignore", "inherit"], env }),
    );
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`http://localhost:${side.port}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`${side.name} did not start`);
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  console.info(
    `req/s, 20 connections, medians of ${RUNS} runs of ${SECONDS} s taking turns (each run in brackets), baseline then this:`,
  );
  let slower = 0;
  for (const path of LOAD_PATHS) {
    // Alternating runs: whatever else the machine does at a moment weighs on both alike.
    const [old, now] = await alternating(path);
    const ratio = now.requestsPerSecond / old.requestsPerSecond;
    if (ratio < 0.9) slower++;
    const runs = (load: typeof old) =>
      `${load.requestsPerSecond} [${load.runs.map((run) => run.requestsPerSecond).join(", ")}]`;
    console.info(`  ${path.padEnd(24)} ${runs(old).padEnd(28)} ${runs(now).padEnd(28)} ${ratio.toFixed(2)}×`);
  }
  console.info(
    slower
      ? `${slower} page(s) more than 10% slower than the baseline`
      : "no page more than 10% slower than the baseline",
  );
} finally {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map(
      (child) => new Promise((done) => (child.exitCode === null ? child.once("exit", done) : done(null))),
    ),
  );
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
}
