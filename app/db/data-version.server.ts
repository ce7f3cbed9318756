import { sql } from "kysely";
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
