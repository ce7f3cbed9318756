import { sql, type Kysely } from "kysely";

// The lodge takes money and works at the desk (decisions.md 33-35):
// - `payments`: the ledger of money received and refunded per room booking, reservation or venue
//   booking, recorded by staff at the desk (cash, mobile money with its transaction id, card, bank
//   transfer) or by the payment provider. Amounts are whole kwacha, always positive: `kind` says
//   which way the money went. A provider's confirmation carries its reference, unique, so the same
//   confirmation delivered twice records one payment.
// - `channel` on every request: where it came from (the web forms, a phone call, a guest at the
//   door). Reservations already have a `source` (which public page), hence another name.
// - `lodge_settings`: one row of the manager's settings that the bill and the deposit follow: VAT
//   registration and rate, the tourism levy's rate, the deposit policy, the cancellation policy and
//   how long an unpaid online booking holds its room. Rates are in basis points (1600 = 16%).
// Every existing row is kept: requests so far all came from the web; no money was recorded.
//
// Migrations never import application code: they describe the schema as it was on their date.

const REQUEST_TABLES = ["bookings", "reservations", "venue_bookings"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payments")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("booking_id", "uuid", (c) => c.references("bookings.id").onDelete("restrict"))
    .addColumn("reservation_id", "uuid", (c) => c.references("reservations.id").onDelete("restrict"))
    .addColumn("venue_booking_id", "uuid", (c) => c.references("venue_bookings.id").onDelete("restrict"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('payment', 'refund')`))
    .addColumn("method", "text", (c) =>
      c.notNull().check(sql`method in ('Cash', 'Mobile Money', 'Credit Card', 'Bank Transfer')`),
    )
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("transaction_id", "text", (c) => c.check(sql`char_length(transaction_id) between 1 and 100`))
    .addColumn("provider", "text", (c) => c.check(sql`char_length(provider) between 1 and 40`))
    .addColumn("provider_reference", "text", (c) =>
      c.unique().check(sql`char_length(provider_reference) between 1 and 100`),
    )
    .addColumn("staff_account_id", "integer", (c) => c.references("staff_accounts.id").onDelete("set null"))
    .addColumn("note", "text", (c) => c.check(sql`char_length(note) <= 500`))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "payments_one_request_check",
      sql`num_nonnulls(booking_id, reservation_id, venue_booking_id) = 1`,
    )
    // Money the provider reports always names the provider's own reference.
    .addCheckConstraint(
      "payments_provider_named_check",
      sql`(provider is null) = (provider_reference is null)`,
    )
    .execute();
  for (const column of ["booking_id", "reservation_id", "venue_booking_id"]) {
    await sql`create index ${sql.id(`payments_${column}_idx`)} on payments (${sql.id(column)}, at)
      where ${sql.id(column)} is not null`.execute(db);
  }
  await sql`create index payments_at_idx on payments (at)`.execute(db);

  for (const table of REQUEST_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("channel", "text", (c) =>
        c
          .notNull()
          .defaultTo("web")
          .check(sql`channel in ('web', 'phone', 'walk-in')`),
      )
      .execute();
  }

  await db.schema
    .createTable("lodge_settings")
    .addColumn("id", "boolean", (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn("vat_registered", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("vat_rate_bp", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1600)
        .check(sql`vat_rate_bp between 0 and 10000`),
    )
    .addColumn("levy_rate_bp", "integer", (c) =>
      c
        .notNull()
        .defaultTo(150)
        .check(sql`levy_rate_bp between 0 and 10000`),
    )
    .addColumn("deposit_policy", "text", (c) =>
      c
        .notNull()
        .defaultTo("none")
        .check(sql`deposit_policy in ('none', 'percent', 'first-night')`),
    )
    .addColumn("deposit_percent", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_percent between 0 and 100`),
    )
    .addColumn("free_cancellation_days", "integer", (c) =>
      c
        .notNull()
        .defaultTo(2)
        .check(sql`free_cancellation_days between 0 and 365`),
    )
    .addColumn("payment_hold_minutes", "integer", (c) =>
      c
        .notNull()
        .defaultTo(15)
        .check(sql`payment_hold_minutes between 5 and 1440`),
    )
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "integer", (c) => c.references("staff_accounts.id").onDelete("set null"))
    .addCheckConstraint(
      "lodge_settings_percent_needs_policy_check",
      sql`(deposit_policy = 'percent') = (deposit_percent > 0)`,
    )
    .execute();
  await sql`insert into lodge_settings (id) values (true)`.execute(db);

  // Settings are changes staff make, audited like prices and closures.
  await sql`alter table staff_audit drop constraint staff_audit_subject_check`.execute(db);
  await sql`alter table staff_audit add constraint staff_audit_subject_check
    check (subject in ('room', 'venue', 'closure', 'account', 'outbox', 'settings', 'payment'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from staff_audit where subject in ('settings', 'payment')`.execute(db);
  await sql`alter table staff_audit drop constraint staff_audit_subject_check`.execute(db);
  await sql`alter table staff_audit add constraint staff_audit_subject_check
    check (subject in ('room', 'venue', 'closure', 'account', 'outbox'))`.execute(db);
  await db.schema.dropTable("lodge_settings").execute();
  for (const table of REQUEST_TABLES) {
    await db.schema.alterTable(table).dropColumn("channel").execute();
  }
  await db.schema.dropTable("payments").execute();
}
