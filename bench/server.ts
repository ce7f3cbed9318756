// The system under test: the production build on a fresh embedded database in a temp folder,
// with bench-only room units added before the server starts (never ./data).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BUILD_DIR = "build-bench";

export function build(): void {
  const result = spawnSync("npm", ["run", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR },
  });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/**
 * Creates and seeds the database in `dataDir` through the build's own migrations and seed, then
 * adds `count` Deluxe units (numbers B00001…) so every booking in the load test gets a room of
 * its own. Returns their ids. The build module is loaded in a child process because PGlite
 * allows one process per data folder, and the server needs it next.
 */
export function seedBenchRooms(dataDir: string, count: number): number[] {
  const script = `
    const build = await import(${JSON.stringify(new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href)});
    await build.seed();
    const rows = Array.from({ length: ${count} }, (_, i) => ({
      roomNumber: "B" + String(i + 1).padStart(5, "0"), type: "Deluxe", price: 400,
    }));
    const ids = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await build.database.db.insertInto("rooms").values(rows.slice(i, i + 500)).returning("id").execute();
      ids.push(...inserted.map((row) => row.id));
    }
    await build.database.close();
    process.stdout.write("\\n" + JSON.stringify(ids));
  `;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`seeding the bench database failed:\n${result.stderr}`);
  // The app may log to stdout too: the answer is the last line.
  return JSON.parse(lastLine(result.stdout)) as number[];
}

/** Counts the committed room bookings (run after the server has stopped). */
export function countBookings(dataDir: string): number {
  const script = `
    const build = await import(${JSON.stringify(new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href)});
    const { count } = await build.database.db.selectFrom("bookings").select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
    await build.database.close();
    process.stdout.write("\\n" + String(count));
  `;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`counting bookings failed:\n${result.stderr}`);
  return Number(lastLine(result.stdout));
}

const lastLine = (text: string) => text.trim().split("\n").at(-1) ?? "";

export async function makeDataDir(): Promise<{ dataDir: string; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), "lodge-bench-"));
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

export type RunningServer = { url: string; stop: () => Promise<void> };

export async function startServer(dataDir: string, port: number): Promise<RunningServer> {
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server/index.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      WRITE_RATE_LIMIT: "0",
      // Canonical URLs point at the server under test, as they would in production.
      SITE_ORIGIN: url,
    },
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
    if (healthy) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("server did not become healthy within 60 s");
}
