import { sql, type Kysely } from "kysely";

// The inbox's search for part of a name or e-mail reads contact messages newest first and tests
// each one until the page and its count have enough matches. A search that most names match but the
// newest messages do not tests thousands of messages, each by joining its name and e-mail and
// lower-casing the result (ILIKE does both per row), and it grows with the history. The lower-cased
// text is now kept in the row by the database (a stored generated column, so no write path can
// forget it), and the search compares it with LIKE against the lower-cased pattern: the same
// matches (ILIKE in a UTF-8 database is exactly that: lower() of both sides, then LIKE), a fraction
// of the work per message. The trigram index moves from the expression to the column, so a search
// for a rarer text still reads the index. Every row is kept; the column is filled from the rows
// there are.
// app/features/desk/inbox.server.ts compares the same column; app code never writes it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_messages
    add column search_text text generated always as (lower(name || E'\\n' || email)) stored`.execute(db);
  await sql`create index contact_messages_search_text_idx on contact_messages
    using gin (search_text gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await sql`drop index contact_messages_search_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index contact_messages_search_idx on contact_messages
    using gin ((name || E'\\n' || email) gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await sql`drop index contact_messages_search_text_idx`.execute(db);
  await sql`alter table contact_messages drop column search_text`.execute(db);
}
