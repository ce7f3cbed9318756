import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// How every part of the app opens the embedded database (the server, backups, the scripts), so
// all load the same extensions and the same memory settings.

/**
 * btree_gist backs the exclusion constraint on rooms' held nights (decisions.md 23); pg_trgm the
 * staff inbox's search by part of a name, e-mail, phone or reference (migration
 * 2026-11-25-5-history-indexes). A data folder whose indexes use them needs them loaded.
 */
export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

/**
 * PostgreSQL's memory inside PGlite (docs/deployment.md, "Memory"). PGlite keeps PostgreSQL's
 * default `shared_buffers` of 128 MB, all of it touched at start, so resident from the first
 * second: most of what the server would hold after start. The lodge's whole database, ten years
 * of history included, is some tens of megabytes and the pages PostgreSQL does not keep are one
 * read away in the operating system's page cache, so a small pool costs no measurable speed.
 */
const PGLITE_MEMORY_SETTINGS = ["-c", "shared_buffers=8MB"];

const DEFAULT_START_PARAMS = PGlite.defaultStartParams;

/** PGlite's own start parameters plus ours (setting `startParams` replaces PGlite's). */
function pgliteStartParams(): string[] {
  return [...DEFAULT_START_PARAMS, ...PGLITE_MEMORY_SETTINGS];
}

export function pgliteOptions(extra: PGliteOptions = {}): PGliteOptions {
  return { extensions: PGLITE_EXTENSIONS, startParams: pgliteStartParams(), ...extra };
}

/**
 * Creates the embedded database's folder (PostgreSQL's initdb) in a short-lived child process
 * when it does not exist yet. PGlite runs initdb in a second WebAssembly instance of its own,
 * and a process that did so keeps that memory for good, more than the server needs in all, even
 * after a full garbage collection. Once, at a lodge's very first start: a few seconds.
 * The folder and its missing parents are made first: PGlite makes only the last one, and fails
 * with a file system stack trace when its parent does not exist.
 */
export function createDataFolderApart(dataDir: string): void {
  if (dataDir.startsWith("memory://") || existsSync(join(dataDir, "PG_VERSION"))) return;
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    throw new Error(`DATA_DIR ${dataDir} cannot be created (${reason}): make it, or name another folder`);
  }
  const script = `
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = new PGlite(${JSON.stringify(dataDir)}, { startParams: ${JSON.stringify(pgliteStartParams())} });
    await pglite.waitReady;
    await pglite.close();`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (result.status !== 0) throw new Error(`creating the database in ${dataDir} failed: ${result.stderr}`);
}
