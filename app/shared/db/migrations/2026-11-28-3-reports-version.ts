import { sql, type Kysely } from "kysely";

// One number that changes whenever a figure of the reports may have changed: stays and their
// statuses, kept night prices and tax lines, the request history (a stay that left early), rooms
// and closures, venues and their bookings, payments and refunds, extras and folio charges, the
// lodge's settings and rates. The reports page is kept per (version, lodge day, period) and read
// afresh once it moves (app/features/reports/report-cache.server.ts), so several instances on one
// database agree on it.
//
// As the data version (2026-11-24-1-data-version): a deferred constraint trigger bumps it at
// commit, so a reader sees the new number only together with the rows that caused it, and the
// row is locked only for the last moment of a writing transaction. A transaction that writes many
// rows bumps it once: the first trigger to fire at commit notes it in a setting local to the
// transaction, and the others see the note.
//
// Migrations never import application code: they describe the schema as it was on their date.

const WATCHED_TABLES = [
  "bookings",
  "reservations",
  "venue_bookings",
  "request_nights",
  "request_tax_lines",
  "request_history",
  "rooms",
  "room_closures",
  "venues",
  "payments",
  "extras",
  "folio_charges",
  "lodge_settings",
  "rate_rules",
  "stay_rules",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reports_version (
      id boolean primary key default true check (id),
      version bigint not null default 0
    )
  `.execute(db);
  await sql`insert into reports_version (id, version) values (true, 0)`.execute(db);
  await sql`
    create function bump_reports_version() returns trigger language plpgsql as $$
    begin
      if current_setting('lodge.reports_bumped', true) is distinct from 'on' then
        update reports_version set version = version + 1;
        perform set_config('lodge.reports_bumped', 'on', true);
      end if;
      return null;
    end
    $$
  `.execute(db);
  for (const table of WATCHED_TABLES) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_bump_reports_version`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row execute function bump_reports_version()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_bump_reports_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function bump_reports_version()`.execute(db);
  await sql`drop table reports_version`.execute(db);
}
