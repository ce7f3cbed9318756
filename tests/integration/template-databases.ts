import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/shared/db/database.server.ts";

/**
 * Vitest's global setup: one migrated, seeded database per engine, made once per run, that each
 * test file's throwaway database starts from (a PGlite dump; a PostgreSQL template database).
 * Running every migration for every file cost most of the integration tests' time.
 */

export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated, seeded embedded database. */
    pgliteTemplateFile: string;
    /** A migrated, seeded database on the PostgreSQL server, to create others from. */
    postgresTemplate: string;
  }
}

export function adminDatabase(): Kysely<unknown> {
  return new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: ADMIN_URL, max: 1, connectionTimeoutMillis: 30_000 }),
    }),
  });
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), "lodge-test-template-"));
  const template = `lodge_template_${randomBytes(6).toString("hex")}`;
  const admin = adminDatabase();
  try {
    const embedded = openDatabase({ dataDir: "memory://" });
    await embedded.ready();
    const dump = await embedded.pglite!.dumpDataDir("none");
    await embedded.close();
    const file = join(folder, "pglite.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));

    await sql`create database ${sql.id(template)}`.execute(admin);
    const server = openDatabase({
      databaseUrl: databaseUrl(template),
      dataDir: "unused",
      connectTimeoutMs: 30_000,
    });
    await server.ready();
    await server.close();

    project.provide("pgliteTemplateFile", file);
    project.provide("postgresTemplate", template);
  } catch (error) {
    await admin.destroy();
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await sql`drop database if exists ${sql.id(template)} with (force)`.execute(admin);
    await admin.destroy();
    await rm(folder, { recursive: true, force: true });
  };
}
