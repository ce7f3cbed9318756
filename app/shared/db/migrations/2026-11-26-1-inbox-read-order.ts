import { sql, type Kysely } from "kysely";

// The staff inbox merges every kind of request newest first, in one order: created_at,
// then the id as text (kinds with uuid ids and kinds with integer ids share one list:
// app/features/desk/inbox.server.ts). Migration 2026-11-25-5-history-indexes indexed (created_at, id), the id
// as stored, so each kind was read by created_at and sorted by its id's text on the way: an
// incremental sort, which reads at least 32 matching rows of a kind, and sorts them, before it
// gives the merge the first. Indexed in the inbox's own order, each kind hands its rows over one
// at a time, unsorted, and stops where the page and its count stop. The old
// indexes go: created_at leads the new ones, so they serve every read the old ones did. No row
// changes. Migrations never import app code.

const TABLES = [
  "bookings",
  "reservations",
  "venue_bookings",
  "contact_messages",
  "newsletter_subscriptions",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`create index ${sql.id(`${table}_inbox_order_idx`)} on ${sql.table(table)} (created_at, (id::text))`.execute(
      db,
    );
    await sql`drop index ${sql.id(`${table}_created_idx`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`create index ${sql.id(`${table}_created_idx`)} on ${sql.table(table)} (created_at, id)`.execute(
      db,
    );
    await sql`drop index ${sql.id(`${table}_inbox_order_idx`)}`.execute(db);
  }
}
