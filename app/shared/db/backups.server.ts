import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { create as createTar, extract as extractTar } from "tar";
import { pgliteOptions } from "./pglite-options.server.ts";

/**
 * Backups of the embedded database (decisions.md 29, docs/backups.md): a consistent copy of the
 * data folder, taken by the running server while queries go on (an online base backup), daily, the
 * last 14 kept in DATA_DIR/backups. With DATABASE_URL the server's own tools (pg_dump) do this job
 * instead.
 */
export const BACKUPS_FOLDER = "backups";
const BACKUPS_KEPT = 14;
const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Files of the data folder that are not the database: the backups themselves (a backup must not
 * contain the ones before it), the running server's pid file and the staff setup token.
 */
const NOT_THE_DATABASE = new Set([BACKUPS_FOLDER, "server.pid", "staff-setup-token"]);

/**
 * How much of a file the backup reads at a time. tar reads up to 16 MB at once by default, and
 * with PostgreSQL's 1 GB segment files several such buffers wait for gzip, all of it resident
 * while the backup runs; reading 1 MB at a time holds far less and is as fast.
 */
const BACKUP_READ_BYTES = 1024 * 1024;

/**
 * Each buffer read is garbage once gzip has it, but only a garbage collection of the young
 * generation frees it, and reading allocates too little else for one to come soon, so read
 * buffers pile up. Where the process lets us (the server runs with `--expose-gc`,
 * server/node-flags.ts), the backup asks for one after every 8 MB read, each about a millisecond.
 */
const FREE_READS_EVERY_BYTES = 8 * 1024 * 1024;

type CollectGarbage = (options: { type: "minor" | "major" }) => void;

/** `gc()` where the process exposes it (the server), else nothing to call. */
const collectGarbage = (globalThis as { gc?: CollectGarbage }).gc;

/** Passes the archive through, collecting the young generation every FREE_READS_EVERY_BYTES. */
function freeingReadBuffers(): Transform {
  let sinceCollected = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sinceCollected += chunk.length;
      if (collectGarbage && sinceCollected >= FREE_READS_EVERY_BYTES) {
        sinceCollected = 0;
        collectGarbage({ type: "minor" });
      }
      done(null, chunk);
    },
  });
}

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
 * Files of the database's own folder that a copy leaves out: the write-ahead log is copied last,
 * once the backup has ended (see copyDatabase); the others are PostgreSQL's own per-run files.
 */
const NOT_COPIED_FIRST = new Set(["pg_wal", "postmaster.pid", "postmaster.opts"]);

/**
 * Copies a folder's files as they are now, at its top only those `keep` takes, skipping files
 * that vanish.
 */
async function copyFolder(
  from: string,
  to: string,
  keep: (name: string) => boolean = () => true,
): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!keep(entry.name)) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    try {
      if (entry.isDirectory()) await copyFolder(source, target);
      else if (entry.isFile()) await copyFile(source, target);
    } catch (error) {
      // A file the database removed while the copy ran (a dropped table's, a temporary one): the
      // log replayed at restore removes it too.
      if ((error as { code?: unknown }).code !== "ENOENT") throw error;
    }
  }
}

/** A write-ahead log segment's file name: timeline, then the segment's number, in 24 hex digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** The segment the backup's label says replay starts in (`START WAL LOCATION: 0/39000028 (file …)`). */
function startSegment(labelfile: string): string {
  const segment = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(labelfile)?.[1];
  if (!segment) throw new Error(`the backup label names no start segment: ${labelfile}`);
  return segment;
}

/**
 * Copies the part of the write-ahead log a restore replays: the segments from `first`, where the
 * backup started, to `last`, which holds the stop's record. pg_wal also keeps used segments renamed
 * for reuse under future names, up to max_wal_size of stale bytes that no restore reads: left out.
 * A timeline's segment names sort as text. The rest of pg_wal (archive_status, summaries, timeline
 * history files) is copied as it is. Fails if a checkpoint during the copy removed segments the
 * restore would need, rather than write a backup that cannot be restored.
 */
async function copyLogToReplay(from: string, to: string, first: string, last: string): Promise<void> {
  await copyFolder(from, to, (name) => !WAL_SEGMENT.test(name) || (first <= name && name <= last));
  const copied = (await readdir(to)).filter((name) => WAL_SEGMENT.test(name)).sort();
  if (copied[0] !== first || copied.at(-1) !== last)
    throw new Error(`the write-ahead log from ${first} to ${last} is no longer all in pg_wal`);
}

/**
 * A consistent copy of the running embedded database in `to`, taken as PostgreSQL takes an online
 * base backup, so that queries go on while the files are copied: `pg_backup_start` (a checkpoint),
 * the files copied as they are, even while written, `pg_backup_stop`, whose label file says from
 * where the log must be replayed, then the write-ahead log from there to the stop, which holds
 * every change made during the copy. A restore replays that log and ends where the backup
 * stopped, consistent. The stop ends its segment (PostgreSQL switches to a new one), so the
 * segments copied are whole and no longer written; later ones hold only changes after the stop.
 * Queries wait only for the checkpoint and the stop, never for the copy.
 */
async function copyDatabase(pglite: PGlite, dataDir: string, to: string): Promise<void> {
  await pglite.query("select pg_backup_start('lodge backup', true)");
  let stopped = false;
  try {
    await copyFolder(dataDir, to, (name) => !NOT_THE_DATABASE.has(name) && !NOT_COPIED_FIRST.has(name));
    const { rows } = await pglite.query<{ labelfile: string; spcmapfile: string; stop_segment: string }>(
      "select labelfile, spcmapfile, pg_walfile_name(lsn) as stop_segment from pg_backup_stop(false)",
    );
    stopped = true;
    const { labelfile = "", spcmapfile = "", stop_segment = "" } = rows[0] ?? {};
    await writeFile(join(to, "backup_label"), labelfile);
    if (spcmapfile) await writeFile(join(to, "tablespace_map"), spcmapfile);
    await copyLogToReplay(join(dataDir, "pg_wal"), join(to, "pg_wal"), startSegment(labelfile), stop_segment);
  } finally {
    // A copy that failed must still end the backup, or the next one could not begin.
    if (!stopped) await pglite.query("select pg_backup_stop(false)").catch(() => undefined);
  }
}

/**
 * Writes a backup of the open embedded database into `folder` and deletes those beyond the last
 * 14. Written under a temporary name and renamed, so a crash never leaves a half backup with a
 * backup's name. Returns the new file's path.
 *
 * The database is first copied into a folder beside the backups (copyDatabase: queries go on
 * meanwhile), then that copy, which nothing writes, is streamed into a gzipped tar and deleted.
 * `dumpDataDir` builds the archive in memory, several GB at ten years of history; a stream holds
 * a few buffers whatever the size.
 */
export async function writeBackup(pglite: PGlite, folder: string, at = new Date()): Promise<string> {
  const dataDir = pglite.dataDir;
  if (!dataDir || /^[a-z]+:\/\//.test(dataDir))
    throw new Error(`no data folder to back up (${dataDir ?? "memory"})`);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, backupFileName(at));
  const partial = join(folder, `.${basename(file)}.partial`);
  const copy = join(folder, `.${basename(file)}.copy`);
  try {
    await copyDatabase(pglite, dataDir, copy);
    // The server lets its old generation grow 75% over what is alive before collecting it
    // (server/node-flags.ts): one full collection (some 10 ms) first, so the archive's read
    // buffers do not come on top of garbage waiting for one.
    collectGarbage?.({ type: "major" });
    await pipeline(
      createTar({ cwd: copy, portable: true, maxReadSize: BACKUP_READ_BYTES }, readdirSync(copy)),
      freeingReadBuffers(),
      createGzip({ level: 1 }),
      createWriteStream(partial),
    );
  } finally {
    // Thousands of files: deleted on the thread pool, not on the thread that answers requests.
    await rm(copy, { recursive: true, force: true });
  }
  renameSync(partial, file);
  for (const old of backupsToPrune(listBackups(folder))) await rm(join(folder, old), { force: true });
  return file;
}

/**
 * Makes `dataDir` the database of the backup `file`. The folder must be empty or absent; with
 * `force`, an existing one is first moved aside to `<dataDir>.before-restore-<time>` (never
 * deleted). Opens the restored copy once, so a broken backup fails here and not at the next start.
 * Reads backups of either writer: this one's and `dumpDataDir`'s (earlier versions).
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  { force = false, at = new Date() }: { force?: boolean; at?: Date } = {},
): Promise<{ movedAside: string | null }> {
  if (!existsSync(file)) throw new Error(`${file}: no such backup`);
  let movedAside: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!force) {
      throw new Error(`${dataDir} is not empty: move it away first, or pass --force to have it moved aside`);
    }
    movedAside = `${dataDir.replace(/\/+$/, "")}.before-restore-${backupFileName(at).slice(6, -7)}`;
    renameSync(dataDir, movedAside);
  }
  mkdirSync(dataDir, { recursive: true });
  await extractTar({
    file,
    cwd: dataDir,
    strict: true,
    // dumpDataDir's paths are rooted ("/PG_VERSION"): the same paths, in the folder.
    onReadEntry: (entry) => {
      entry.path = entry.path.replace(/^\/+/, "");
    },
  });
  const pglite = new PGlite(dataDir, pgliteOptions());
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
