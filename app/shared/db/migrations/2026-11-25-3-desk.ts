import { sql, type Kysely } from "kysely";

// The desk (decisions.md 34): staff enter the bookings, reservations and venue bookings
// of guests who phone or walk in, and such a guest may have no e-mail address. The e-mail becomes
// optional for those requests only: a request from the web forms still needs one (the guest's
// confirmation and /my-booking depend on it), which the database itself now says.
// Every existing row is kept as it is: they all came from the web, each with its address.
//
// Migrations never import application code: they describe the schema as it was on their date.

const REQUEST_TABLES = ["bookings", "reservations", "venue_bookings"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of REQUEST_TABLES) {
    await sql`alter table ${sql.table(table)} alter column email drop not null`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_email_from_web_check`)}
      check (email is not null or channel <> 'web')`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of REQUEST_TABLES) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_email_from_web_check`)}`.execute(
      db,
    );
    // A desk request without an address keeps its row: it gets a placeholder the old schema accepts.
    await sql`update ${sql.table(table)} set email = 'n/a' where email is null`.execute(db);
    await sql`alter table ${sql.table(table)} alter column email set not null`.execute(db);
  }
}
