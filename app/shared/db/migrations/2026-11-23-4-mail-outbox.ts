import { sql, type Kysely } from "kysely";

// Nothing is lost on the way to a person (decisions.md 27, 28; ADR 0012).
// - `outbox`: one row per mail, written in the same transaction as the request it is about, sent
//   later by a worker. A row is 'pending' until sent or given up ('failed'); a worker claims it by
//   setting `locked_until` (a lease) and `claim_token`, so two instances never hold one row.
//   `payload` keeps what the template needs; the mail is rendered when it is sent.
//   `message_id` is fixed when the row is written, so a mail sent twice after a crash carries the
//   same Message-ID both times.
// - `newsletter_subscriptions` gets double opt-in: a confirmation token (its SHA-256 hash), when it
//   was confirmed, an unsubscribe token and when the address left. Addresses of the previous
//   version never confirmed: they stay, unconfirmed (so not counted as subscribed), and are sent
//   nothing; subscribing again sends them a confirmation link.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("template", "text", (c) => c.notNull().check(sql`char_length(template) between 1 and 60`))
    .addColumn("audience", "text", (c) =>
      c.notNull().check(sql`audience in ('guest', 'lodge', 'subscriber')`),
    )
    // The guest's or subscriber's address; null: the lodge's inbox (LODGE_INBOX) when sent.
    .addColumn("recipient", "text", (c) => c.check(sql`char_length(recipient) between 3 and 254`))
    .addColumn("subject", "text", (c) => c.notNull().check(sql`char_length(subject) between 1 and 300`))
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("message_id", "uuid", (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn("request_kind", "text", (c) =>
      c.check(
        sql`request_kind in ('booking', 'reservation', 'venue-booking', 'contact-message', 'newsletter')`,
      ),
    )
    .addColumn("request_id", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The worker gives up a day after this (the row's creation, or staff's last retry).
    .addColumn("retry_from", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("locked_until", "timestamptz")
    .addColumn("claim_token", "uuid")
    .addColumn("last_error", "text", (c) => c.check(sql`char_length(last_error) <= 1000`))
    .addColumn("sent_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("outbox_sent_check", sql`(status = 'sent') = (sent_at is not null)`)
    .execute();
  // The worker's question: which pending rows are due?
  await sql`create index outbox_due_idx on outbox (next_attempt_at, id) where status = 'pending'`.execute(db);
  // Staff's questions: the outbox by status, newest first; the mails of one request.
  await db.schema.createIndex("outbox_status_idx").on("outbox").columns(["status", "created_at"]).execute();
  await db.schema
    .createIndex("outbox_request_idx")
    .on("outbox")
    .columns(["request_kind", "request_id"])
    .execute();

  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("confirm_token_hash", "text")
    .addColumn("confirm_sent_at", "timestamptz")
    .addColumn("confirmed_at", "timestamptz")
    .addColumn("unsubscribe_token", "text")
    .addColumn("unsubscribed_at", "timestamptz")
    .execute();
  // Every address, old ones included, gets an unsubscribe token now, so any later mail can carry one.
  await sql`
    update newsletter_subscriptions
       set unsubscribe_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
     where unsubscribe_token is null`.execute(db);
  await sql`alter table newsletter_subscriptions alter column unsubscribe_token set not null`.execute(db);
  await sql`create unique index newsletter_subscriptions_unsubscribe_token_key
    on newsletter_subscriptions (unsubscribe_token)`.execute(db);
  await sql`create unique index newsletter_subscriptions_confirm_token_key
    on newsletter_subscriptions (confirm_token_hash) where confirm_token_hash is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outbox").ifExists().execute();
  await sql`drop index if exists newsletter_subscriptions_unsubscribe_token_key`.execute(db);
  await sql`drop index if exists newsletter_subscriptions_confirm_token_key`.execute(db);
  for (const column of [
    "confirm_token_hash",
    "confirm_sent_at",
    "confirmed_at",
    "unsubscribe_token",
    "unsubscribed_at",
  ]) {
    await db.schema.alterTable("newsletter_subscriptions").dropColumn(column).execute();
  }
}
