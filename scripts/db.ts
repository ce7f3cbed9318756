// `npm run db:migrate` / `npm run db:seed` against DATA_DIR or DATABASE_URL; both also run by
// themselves when the server starts, and both are idempotent.
// `npm run db:backup` / `npm run db:restore -- <file> [--force]`: backups of the embedded
// database (decisions.md 29, docs/backups.md); with DATABASE_URL, pg_dump does this job.
import { setTimeout as sleep } from "node:timers/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { BACKUPS_FOLDER, listBackups, restoreBackup, writeBackup } from "../app/shared/db/backups.server.ts";
import { pgliteOptions } from "../app/shared/db/pglite-options.server.ts";
import { loadServerBuild } from "./build-entry.ts";
import { refuseWhileServerRuns, runningServer } from "./running-server.ts";

const [task, ...rest] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR || "./data";
const embedded = !process.env.DATABASE_URL;
const backups = join(dataDir, BACKUPS_FOLDER);

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function migrateOrSeed(which: "migrate" | "seed") {
  if (embedded) await refuseWhileServerRuns(dataDir, `run npm run db:${which} again`);
  const build = await loadServerBuild();
  try {
    await (which === "migrate" ? build.migrate() : build.seed());
    console.info(which === "migrate" ? "Database migrated." : "Database seeded.");
  } finally {
    await build.database.close();
  }
}

async function backup() {
  const pid = await runningServer(dataDir);
  if (pid === 0)
    fail(`A server answers on port ${process.env.PORT || 3000} but wrote no ${dataDir}/server.pid.`);
  if (pid !== null) {
    // The server owns the folder: ask it (server/index.ts) and wait for its file.
    const before = listBackups(backups)[0];
    process.kill(pid, "SIGUSR2");
    for (let waited = 0; waited < 120_000; waited += 200) {
      const newest = listBackups(backups)[0];
      if (newest && newest !== before)
        return console.info(`Backup written by the running server: ${join(backups, newest)}`);
      await sleep(200);
    }
    fail("The server did not write a backup within two minutes; see its log.");
  }
  const pglite = new PGlite(dataDir, pgliteOptions());
  try {
    console.info(`Backup written: ${await writeBackup(pglite, backups)}`);
  } finally {
    await pglite.close();
  }
}

async function restore() {
  const file = rest.find((arg) => !arg.startsWith("--"));
  if (!file) fail("usage: npm run db:restore -- <backup file> [--force]", 2);
  await refuseWhileServerRuns(dataDir, "run npm run db:restore again");
  try {
    const { movedAside } = await restoreBackup(file, dataDir, { force: rest.includes("--force") });
    if (movedAside) console.info(`The previous data folder was moved to ${movedAside}.`);
    console.info(`Restored ${file} into ${dataDir}. Start the server as usual.`);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

if (task === "migrate" || task === "seed") await migrateOrSeed(task);
else if (task === "backup" || task === "restore") {
  if (!embedded) {
    fail(
      "DATABASE_URL is set: back up the PostgreSQL server with its own tools, e.g.\n" +
        '  pg_dump --format=custom --file=lodge.dump "$DATABASE_URL"\n' +
        '  pg_restore --clean --if-exists --dbname="$DATABASE_URL" lodge.dump',
    );
  }
  if (dataDir.startsWith("memory://")) fail("DATA_DIR is memory://: there is nothing on disk to back up.");
  await (task === "backup" ? backup() : restore());
} else {
  fail("usage: node scripts/db.ts migrate|seed|backup|restore <file> [--force]", 2);
}
