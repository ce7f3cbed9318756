import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

// `npm run dev` (NODE_ENV=development, Vite in the server) takes the staff console's start-up step
// as `npm start` does (app/features/staff/staff-runtime.server.ts): while no account exists it prints the
// one-time setup link and writes its token file, and it writes DATA_DIR/server.pid, removed at
// stop. Without it, a fresh clone run in development had no way to create the first account.
// While the pid file names a live server, a second one on the same folder refuses to start. Its
// backups run as in production (server/lifecycle.ts): `npm run db:backup` (SIGUSR2) gets one.

const dataDir = mkdtempSync(join(tmpdir(), "lodge-dev-staff-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function devServer(port: number) {
  return spawn(process.execPath, ["--conditions=development", "./server/index.ts"], {
    env: { ...process.env, NODE_ENV: "development", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

it("prints the setup link, writes its token and server.pid in development, backs up when asked, and removes the pid at stop", async () => {
  const port = 43_000 + Math.floor(Math.random() * 1000);
  const child = devServer(port);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<string>((resolve) =>
    child.on("exit", (code, signal) => resolve(`${code} ${signal}`)),
  );
  try {
    const deadline = Date.now() + 170_000;
    while (!/"link":"[^"]*\/staff\/set-password\?token=/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no setup link:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const link = /"link":"([^"]+)"/.exec(output)?.[1] ?? "";
    const token = readFileSync(join(dataDir, "staff-setup-token"), "utf8").trim();
    expect(link.endsWith(`token=${token}`)).toBe(true);
    expect(readFileSync(join(dataDir, "server.pid"), "utf8").trim()).toBe(String(child.pid));

    // A second server on the same folder would corrupt the database: it refuses to start.
    const second = devServer(port + 1000);
    let secondOutput = "";
    second.stdout.on("data", (chunk: Buffer) => (secondOutput += chunk.toString()));
    second.stderr.on("data", (chunk: Buffer) => (secondOutput += chunk.toString()));
    const [code] = (await once(second, "exit")) as [number | null];
    expect(code, secondOutput).toBe(1);
    expect(secondOutput).toContain(`is in use by process ${child.pid}`);
    expect(readFileSync(join(dataDir, "server.pid"), "utf8").trim()).toBe(String(child.pid));

    // `npm run db:backup` while the server runs asks it for a backup.
    child.kill("SIGUSR2");
    const backupDeadline = Date.now() + 120_000;
    while (!output.includes('"msg":"database backed up"')) {
      if (Date.now() > backupDeadline || child.exitCode !== null) throw new Error(`no backup:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The schedule's own first backup, a minute after start, may be under way beside it by now on
    // a loaded machine (its working copy and partial file start with a dot).
    const backups = readdirSync(join(dataDir, "backups")).filter((name) => !name.startsWith("."));
    expect(backups.length).toBeGreaterThanOrEqual(1);
    for (const name of backups) expect(name).toMatch(/^lodge-.*\.tar\.gz$/);
  } finally {
    child.kill("SIGTERM");
  }
  // Stopped, not ended by another SIGTERM handler: the workers and the database were closed first.
  expect(await exited, output).toBe("0 null");
  expect(output).toContain('"msg":"stopped"');
  expect(existsSync(join(dataDir, "server.pid")), output).toBe(false);
}, 360_000);
