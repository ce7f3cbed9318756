import { sql, type Kysely } from "kysely";

// Write rate-limit counters shared by every instance of the site on one PostgreSQL database
// (decisions.md 16, ADR 0006): one row per client key and window. Rows are throwaway: an
// expired one is reset by the next hit on its key and swept now and then.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("hits", "integer", (col) => col.notNull().check(sql`hits >= 0`))
    .addColumn("resets_at", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_counters_resets_at")
    .on("rate_limit_counters")
    .column("resets_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_counters").execute();
}
