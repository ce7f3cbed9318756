import { sql, type Kysely } from "kysely";

// Lenco's one-time code (ADR 0018, "Submit OTP for mobile money collection"): a mobile-money
// collection may be `otp-required`, Lenco having sent the guest a code to verify the number
// before the PIN prompt. The attempt stays `pending` (it is under way: the reconciler asks about
// it, the hold still runs out) and `otp_required` says the payment step must ask for the code.
// The code itself is never stored. Every existing attempt is kept, none waiting for a code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_attempts add column otp_required boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_attempts drop column otp_required`.execute(db);
}
