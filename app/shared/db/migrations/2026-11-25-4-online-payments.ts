import { sql, type Kysely } from "kysely";

// Deposits paid online (decisions.md 33, ADR 0018):
// - A room booking whose guest pays a deposit by mobile money is stored `Awaiting payment`. It
//   holds its room through the ledger's exclusion constraint like Pending and Confirmed do, until
//   `payment_due_by`; then the reconciler releases it (status Cancelled, `payment_expired_at` set,
//   so a payment that succeeds later can tell an expired hold from a stay staff cancelled).
// - `deposit_amount`: the deposit asked, fixed when the booking is made.
// - `pay_token_hash`: the SHA-256 of the random token in the payment page's address, so only the
//   guest who booked can open it (references are short and meant to be read out on the phone).
// - `payment_attempts`: one row per request for money to the provider. Our reference is stored
//   (and committed) before the provider is called, so a crash or a provider that never answers
//   leaves a row the reconciler can ask about. Amounts in ngwee (the provider's decimal kwacha).
//   At most one attempt of a booking is under way at a time.
// - `payment_webhook_events`: every verified webhook body seen (by its SHA-256), so one delivered
//   twice or replayed changes nothing twice; refused ones are kept with why.
// Every existing row is kept: no stay so far awaits a payment.
//
// Migrations never import application code: they describe the schema as it was on their date.

const STAY_STATUSES = sql`('Awaiting payment', 'Pending', 'Confirmed', 'Checked in', 'Checked out', 'Cancelled', 'Declined', 'No-show')`;
const OLD_STAY_STATUSES = sql`('Pending', 'Confirmed', 'Checked in', 'Checked out', 'Cancelled', 'Declined', 'No-show')`;
const HOLDING = `('Awaiting payment', 'Pending', 'Confirmed', 'Checked in')`;
const OLD_HOLDING = `('Pending', 'Confirmed', 'Checked in')`;

async function holdTriggers(db: Kysely<any>, holding: string): Promise<void> {
  for (const [table, column] of [
    ["bookings", "booking_id"],
    ["reservations", "reservation_id"],
  ] as const) {
    // The same function as migration 2026-11-23-1-stays, with the holding statuses as given.
    await sql
      .raw(
        `create or replace function ${table}_hold_room() returns trigger language plpgsql as $$
        begin
          delete from room_holds where ${column} = new.id;
          if new.status in ${holding} then
            insert into room_holds (room_id, nights, ${column})
            values (new.room_id, daterange(new.check_in, greatest(new.check_out, new.check_in + 1)), new.id);
          end if;
          return null;
        end $$`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["bookings", "reservations"]) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_status_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_status_check`)}
      check (status in ${STAY_STATUSES})`.execute(db);
  }
  await holdTriggers(db, HOLDING);

  await db.schema
    .alterTable("bookings")
    .addColumn("payment_due_by", "timestamptz")
    .addColumn("payment_expired_at", "timestamptz")
    .addColumn("pay_token_hash", "text", (c) => c.check(sql`char_length(pay_token_hash) = 64`))
    // The deposit asked when the booking was made, in kwacha (a later policy change never alters it).
    .addColumn("deposit_amount", "integer", (c) => c.check(sql`deposit_amount > 0`))
    .execute();
  await sql`alter table bookings add constraint bookings_awaiting_payment_due_check
    check (status <> 'Awaiting payment' or (payment_due_by is not null and pay_token_hash is not null and deposit_amount is not null))`.execute(
    db,
  );
  await sql`create index bookings_awaiting_payment_idx on bookings (payment_due_by)
    where status = 'Awaiting payment'`.execute(db);

  await db.schema
    .createTable("payment_attempts")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("booking_id", "uuid", (c) => c.notNull().references("bookings.id").onDelete("restrict"))
    // Ours, sent to the provider: only -, ., _ and alphanumerics (Lenco's rule for references).
    .addColumn("reference", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`reference ~ '^[A-Za-z0-9._-]{6,60}$'`),
    )
    .addColumn("provider", "text", (c) => c.notNull().check(sql`char_length(provider) between 1 and 40`))
    .addColumn("provider_reference", "text", (c) =>
      c.unique().check(sql`char_length(provider_reference) between 1 and 100`),
    )
    .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('Mobile Money')`))
    .addColumn("amount_ngwee", "integer", (c) => c.notNull().check(sql`amount_ngwee > 0`))
    .addColumn("currency", "text", (c) =>
      c
        .notNull()
        .defaultTo("ZMW")
        .check(sql`currency ~ '^[A-Z]{3}$'`),
    )
    .addColumn("phone", "text", (c) => c.notNull().check(sql`phone ~ '^0[0-9]{9}$'`))
    .addColumn("operator", "text", (c) => c.notNull().check(sql`operator in ('mtn', 'airtel')`))
    // created: stored, provider not (yet) reached; pending: the guest has a prompt to approve;
    // successful / failed: the provider's final word; abandoned: no final word after a day of asking.
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("created")
        .check(sql`status in ('created', 'pending', 'successful', 'failed', 'abandoned')`),
    )
    .addColumn("failure_reason", "text", (c) => c.check(sql`char_length(failure_reason) <= 300`))
    // A success that came after the hold was released and the room sold again: money to give back.
    .addColumn("refund_due", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("checks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_check_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index payment_attempts_one_under_way on payment_attempts (booking_id)
    where status in ('created', 'pending')`.execute(db);
  await sql`create index payment_attempts_booking_idx on payment_attempts (booking_id, created_at)`.execute(
    db,
  );
  await sql`create index payment_attempts_due_check_idx on payment_attempts (next_check_at)
    where status in ('created', 'pending')`.execute(db);

  await db.schema
    .createTable("payment_webhook_events")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("body_sha256", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`char_length(body_sha256) = 64`),
    )
    .addColumn("event", "text", (c) => c.notNull().check(sql`char_length(event) between 1 and 60`))
    .addColumn("reference", "text", (c) => c.check(sql`char_length(reference) <= 100`))
    .addColumn("outcome", "text", (c) => c.notNull().check(sql`char_length(outcome) between 1 and 300`))
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_webhook_events").execute();
  await db.schema.dropTable("payment_attempts").execute();
  // A stay still awaiting payment cannot exist in the earlier schema: it becomes Cancelled.
  await sql`update bookings set status = 'Cancelled' where status = 'Awaiting payment'`.execute(db);
  await sql`update reservations set status = 'Cancelled' where status = 'Awaiting payment'`.execute(db);
  await sql`alter table bookings drop constraint bookings_awaiting_payment_due_check`.execute(db);
  await db.schema
    .alterTable("bookings")
    .dropColumn("payment_due_by")
    .dropColumn("payment_expired_at")
    .dropColumn("pay_token_hash")
    .dropColumn("deposit_amount")
    .execute();
  await holdTriggers(db, OLD_HOLDING);
  for (const table of ["bookings", "reservations"]) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_status_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_status_check`)}
      check (status in ${OLD_STAY_STATUSES})`.execute(db);
  }
}
