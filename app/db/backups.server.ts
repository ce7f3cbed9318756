import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pgliteOptions } from "./pglite-options.server.ts";

/**
 * Backups of the embedded database (decisions.md 29, README "Backups"): a consistent copy of the
 * data folder, taken by the running server through PGlite's own `dumpDataDir` (queries wait
 * while it runs), daily, the last 14 kept in DATA_DIR/backups. With DATABASE_URL the server's
 * own tools (pg_dump) do this job instead.
 */
export const BACKUPS_FOLDER = "backups";
export const BACKUPS_KEPT = 14;
export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Files of the data folder that are not the database: the backups themselves (a backup must not
 * contain the ones before it), the running server's pid file and the staff setup token.
 */
const NOT_THE_DATABASE = new Set([BACKUPS_FOLDER, "server.pid", "staff-setup-token"]);

const BACKUP_NAME = /^lodge-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)\.tar\.gz$/;

/** `lodge-2026-11-24T03-00-00Z.tar.gz`: sorts by time, and is a valid file name everywhere. */
export function backupFileName(at: Date): string {
  return `lodge-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;
}

/** When a backup of this name was taken, or null for any other file. */
export function backupTakenAt(name: string): Date | null {
  const match = BACKUP_NAME.exec(name);
  if (!match?.[1]) return null;
  const [date, time] = match[1].slice(0, -1).split("T");
  return new Date(`${date}T${time?.replaceAll("-", ":")}Z`);
}

/** The backups in `names` beyond the newest `keep`, which are to be deleted. */
export function backupsToPrune(names: readonly string[], keep = BACKUPS_KEPT): string[] {
  return names
    .filter((name) => backupTakenAt(name) !== null)
    .sort()
    .reverse()
    .slice(keep);
}

/** The backup files in `folder`, newest first. */
export function listBackups(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => backupTakenAt(name) !== null)
    .sort()
    .reverse();
}

/**
 * Writes a backup of the open embedded database into `folder` and deletes those beyond the last
 * 14. Written under a temporary name and renamed, so a crash never leaves a half backup with a
 * backup's name. Returns the new file's path.
 */
export async function writeBackup(pglite: PGlite, folder: string, at = new Date()): Promise<string> {
  // Data files as of now; what commits meanwhile is in the WAL, which the copy includes.
  await pglite.exec("checkpoint");
  const dump = await pglite.dumpDataDir("none");
  const tar = withoutEntries(new Uint8Array(await dump.arrayBuffer()), NOT_THE_DATABASE);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, backupFileName(at));
  const partial = join(folder, `.${basename(file)}.partial`);
  writeFileSync(partial, gzipSync(tar, { level: 6 }));
  renameSync(partial, file);
  for (const old of backupsToPrune(listBackups(folder))) rmSync(join(folder, old), { force: true });
  return file;
}

/**
 * Makes `dataDir` the database of the backup `file`. The folder must be empty or absent; with
 * `force`, an existing one is first moved aside to `<dataDir>.before-restore-<time>` (never
 * deleted). Opens the restored copy once, so a broken backup fails here and not at the next start.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  { force = false, at = new Date() }: { force?: boolean; at?: Date } = {},
): Promise<{ movedAside: string | null }> {
  const bytes = readFileSync(file);
  let movedAside: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!force) {
      throw new Error(`${dataDir} is not empty: move it away first, or pass --force to have it moved aside`);
    }
    movedAside = `${dataDir.replace(/\/+$/, "")}.before-restore-${backupFileName(at).slice(6, -7)}`;
    renameSync(dataDir, movedAside);
  }
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(
    dataDir,
    pgliteOptions({ loadDataDir: new Blob([bytes], { type: "application/x-gzip" }) }),
  );
  try {
    await pglite.query("select 1");
  } finally {
    await pglite.close();
  }
  return { movedAside };
}

/**
 * The server's daily backups: the first one soon after start when the newest is a day old or
 * missing, then one a day. The timers do not keep the process alive; `stop` ends them.
 */
export function scheduleBackups(
  pglite: () => Promise<PGlite>,
  folder: string,
  log: { info(fields: object, msg: string): void; error(fields: object, msg: string): void },
  { firstAfterMs = 60_000 }: { firstAfterMs?: number } = {},
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const takeOne = () => {
    running = running.then(async () => {
      try {
        const file = await writeBackup(await pglite(), folder);
        log.info({ file, bytes: statSync(file).size }, "database backed up");
      } catch (error) {
        log.error({ error: error instanceof Error ? error.message : String(error) }, "backup failed");
      }
    });
    return running;
  };
  const newest = listBackups(folder)[0];
  const age = newest ? Date.now() - (backupTakenAt(newest)?.getTime() ?? 0) : Infinity;
  const first = age >= BACKUP_EVERY_MS ? firstAfterMs : BACKUP_EVERY_MS - age;
  timer = setTimeout(function daily() {
    void takeOne();
    timer = setTimeout(daily, BACKUP_EVERY_MS).unref();
  }, first).unref();

  return {
    /** A backup now (`npm run db:backup` while the server runs asks for one). */
    now: takeOne,
    /** Stops the timer and waits for a backup under way. */
    async stop() {
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A tar archive without the entries whose path (relative to the data folder: PGlite writes
 * "/PG_VERSION", "/base/1/112", …) starts with one of `names`. Tar is a sequence of 512-byte headers each followed by its data padded to 512 bytes;
 * extended headers (pax 'x', GNU 'L') belong to the entry after them and go with it.
 */
export function withoutEntries(tar: Uint8Array, names: ReadonlySet<string>): Uint8Array {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(text(header, 124, 12).trim() || "0", 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    const entry = tar.subarray(offset, end);
    const type = String.fromCharCode(header[156] ?? 0);
    offset = end;
    if (type === "x" || type === "L") {
      pending.push(entry);
      continue;
    }
    const prefix = text(header, 345, 155);
    const path = (prefix ? `${prefix}/` : "") + text(header, 0, 100);
    const top = path.replace(/^\.?\/+/, "").split("/")[0] ?? "";
    if (!names.has(top)) kept.push(...pending, entry);
    pending = [];
  }
  kept.push(new Uint8Array(1024)); // the end-of-archive marker: two zero blocks
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function text(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const zero = field.indexOf(0);
  return new TextDecoder().decode(zero === -1 ? field : field.subarray(0, zero));
}
