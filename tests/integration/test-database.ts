import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { databaseContext, siteOriginContext, writeAllowedContext } from "../../app/shared/context.server.ts";
import { channelSettingsContext } from "../../app/features/channels/channel-settings.server.ts";
import type { DatabaseConfig, DB } from "../../app/shared/db/client.server.ts";
import { openDatabase, type DatabaseHandle } from "../../app/shared/db/database.server.ts";
import { adminDatabase, databaseUrl } from "./template-databases.ts";

/**
 * Integration tests run against both engines (decisions.md 2): the embedded
 * PGlite, and the local PostgreSQL server, in a throwaway database that each
 * suite creates and drops. `TEST_POSTGRES_URL` names the server's admin
 * database (default: the local server, trust auth).
 */
export const ENGINES = ["pglite", "postgres"] as const;
export type Engine = (typeof ENGINES)[number];

export interface TestDatabase {
  handle: DatabaseHandle;
  db: DB;
  /** A router context like the server's, for calling loaders and actions. */
  context(options?: { writeAllowed?: boolean }): RouterContextProvider;
}

/**
 * A throwaway database of `engine`: its configuration, and how to drop it once closed (an
 * in-memory PGlite, or a randomly named database on the PostgreSQL server). Empty, or a copy of
 * the run's migrated and seeded one (tests/integration/template-databases.ts).
 */
export async function throwawayDatabase(
  engine: Engine,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ config: DatabaseConfig; dropDatabase(): Promise<void> }> {
  if (engine === "pglite") {
    const startFrom = migrated ? await openAsBlob(inject("pgliteTemplateFile")) : undefined;
    return { config: { dataDir: "memory://", startFrom }, dropDatabase: async () => {} };
  }
  const name = `lodge_test_${randomBytes(6).toString("hex")}`;
  const admin = adminDatabase();
  if (migrated) {
    await sql`create database ${sql.id(name)} template ${sql.id(inject("postgresTemplate"))}`.execute(admin);
  } else {
    await sql`create database ${sql.id(name)}`.execute(admin);
  }
  return {
    config: { databaseUrl: databaseUrl(name), dataDir: "unused", connectTimeoutMs: 30_000 },
    async dropDatabase() {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

async function createTestDatabase(engine: Engine): Promise<TestDatabase & { drop(): Promise<void> }> {
  const { config, dropDatabase } = await throwawayDatabase(engine, { migrated: true });
  const handle = openDatabase(config);
  const db = await handle.ready();
  return {
    handle,
    db,
    context({ writeAllowed = true } = {}) {
      const context = new RouterContextProvider();
      context.set(databaseContext, handle);
      context.set(writeAllowedContext, writeAllowed);
      context.set(siteOriginContext, "http://localhost:3000");
      context.set(channelSettingsContext, { intervalMinutes: 10, graceMinutes: 30 });
      return context;
    },
    async drop() {
      await handle.close();
      await dropDatabase();
    },
  };
}

/**
 * Runs `suite` once per engine with a fresh, migrated and seeded database.
 * Use `getDatabase()` inside tests (the database exists only after beforeAll).
 */
export function describeEachEngine(
  title: string,
  suite: (getDatabase: () => TestDatabase, engine: Engine) => void,
): void {
  for (const engine of ENGINES) {
    describe(`${title} [${engine}]`, () => {
      let database: (TestDatabase & { drop(): Promise<void> }) | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(engine);
      });
      afterAll(async () => {
        await database?.drop();
      });
      suite(() => {
        if (!database) throw new Error("test database not ready");
        return database;
      }, engine);
    });
  }
}
