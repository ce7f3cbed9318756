import { sql, type Kysely } from "kysely";

// Online deposits for room reservations too ("a stay whose guest chooses Mobile Money … is stored
// `Awaiting payment`"; ADR 0018). Migration 2026-11-25-4 gave room bookings the columns of a hold
// awaiting its deposit and let both kinds of stay hold a room while `Awaiting payment`; this gives
// reservations the same columns and lets an attempt belong to a reservation:
// - reservations: `payment_due_by`, `payment_expired_at`, `pay_token_hash`, `deposit_amount`,
//   with the same checks and the same index of holds awaiting payment as bookings.
// - payment_attempts: `reservation_id`; `booking_id` may be empty; exactly one of the two is set.
//   One attempt under way per reservation, as per booking (a partial unique index each).
// Every existing row is kept: every attempt so far belongs to a booking, and no reservation
// awaits a payment (the reservation forms never asked for one).
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reservations
    add column payment_due_by timestamptz,
    add column payment_expired_at timestamptz,
    add column pay_token_hash text check (char_length(pay_token_hash) = 64),
    add column deposit_amount integer check (deposit_amount > 0)`.execute(db);
  await sql`alter table reservations add constraint reservations_awaiting_payment_due_check
    check (status <> 'Awaiting payment' or (payment_due_by is not null and pay_token_hash is not null and deposit_amount is not null))`.execute(
    db,
  );
  await sql`create index reservations_awaiting_payment_idx on reservations (payment_due_by)
    where status = 'Awaiting payment'`.execute(db);

  await sql`alter table payment_attempts alter column booking_id drop not null`.execute(db);
  await sql`alter table payment_attempts
    add column reservation_id uuid references reservations (id) on delete restrict`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_one_stay_check
    check (num_nonnulls(booking_id, reservation_id) = 1)`.execute(db);
  await sql`create unique index payment_attempts_one_under_way_reservation on payment_attempts (reservation_id)
    where status in ('created', 'pending') and reservation_id is not null`.execute(db);
  await sql`create index payment_attempts_reservation_idx on payment_attempts (reservation_id, created_at)
    where reservation_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A reservation's attempts and holds awaiting payment cannot exist in the earlier schema. Its
  // ledger payments (the payments table always took reservations) are kept.
  await sql`delete from payment_attempts where reservation_id is not null`.execute(db);
  await sql`update reservations set status = 'Cancelled' where status = 'Awaiting payment'`.execute(db);
  await sql`drop index payment_attempts_reservation_idx`.execute(db);
  await sql`drop index payment_attempts_one_under_way_reservation`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_one_stay_check`.execute(db);
  await sql`alter table payment_attempts drop column reservation_id`.execute(db);
  await sql`alter table payment_attempts alter column booking_id set not null`.execute(db);
  await sql`drop index reservations_awaiting_payment_idx`.execute(db);
  await sql`alter table reservations drop constraint reservations_awaiting_payment_due_check`.execute(db);
  await sql`alter table reservations
    drop column payment_due_by,
    drop column payment_expired_at,
    drop column pay_token_hash,
    drop column deposit_amount`.execute(db);
}
