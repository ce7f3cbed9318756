import { sql, type Kysely } from "kysely";

// One number that changes whenever something a public page shows may have changed: room rates
// and types, venues, the held nights of rooms (bookings, reservations and closures reach
// room_holds through its triggers) and venue bookings. The server keeps pages that read the
// database rendered per (URL, data version, lodge day) and renders afresh once it moves
// (server/page-pipeline.ts, docs/decisions/0013-database-pages-from-the-render-cache.md).
//
// The bump runs in a deferred constraint trigger, at commit: the single row is locked only for
// the last moment of a writing transaction, so concurrent bookings do not queue behind one
// another, and a reader sees the new number only together with the rows that caused it.
//
// Migrations never import application code: they describe the schema as it was on their date.

const WATCHED_TABLES = ["rooms", "venues", "room_holds", "venue_bookings"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table data_version (
      id boolean primary key default true check (id),
      version bigint not null default 0
    )
  `.execute(db);
  await sql`insert into data_version (id, version) values (true, 0)`.execute(db);
  await sql`
    create function bump_data_version() returns trigger language plpgsql as $$
    begin
      update data_version set version = version + 1;
      return null;
    end
    $$
  `.execute(db);
  for (const table of WATCHED_TABLES) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_bump_data_version`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row execute function bump_data_version()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_bump_data_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function bump_data_version()`.execute(db);
  await sql`drop table data_version`.execute(db);
}
