import { sql, type Kysely } from "kysely";

// The reports' cancellations, no-shows and stay pattern read the stays due to arrive in a period:
// without an index on the arrival date each of them reads every booking and reservation ever
// made. These indexes let a month read its own arrivals only. Nothing else changes.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bookings_check_in_idx on bookings (check_in)`.execute(db);
  await sql`create index reservations_check_in_idx on reservations (check_in)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index reservations_check_in_idx`.execute(db);
  await sql`drop index bookings_check_in_idx`.execute(db);
}
