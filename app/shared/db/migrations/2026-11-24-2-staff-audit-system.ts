import { sql, type Kysely } from "kysely";

// The staff audit (migration 2026-11-23-3-staff-console) gains what it could not record:
// - changes made by no signed-in account: `staff_account_id` may be null, for the command line
//   (`npm run staff -- reset-password`) and the server itself;
// - `outbox` as a subject, for a failed mail that staff send again.
// Every existing row is kept as it is: each names its account, and its subject is still allowed.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_audit alter column staff_account_id drop not null`.execute(db);
  await sql`alter table staff_audit drop constraint staff_audit_subject_check`.execute(db);
  await sql`alter table staff_audit add constraint staff_audit_subject_check
    check (subject in ('room', 'venue', 'closure', 'account', 'outbox'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Rows the older schema cannot hold go: the system's entries and the outbox's.
  await sql`delete from staff_audit where staff_account_id is null or subject = 'outbox'`.execute(db);
  await sql`alter table staff_audit drop constraint staff_audit_subject_check`.execute(db);
  await sql`alter table staff_audit add constraint staff_audit_subject_check
    check (subject in ('room', 'venue', 'closure', 'account'))`.execute(db);
  await sql`alter table staff_audit alter column staff_account_id set not null`.execute(db);
}
