import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { extract as extractTar } from "tar";
import { afterAll, afterEach, describe, expect, inject, it, vi } from "vitest";
import {
  backupFileName,
  backupsToPrune,
  backupTakenAt,
  BACKUPS_FOLDER,
  listBackups,
  restoreBackup,
  scheduleBackups,
  writeBackup,
} from "../../app/shared/db/backups.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { insertContactMessage } from "../../app/features/contact/contact-messages.server.ts";
import { openDatabase } from "../../app/shared/db/database.server.ts";
import { subscribe } from "../../app/features/newsletter/newsletter-subscriptions.server.ts";
import { insertVenueBooking } from "../../app/features/venues/venue-bookings.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { book, GUEST, reserve } from "./stay-fixtures.ts";

// Backups of the embedded database (decisions.md 29): the rules, a backup restored into a fresh
// folder with every row, and the command line refusing to open a folder the server holds.

const folders: string[] = [];
const fresh = (tag: string) => {
  const folder = mkdtempSync(join(tmpdir(), `lodge-backup-${tag}-`));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// initdb and every migration were most of each test's time. The run's migrated, seeded database
// (tests/integration/template-databases.ts, a dumpDataDir tar of a running database) is unpacked
// once, on the first test that asks, so a test run alone still gets it; opened and closed once,
// it is left as a stopped server leaves its folder. Each test works on its own copy.
let migrated: Promise<string> | undefined;
const migratedFolders: string[] = [];
async function makeMigratedFolder(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "lodge-backup-migrated-"));
  migratedFolders.push(folder);
  const dataDir = join(folder, "data");
  mkdirSync(dataDir);
  await extractTar({
    file: inject("pgliteTemplateFile"),
    cwd: dataDir,
    // dumpDataDir's paths are rooted ("/PG_VERSION"): the same paths, in the folder.
    onReadEntry: (entry) => {
      entry.path = entry.path.replace(/^\/+/, "");
    },
  });
  const database = openDatabase({ dataDir });
  try {
    await database.ready();
  } finally {
    await database.close();
  }
  return dataDir;
}
/** A fresh folder holding a copy of the migrated, seeded data folder, which no server holds. */
async function migratedCopy(tag: string): Promise<string> {
  migrated ??= makeMigratedFolder();
  const dataDir = fresh(tag);
  cpSync(await migrated, dataDir, { recursive: true });
  return dataDir;
}
afterAll(() => {
  for (const folder of migratedFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("backup rules", () => {
  it("names a backup by its UTC time and reads the time back", () => {
    const at = new Date("2026-11-24T03:04:05.678Z");
    expect(backupFileName(at)).toBe("lodge-2026-11-24T03-04-05Z.tar.gz");
    expect(backupTakenAt(backupFileName(at))?.toISOString()).toBe("2026-11-24T03:04:05.000Z");
    expect(backupTakenAt("notes.txt")).toBeNull();
    expect(backupTakenAt(".lodge-2026-11-24T03-04-05Z.tar.gz.partial")).toBeNull();
  });

  it("keeps the newest 14 and leaves other files alone", () => {
    const names = Array.from({ length: 20 }, (_, day) =>
      backupFileName(new Date(Date.UTC(2026, 10, day + 1, 3))),
    );
    const pruned = backupsToPrune([...names, "readme.txt"].reverse());
    expect(pruned).toEqual(names.slice(0, 6).reverse());
    expect(backupsToPrune(names.slice(0, 14))).toEqual([]);
  });
});

/** Every row of every table of the app's schema, as text, by table. */
async function everything(db: DB): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name
  `.execute(db);
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(db);
    out[name] = rows.map((row) => row.row).sort();
  }
  return out;
}

// Each test here copies, migrates or restores whole embedded databases, one after another: minutes
// of work on a busy two-core machine, where the default 30 s would stop them half-way.
const WHOLE_DATABASES = { timeout: 180_000 };

describe("a backup of the embedded database", WHOLE_DATABASES, () => {
  it("restores into a fresh folder with every row of every table", async () => {
    const dataDir = await migratedCopy("data");
    const today = lodgeToday();
    const source = openDatabase({ dataDir });
    const db = await source.ready();
    const booked = await book(db, "101", addDays(today, 2), addDays(today, 4));
    expect(booked.kind).toBe("booked");
    await reserve(db, "102", addDays(today, 5), addDays(today, 7));
    const venue = await db.selectFrom("venues").selectAll().executeTakeFirstOrThrow();
    await insertVenueBooking(db, {
      name: GUEST.name,
      email: GUEST.email,
      phone: GUEST.phone,
      paymentMethod: GUEST.paymentMethod,
      submissionId: null,
      venueId: venue.id,
      venueName: venue.venue,
      totalPrice: venue.price,
      bookingDate: addDays(today, 9),
      numberOfPeople: 30,
    });
    await insertContactMessage(db, {
      name: "Mwila",
      email: "mwila@example.com",
      subject: null,
      message: "Is the pool open in December?",
      submissionId: null,
    });
    await subscribe(db, "reader@example.com");
    // What lives in the data folder besides the database stays out of the backup.
    writeFileSync(join(dataDir, "server.pid"), "4242\n");
    mkdirSync(join(dataDir, BACKUPS_FOLDER), { recursive: true });
    writeFileSync(join(dataDir, BACKUPS_FOLDER, backupFileName(new Date("2026-01-01"))), "an older backup");

    const before = await everything(db);
    const file = await writeBackup(source.pglite!, join(dataDir, BACKUPS_FOLDER));
    await source.close();
    expect(listBackups(join(dataDir, BACKUPS_FOLDER))[0]).toBe(file.split("/").pop());
    const archive = gunzipSync(await import("node:fs").then((fs) => fs.readFileSync(file))).toString(
      "latin1",
    );
    expect(archive).not.toContain("an older backup");
    expect(archive).not.toMatch(/server\.pid/);

    const restoredDir = join(fresh("restored"), "data");
    await restoreBackup(file, restoredDir);
    const restored = openDatabase({ dataDir: restoredDir });
    const after = await everything(await restored.ready());
    await restored.close();
    const counts = Object.fromEntries(Object.entries(after).map(([table, rows]) => [table, rows.length]));
    expect(counts).toMatchObject({ bookings: 1, reservations: 1, venue_bookings: 1, contact_messages: 1 });
    expect(counts.rooms).toBeGreaterThan(0);
    expect(counts.room_holds).toBe(2);
    expect(after).toEqual(before);
    expect(readdirSync(restoredDir)).not.toContain("server.pid");
    expect(readdirSync(restoredDir)).not.toContain(BACKUPS_FOLDER);
  });

  it("is taken while queries go on, and restores to one moment of the database", async () => {
    const dataDir = await migratedCopy("online");
    const source = openDatabase({ dataDir });
    const db = await source.ready();
    const write = (n: number) =>
      insertContactMessage(db, {
        name: `Guest ${n}`,
        email: `guest${n}@example.com`,
        subject: null,
        message: "Written while the backup ran",
        submissionId: null,
      });
    for (let n = 0; n < 20; n += 1) await write(n);
    // Guests keep writing while the backup is taken: each write must get through meanwhile.
    let backingUp = true;
    let writtenDuring = 0;
    // A few hundred at most: back-to-back writes for as long as the copy lasts would grow the
    // write-ahead log the backup must then copy, and on a slow machine never let it finish.
    const writer = (async () => {
      for (let n = 20; backingUp && n < 320; n += 1) {
        await write(n);
        if (backingUp) writtenDuring += 1;
        // A guest's next write comes from the network: let the backup's file work in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const file = await writeBackup(source.pglite!, join(dataDir, BACKUPS_FOLDER));
    backingUp = false;
    await writer;
    const total = await db
      .selectFrom("contactMessages")
      .select(db.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    await source.close();
    expect(writtenDuring).toBeGreaterThan(0);

    const restoredDir = join(fresh("online-restored"), "data");
    await restoreBackup(file, restoredDir);
    const restored = openDatabase({ dataDir: restoredDir });
    const rdb = await restored.ready();
    const ids = (await rdb.selectFrom("contactMessages").select("id").orderBy("id").execute()).map(
      (r) => r.id,
    );
    await restored.close();
    // Every message written before the backup, then those written during it up to one point:
    // the ids run without a gap, as one moment of the database has them.
    expect(ids.length).toBeGreaterThanOrEqual(20);
    expect(ids.length).toBeLessThanOrEqual(Number(total?.n));
    expect(ids).toEqual(ids.map((_, i) => (ids[0] ?? 0) + i));
  });

  it("holds the write-ahead log from the backup's start to its stop, not the segments kept for reuse", async () => {
    const dataDir = await migratedCopy("log");
    const source = openDatabase({ dataDir });
    const db = await source.ready();
    const pglite = source.pglite!;
    // Some 20 MB of log over several segments, and checkpoints after which PostgreSQL keeps the
    // used segments in pg_wal, renamed for reuse under names after the current one.
    await pglite.exec("create table log_filler (id serial primary key, body text not null)");
    for (let round = 0; round < 4; round += 1) {
      await pglite.exec(
        "insert into log_filler (body) select repeat(md5(g::text), 32) from generate_series(1, 5000) g",
      );
      await pglite.exec("select pg_switch_wal(); checkpoint");
    }
    const before = await everything(db);
    const file = await writeBackup(pglite, join(dataDir, BACKUPS_FOLDER));
    const { rows } = await pglite.query<{ segment: string }>(
      "select pg_walfile_name(pg_current_wal_insert_lsn()) as segment",
    );
    const current = rows[0]?.segment ?? "";
    const isSegment = (name: string) => /^[0-9A-F]{24}$/.test(name);
    const inFolder = readdirSync(join(dataDir, "pg_wal")).filter(isSegment);
    await source.close();
    expect(inFolder.filter((name) => name > current).length).toBeGreaterThan(0);

    const unpacked = fresh("log-unpacked");
    await extractTar({ file, cwd: unpacked });
    const label = readFileSync(join(unpacked, "backup_label"), "utf8");
    const start = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(label)?.[1];
    const archived = readdirSync(join(unpacked, "pg_wal")).filter(isSegment).sort();
    expect(archived[0]).toBe(start);
    // The stop ends its segment: the one written now comes after every segment in the backup.
    expect(archived.filter((name) => name >= current)).toEqual([]);
    expect(readdirSync(join(unpacked, "pg_wal"))).toContain("archive_status");

    const restoredDir = join(fresh("log-restored"), "data");
    await restoreBackup(file, restoredDir);
    const restored = openDatabase({ dataDir: restoredDir });
    const after = await everything(await restored.ready());
    await restored.close();
    expect(after.log_filler).toHaveLength(20_000);
    expect(after).toEqual(before);
  });

  it("is taken by the server's schedule soon after start when the newest is a day old", async () => {
    const dataDir = await migratedCopy("scheduled");
    const source = openDatabase({ dataDir });
    await source.ready();
    const folder = join(dataDir, BACKUPS_FOLDER);
    mkdirSync(folder);
    const old = backupFileName(new Date(Date.now() - 25 * 60 * 60 * 1000));
    writeFileSync(join(folder, old), "yesterday's");
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(msg),
      error: (_: object, msg: string) => logged.push(msg),
    };
    const schedule = scheduleBackups(async () => source.pglite!, folder, log, { firstAfterMs: 10 });
    await vi.waitFor(() => expect(listBackups(folder)).toHaveLength(2), { timeout: 20_000 });
    await schedule.stop();
    await source.close();
    expect(listBackups(folder)[1]).toBe(old);
    expect(logged).toEqual(["database backed up"]);
  });

  it("restores a backup written by PGlite's dumpDataDir, as versions before 2026-11-25 wrote them", async () => {
    const source = openDatabase({ dataDir: await migratedCopy("old-writer") });
    const db = await source.ready();
    await subscribe(db, "kept.reader@example.com");
    await source.pglite!.exec("checkpoint");
    const dump = await source.pglite!.dumpDataDir("gzip");
    await source.close();
    const file = join(fresh("old-backups"), backupFileName(new Date("2026-11-20T03:00:00Z")));
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));

    const target = join(fresh("old-restored"), "data");
    await restoreBackup(file, target);
    const restored = openDatabase({ dataDir: target });
    const emails = await (
      await restored.ready()
    )
      .selectFrom("newsletterSubscriptions")
      .select("email")
      .execute();
    await restored.close();
    expect(emails.map((row) => row.email)).toContain("kept.reader@example.com");
  });

  it("will not restore over a folder with data unless told, and then moves that folder aside", async () => {
    const dataDir = await migratedCopy("source");
    const source = openDatabase({ dataDir });
    await source.ready();
    const file = await writeBackup(source.pglite!, fresh("backups"));
    await source.close();

    const target = fresh("target");
    writeFileSync(join(target, "PG_VERSION"), "17");
    await expect(restoreBackup(file, target)).rejects.toThrow(/not empty/);
    const at = new Date("2026-11-24T05:06:07Z");
    const { movedAside } = await restoreBackup(file, target, { force: true, at });
    expect(movedAside).toBe(`${target}.before-restore-2026-11-24T05-06-07Z`);
    folders.push(movedAside ?? "");
    expect(existsSync(join(movedAside ?? "", "PG_VERSION"))).toBe(true);
    const restored = openDatabase({ dataDir: target });
    const db = await restored.ready();
    expect((await db.selectFrom("rooms").select("id").execute()).length).toBeGreaterThan(0);
    await restored.close();
  });
});

describe("npm run db:backup and db:restore", WHOLE_DATABASES, () => {
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ["scripts/db.ts", ...args], {
      env: { ...process.env, ...env, DATABASE_URL: "", PORT: "1" },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it("backs up a folder no server holds, and restores it into another", async () => {
    const dataDir = await migratedCopy("cli");
    const backedUp = await run(["backup"], { DATA_DIR: dataDir });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    const [name] = listBackups(join(dataDir, BACKUPS_FOLDER));
    expect(backedUp.stdout).toContain(`Backup written: ${join(dataDir, BACKUPS_FOLDER, name ?? "")}`);

    const target = join(fresh("cli-target"), "data");
    const restored = await run(["restore", join(dataDir, BACKUPS_FOLDER, name ?? "")], { DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(readdirSync(target)).toContain("PG_VERSION");
  });

  it("refuses to restore into, or migrate, a folder a running server holds", async () => {
    const dataDir = fresh("held");
    // This test's own process stands in for the server that wrote the pid file.
    writeFileSync(join(dataDir, "server.pid"), `${process.pid}\n`);
    for (const args of [["restore", "some-backup.tar.gz"], ["migrate"]]) {
      const { code, stderr } = await run(args, { DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toContain("The server is running on the embedded database");
    }
    expect(readdirSync(dataDir)).toEqual(["server.pid"]);
  });

  it("points to pg_dump with DATABASE_URL", async () => {
    const { code, stderr } = await promisify(execFile)(process.execPath, ["scripts/db.ts", "backup"], {
      env: { ...process.env, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/none" },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(code).toBe(1);
    expect(stderr).toContain("pg_dump");
  });
});
