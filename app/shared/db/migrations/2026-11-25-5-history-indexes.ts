import { sql, type Kysely } from "kysely";

// The staff console's lists cost the same at ten years of history as on the first day. Chosen
// from the query plans on a seeded history (docs/performance.md, "A database with history"):
// - each list is read newest first, one page at a time: an index on (created_at, id) per table
//   lets every kind's part of the inbox, and the outbox, read just the page's rows; (status,
//   created_at) does the same for a status filter;
// - how many requests (or mails) a list holds is kept, per kind and status, in `list_counts`, by
//   triggers in the same transaction as the change: counting every row on every page view would
//   be most of the page's cost.
// - the inbox's search for part of a name, e-mail, phone or reference reads a trigram index
//   (pg_trgm) over those fields joined by line feeds (which no search holds, so no match spans
//   two fields) instead of every row with four ILIKEs each. Without GIN's pending list
//   (fastupdate off): PGlite has no autovacuum to merge it, and a search would read the whole
//   unmerged list.
// Rows are kept: the counts are filled from the rows there are. Migrations never import app code;
// app/features/desk/inbox.server.ts writes the same expressions, so that its searches use these indexes.

const REQUEST_TABLES = ["bookings", "reservations", "venue_bookings", "contact_messages"] as const;

/**
 * What the inbox searches in, per table (app/features/desk/inbox.server.ts: the same expressions). A request
 * entered at the desk may have no e-mail (migration 2026-11-25-3): it is searched as empty.
 */
const SEARCHED: Record<string, string> = {
  bookings: "name || E'\\n' || coalesce(email, '') || E'\\n' || phone || E'\\n' || reference",
  reservations: "name || E'\\n' || coalesce(email, '') || E'\\n' || phone || E'\\n' || reference",
  venue_bookings: "name || E'\\n' || coalesce(email, '') || E'\\n' || phone || E'\\n' || reference",
  contact_messages: "name || E'\\n' || email",
  newsletter_subscriptions: "email",
};

const NEWSLETTER_STATUS = (row: "new" | "old") => `case
    when ${row}.unsubscribed_at is not null then 'Unsubscribed'
    when ${row}.confirmed_at is not null then 'Subscribed'
    else 'Unconfirmed' end`;

/** The list and key a row counts under, per table (`new`/`old` is the trigger's row). */
const COUNTED: Record<string, { list: string; key: (row: "new" | "old") => string }> = {
  bookings: { list: "requests", key: (row) => `'booking:' || ${row}.status` },
  reservations: { list: "requests", key: (row) => `'reservation:' || ${row}.status` },
  venue_bookings: { list: "requests", key: (row) => `'venue-booking:' || ${row}.status` },
  contact_messages: { list: "requests", key: (row) => `'contact-message:' || ${row}.status` },
  newsletter_subscriptions: {
    list: "requests",
    key: (row) => `'newsletter:' || ${NEWSLETTER_STATUS(row)}`,
  },
  outbox: { list: "outbox", key: (row) => `${row}.status` },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of [...REQUEST_TABLES, "newsletter_subscriptions", "outbox"]) {
    await sql`create index ${sql.id(`${table}_created_idx`)} on ${sql.table(table)} (created_at, id)`.execute(
      db,
    );
  }
  for (const table of REQUEST_TABLES) {
    await sql`create index ${sql.id(`${table}_status_created_idx`)} on ${sql.table(table)} (status, created_at)`.execute(
      db,
    );
  }

  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [table, text] of Object.entries(SEARCHED)) {
    await sql
      .raw(
        `create index ${table}_search_idx on ${table} using gin ((${text}) gin_trgm_ops) with (fastupdate = off)`,
      )
      .execute(db);
  }

  await sql`create table list_counts (
    list text not null,
    key text not null,
    n bigint not null check (n >= 0),
    primary key (list, key)
  )`.execute(db);
  for (const [table, { list, key }] of Object.entries(COUNTED)) {
    await sql
      .raw(
        `insert into list_counts (list, key, n)
        select '${list}', k, count(*) from (select ${key("new")} as k from ${table} new) rows group by k`,
      )
      .execute(db);
    // Only a change of key moves a count, so most updates (a mail's attempts, a booking's
    // note) touch no counter row.
    await sql
      .raw(
        `create function ${table}_count() returns trigger language plpgsql as $$
        begin
          -- A bulk load (npm run db:seed-history) recounts once at its end, in its transaction.
          if current_setting('lodge.recount_later', true) = 'on' then
            return null;
          end if;
          if tg_op in ('UPDATE', 'DELETE') and (tg_op = 'DELETE' or ${key("old")} is distinct from ${key("new")}) then
            update list_counts set n = n - 1 where list = '${list}' and key = ${key("old")};
          end if;
          if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or ${key("old")} is distinct from ${key("new")}) then
            insert into list_counts (list, key, n) values ('${list}', ${key("new")}, 1)
              on conflict (list, key) do update set n = list_counts.n + 1;
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_count after insert or update or delete on ${table}
        for each row execute function ${table}_count()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(COUNTED)) {
    await sql.raw(`drop trigger if exists ${table}_count on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_count()`).execute(db);
  }
  await sql`drop table if exists list_counts`.execute(db);
  for (const table of Object.keys(SEARCHED))
    await sql.raw(`drop index if exists ${table}_search_idx`).execute(db);
  for (const table of REQUEST_TABLES) {
    await sql`drop index if exists ${sql.id(`${table}_status_created_idx`)}`.execute(db);
  }
  for (const table of [...REQUEST_TABLES, "newsletter_subscriptions", "outbox"]) {
    await sql`drop index if exists ${sql.id(`${table}_created_idx`)}`.execute(db);
  }
}
