import type { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import { connect, type DB, type DatabaseConfig } from "./client.server.ts";
import type { WriteWatch } from "./data-version.server.ts";
import { errorFields, logger } from "../logger.server.ts";
import { migrateToLatest } from "./migrate.server.ts";
import { seedDatabase } from "./seed.server.ts";

/**
 * The database plus its readiness. The schema is brought up to date and seeded
 * on first use; if the database is unreachable then, the next request tries
 * again, so the site recovers by itself when it returns (decisions.md 17).
 */
export interface DatabaseHandle {
  db: DB;
  /** The embedded database's engine (backups); null with a PostgreSQL server. */
  pglite: PGlite | null;
  /** Notes the embedded database's writes, for the data version (null with a PostgreSQL server). */
  writes: WriteWatch | null;
  /** Resolves once migrations and seed have run; rejects while unreachable. */
  ready(): Promise<DB>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * Reads run once on the embedded database before it is ready (the server's back office: its
   * first runs are slow on the server's own thread, see back-office-warm-up.server.ts). Their
   * failure is logged and does not keep the database from being ready.
   */
  warmUp?: (db: DB) => Promise<void>;
}

export function openDatabase(config: DatabaseConfig, { warmUp }: DatabaseOptions = {}): DatabaseHandle {
  const { db, pglite, writes } = connect(config);
  let prepared: Promise<DB> | undefined;
  let isReady = false;

  async function prepare(): Promise<DB> {
    await migrateToLatest(db);
    await seedDatabase(db);
    // PGlite has no autovacuum, so nothing else keeps the planner's statistics: without them a
    // table grown since reads as it was, and the console's lists choose plans that read every
    // row. A second or two at start on ten years of history.
    if (pglite) await sql`analyze`.execute(db);
    if (pglite && warmUp) {
      await warmUp(db).catch((error: unknown) =>
        logger.warn({ ...errorFields(error) }, "warming up the back office's reads failed"),
      );
    }
    isReady = true;
    return db;
  }

  return {
    db,
    pglite,
    writes,
    ready() {
      if (isReady) return Promise.resolve(db);
      prepared ??= prepare().catch((error: unknown) => {
        prepared = undefined; // forget the failure: the next caller retries
        throw error;
      });
      return prepared;
    },
    close: () => db.destroy(),
  };
}
