import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import type { DB } from "./client.server.ts";

/**
 * The data version (migration 2026-11-24-1-data-version): it moves at the commit of every change
 * to rates, venues, held nights and venue bookings. Read before a page renders, so a page kept
 * under it never shows data older than it.
 */
export async function readDataVersion(db: DB): Promise<string> {
  const row = await db
    .selectFrom("dataVersion")
    .select(sql<string>`version::text`.as("version"))
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Notes every statement that may write (anything but a SELECT: inserts, updates, deletes, raw
 * SQL), as a Kysely plugin on the embedded database. That database has one connection in one
 * process (a second process cannot open its folder), so every change to the data version comes
 * through this plugin, and until one does the version read last still holds.
 */
export class WriteWatch implements KyselyPlugin {
  dirty = true;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== "SelectQueryNode") this.dirty = true;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The data version as the page cache asks for it. With a WriteWatch (the embedded database) it is
 * read again only after a statement that may write; a caller who comes while that read runs
 * shares it, as it started after the last such statement. Without one (a PostgreSQL server that
 * other instances write to) every call reads.
 */
export function dataVersionReader(db: DB, writes: WriteWatch | null): () => Promise<string> {
  if (!writes) return () => readDataVersion(db);
  let known: Promise<string> | undefined;
  return () => {
    if (writes.dirty || !known) {
      writes.dirty = false;
      const reading = readDataVersion(db);
      known = reading;
      reading.catch(() => {
        if (known === reading) known = undefined;
        writes.dirty = true;
      });
    }
    return known;
  };
}
