import { sql } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import { expect, it } from "vitest";
import { createDatabase } from "../../app/shared/db/client.server.ts";
import * as initialSchema from "../../app/shared/db/migrations/2026-11-21-initial-schema.ts";
import * as stays from "../../app/shared/db/migrations/2026-11-23-1-stays.ts";
import * as mailOutbox from "../../app/shared/db/migrations/2026-11-23-4-mail-outbox.ts";

// The previous version's subscribers never confirmed: the migration keeps them, unconfirmed (so
// not counted as subscribed), gives each an unsubscribe token, and writes no mail to them.
it("keeps every subscriber of the previous version, unconfirmed, and sends them nothing", async () => {
  const db = createDatabase({ dataDir: "memory://" });
  const migrations: Record<string, Migration> = {
    "2026-11-21-initial-schema": initialSchema,
    "2026-11-23-1-stays": stays,
  };
  const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });
  try {
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    await sql`insert into newsletter_subscriptions (email) values ('old.reader@example.com'), ('second@example.com')`.execute(
      db,
    );
    migrations["2026-11-23-4-mail-outbox"] = mailOutbox;
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom("newsletterSubscriptions").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.email, r.confirmedAt, r.unsubscribedAt])).toEqual([
      ["old.reader@example.com", null, null],
      ["second@example.com", null, null],
    ]);
    expect(new Set(rows.map((r) => r.unsubscribeToken)).size).toBe(2);
    for (const row of rows) expect(row.unsubscribeToken).toMatch(/^[0-9a-f]{64}$/);
    expect(await db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  } finally {
    await db.destroy();
  }
  // A fresh embedded database migrated twice: slow while other suites run beside it.
}, 120_000);
