import { sql, type Kysely } from "kysely";

// Deposits paid by card through Lenco's hosted widget (ADR 0018 "Cards"): an attempt is
// now either a mobile-money request (the number and operator that get the PIN prompt) or a card
// payment made in Lenco's own widget, of which this server knows only our reference, the amount
// and what Lenco's status query says. A card attempt has no phone and no operator: nothing the
// guest types into the widget reaches this server, so there is nothing of it to store.
// Every existing row is a mobile-money attempt and keeps its number and operator.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_attempts drop constraint payment_attempts_method_check`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_method_check
    check (method in ('Mobile Money', 'Credit Card'))`.execute(db);
  await sql`alter table payment_attempts alter column phone drop not null`.execute(db);
  await sql`alter table payment_attempts alter column operator drop not null`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_payer_check
    check (case when method = 'Mobile Money' then phone is not null and operator is not null
                else phone is null and operator is null end)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Card attempts cannot exist in the earlier schema.
  await sql`delete from payment_attempts where method = 'Credit Card'`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_payer_check`.execute(db);
  await sql`alter table payment_attempts alter column phone set not null`.execute(db);
  await sql`alter table payment_attempts alter column operator set not null`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_method_check`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_method_check
    check (method in ('Mobile Money'))`.execute(db);
}
