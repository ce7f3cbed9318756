import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { logger } from "../logger.server.ts";
import { openBackOfficeLane } from "./back-office.server.ts";
import { WriteWatch } from "./data-version.server.ts";
import { createDataFolderApart, pgliteOptions } from "./pglite-options.server.ts";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;

export interface DatabaseConfig {
  /** A PostgreSQL server; when absent the embedded database in `dataDir` is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * How long to wait for a PostgreSQL connection. Pages fail fast (3 s) so they can show the
   * specification's error texts; the tests' throwaway databases, on a loaded shared server, wait
   * longer rather than fail on a slow accept.
   */
  connectTimeoutMs?: number;
  /**
   * A dump of an embedded database to start from instead of an empty one (PGlite's
   * `loadDataDir`): the tests start each file from one migrated copy.
   */
  startFrom?: Blob;
}

const DATE_OID = 1082;
// `date` columns stay 'YYYY-MM-DD' strings: turning them into JS Dates would
// shift them by the server's time zone, and the lodge's dates are calendar days.
const keepDateAsText = (value: string) => value;

/**
 * Opens the database. The same Kysely code runs on both engines; only the
 * dialect differs (decisions.md point 2).
 */
export function createDatabase(config: DatabaseConfig): DB {
  return connect(config).db;
}

/**
 * The database and, when it is the embedded one, its PGlite instance: the server backs up its
 * data folder through it (app/shared/db/backups.server.ts).
 */
export function connect(config: DatabaseConfig): {
  db: DB;
  pglite: PGlite | null;
  writes: WriteWatch | null;
} {
  const plugins = [new CamelCasePlugin()];
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: config.connectTimeoutMs ?? 3000,
      idleTimeoutMillis: 30_000,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === DATE_OID
            ? keepDateAsText
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its server emits 'error'; without a listener
    // that would crash the process instead of failing the next query.
    pool.on("error", (error) => {
      logger.error({ error: error.message }, "postgres pool error");
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    openBackOfficeLane(db, false);
    return { db, pglite: null, writes: null };
  }
  // Extensions and memory settings: app/shared/db/pglite-options.server.ts.
  createDataFolderApart(config.dataDir);
  const pglite = new PGlite(
    config.dataDir,
    pgliteOptions({ parsers: { [DATE_OID]: keepDateAsText }, loadDataDir: config.startFrom }),
  );
  // One connection in one process: every write passes here (app/shared/db/data-version.server.ts).
  const writes = new WriteWatch();
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [...plugins, writes] });
  openBackOfficeLane(db, true);
  return { db, pglite, writes };
}
