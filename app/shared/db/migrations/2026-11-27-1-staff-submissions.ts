import { sql, type Kysely } from "kysely";

// One row per console form that wrote something (app/features/staff/staff-submissions.server.ts):
// its key (the rendered form's id and a hash of what it sent) is unique, and the row is written in
// the same transaction as the change, so a form sent twice (a double click, a reload that posts
// again) finds the first row and changes nothing. The row keeps where the first answer went and
// the notice it showed, so the second answers the same. No earlier row changes. Migrations never
// import app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_submissions")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("staff_account_id", "integer", (c) =>
      c.notNull().references("staff_accounts.id").onDelete("cascade"),
    )
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("notice", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index staff_submissions_created_idx on staff_submissions (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_submissions").execute();
}
