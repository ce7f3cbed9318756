import { sql, type Kysely } from "kysely";

// The staff console (decisions.md 26, docs/decisions/0011-staff-sign-in.md):
// - `staff_accounts`: who may sign in, with an argon2id PHC string (null until an invited person
//   chooses a password). E-mail addresses are unique whatever their case.
// - `staff_sessions`: one row per signed-in browser; only the SHA-256 of the cookie's token is
//   stored, so a copy of the database signs nobody in.
// - `staff_tokens`: one-time links (first-manager setup, invitations, password resets), hashed too.
// - `staff_login_attempts`: failed sign-ins, counted per e-mail and per address; a table so that
//   several instances behind one database share the limit.
// - `staff_audit`: changes that are not a request's status (prices, venues, closures, accounts).
// - `contact_messages.status`: New or Handled, its changes in request_history like other requests.
// - request_history and room_closures now point at the staff account that made the change.
// Every existing row is kept: messages start as 'New'; the columns that gain a foreign key were
// always null until now (no accounts existed), which the constraints accept.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_accounts")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) between 3 and 254`))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('manager', 'reception')`))
    .addColumn("password_hash", "text", (c) => c.check(sql`password_hash like '$argon2id$%'`))
    .addColumn("disabled_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index staff_accounts_email_key on staff_accounts (lower(email))`.execute(db);

  await db.schema
    .createTable("staff_sessions")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("staff_account_id", "integer", (c) =>
      c.notNull().references("staff_accounts.id").onDelete("cascade"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("staff_sessions_account_idx")
    .on("staff_sessions")
    .column("staff_account_id")
    .execute();

  await db.schema
    .createTable("staff_tokens")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('setup', 'invitation', 'reset')`))
    .addColumn("staff_account_id", "integer", (c) => c.references("staff_accounts.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    // Setup creates the account; invitations and resets are for one.
    .addCheckConstraint("staff_tokens_account_check", sql`(purpose = 'setup') = (staff_account_id is null)`)
    .execute();

  await db.schema
    .createTable("staff_login_attempts")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index staff_login_attempts_email_idx on staff_login_attempts (lower(email), at)`.execute(
    db,
  );
  await db.schema
    .createIndex("staff_login_attempts_address_idx")
    .on("staff_login_attempts")
    .columns(["address", "at"])
    .execute();

  await db.schema
    .createTable("staff_audit")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("staff_account_id", "integer", (c) => c.notNull().references("staff_accounts.id"))
    .addColumn("subject", "text", (c) =>
      c.notNull().check(sql`subject in ('room', 'venue', 'closure', 'account')`),
    )
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("change", "text", (c) => c.notNull().check(sql`char_length(change) between 1 and 500`))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("staff_audit_at_idx").on("staff_audit").columns(["subject", "at"]).execute();

  await db.schema
    .alterTable("contact_messages")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("New")
        .check(sql`status in ('New', 'Handled')`),
    )
    .execute();
  await sql`
    insert into request_history (request_kind, request_id, from_status, to_status, actor, at)
    select 'contact-message', id::text, null, 'New', 'guest', created_at from contact_messages`.execute(db);

  await sql`alter table request_history add constraint request_history_staff_account_id_fkey
    foreign key (staff_account_id) references staff_accounts (id)`.execute(db);
  await sql`alter table room_closures add constraint room_closures_staff_account_id_fkey
    foreign key (staff_account_id) references staff_accounts (id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table room_closures drop constraint if exists room_closures_staff_account_id_fkey`.execute(
    db,
  );
  await sql`alter table request_history drop constraint if exists request_history_staff_account_id_fkey`.execute(
    db,
  );
  await db.schema.alterTable("contact_messages").dropColumn("status").execute();
  for (const table of [
    "staff_audit",
    "staff_login_attempts",
    "staff_tokens",
    "staff_sessions",
    "staff_accounts",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
