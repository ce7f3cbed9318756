import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/shared/db/database.server.ts";
import type { Env } from "../../app/shared/env.server.ts";
import { DataFolderInUse, staffConsoleRuntime } from "../../app/features/staff/staff-runtime.server.ts";
import { createDataFolderApart } from "../../app/shared/db/pglite-options.server.ts";

// The embedded database admits one process (app/features/staff/staff-runtime.server.ts, `claimFolder`): a
// server claims its data folder through DATA_DIR/server.pid before it opens the database, and
// refuses while the file names another live process. A file left by a server that died is taken
// over. (The refusal of a whole second server: staff-dev-start.test.ts.)

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function runtimeOn(dataDir: string, databaseUrl?: string) {
  const env = {
    SITE_ORIGIN: "http://localhost",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  } as unknown as Env;
  // claimFolder reads no database.
  return staffConsoleRuntime({} as DatabaseHandle, env);
}

function folder(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "lodge-claim-"));
  folders.push(dataDir);
  return dataDir;
}

const pidIn = (dataDir: string) => readFileSync(join(dataDir, "server.pid"), "utf8").trim();

describe("claimFolder", () => {
  it("writes this process's pid into a folder no server holds, and again into its own", () => {
    const dataDir = folder();
    const runtime = runtimeOn(dataDir);
    runtime.claimFolder();
    expect(pidIn(dataDir)).toBe(String(process.pid));
    runtime.claimFolder();
    expect(pidIn(dataDir)).toBe(String(process.pid));
  });

  it("refuses a folder whose server.pid names another live process, and leaves the file", async () => {
    const dataDir = folder();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"], { stdio: "ignore" });
    try {
      writeFileSync(join(dataDir, "server.pid"), `${other.pid}\n`);
      expect(() => runtimeOn(dataDir).claimFolder()).toThrow(DataFolderInUse);
      expect(() => runtimeOn(dataDir).claimFolder()).toThrow(`is in use by process ${other.pid}`);
      expect(pidIn(dataDir)).toBe(String(other.pid));
    } finally {
      other.kill();
      await once(other, "exit");
    }
  });

  it("takes over the pid file of a server that is no longer running", async () => {
    const dataDir = folder();
    const gone = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await once(gone, "exit");
    writeFileSync(join(dataDir, "server.pid"), `${gone.pid}\n`);
    runtimeOn(dataDir).claimFolder();
    expect(pidIn(dataDir)).toBe(String(process.pid));
  });

  it("claims nothing for a database in memory or on a PostgreSQL server", () => {
    expect(() => runtimeOn("memory://").claimFolder()).not.toThrow();
    const dataDir = folder();
    writeFileSync(join(dataDir, "server.pid"), `${process.ppid}\n`);
    runtimeOn(dataDir, "postgres://localhost/lodge").claimFolder();
    expect(pidIn(dataDir)).toBe(String(process.ppid));
  });
});

describe("createDataFolderApart", () => {
  it("creates the database in a folder whose parents do not exist yet", () => {
    const parent = folder();
    const dataDir = join(parent, "not", "yet");
    createDataFolderApart(dataDir);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
  }, 120_000); // initdb in a child process: seconds, more on a loaded machine

  it("says in one line when the folder cannot be made", () => {
    const parent = folder();
    writeFileSync(join(parent, "a-file"), "");
    expect(() => createDataFolderApart(join(parent, "a-file", "data"))).toThrow(
      /^DATA_DIR .* cannot be created \(ENOTDIR\): make it, or name another folder$/,
    );
  });
});
