import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../app/shared/db/database.server.ts";
import { PGLITE_EXTENSIONS } from "../../app/shared/db/pglite-options.server.ts";
import type { Engine } from "./test-database.ts";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fixture of tests/integration/fixtures/: a database an earlier main made, as SQL. */
export function readFixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

/**
 * Restores a database an earlier main made into a throwaway database of `engine` (a temp folder for
 * PGlite, a randomly named database on the PostgreSQL server) and opens it with this version's
 * code, which migrates it on `ready()`.
 */
export async function restoreFixture(
  engine: Engine,
  fixture: string,
): Promise<{ handle: DatabaseHandle; cleanUp(): Promise<void> }> {
  if (engine === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "lodge-upgrade-"));
    const old = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
    await old.exec(fixture);
    await old.close();
    const handle = openDatabase({ dataDir });
    return {
      handle,
      async cleanUp() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `lodge_upgrade_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const old = new pg.Client({ connectionString: url.href });
  await old.connect();
  await old.query(fixture);
  await old.end();
  const handle = openDatabase({ databaseUrl: url.href, dataDir: "unused", connectTimeoutMs: 30_000 });
  return {
    handle,
    async cleanUp() {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
