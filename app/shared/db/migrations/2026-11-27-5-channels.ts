import { sql, type Kysely } from "kysely";

// Calendar sync with the channels that also sell the rooms (decisions.md 36, ADR 0025):
// - `channel_exports`: one secret token per room, the address of the room's own calendar feed.
//   Rotating it replaces the token, so the old address stops answering at once. `body_sha256`
//   and `changed_at` are the feed's last content and when it last changed (ETag, Last-Modified).
// - `channel_feeds`: the feeds of other channels imported for a room, with the state of their
//   sync. `claimed_until` is a lease: one instance reads a feed at a time.
// - `channel_blocks`: one row per event of a feed (its UID, or UID and occurrence for recurring
//   ones). A block that `holds` has its row in `room_holds`, written by a trigger like stays and
//   closures, so the exclusion constraint refuses to sell its nights twice. A block that could
//   not hold (the room was already held here) is kept with `holds` false.
// - `channel_conflicts`: a channel's booking that arrived for nights already held here, once per
//   block and dates (a unique key), so two instances or two syncs never raise it twice.
// Every earlier row is kept; `room_holds` gains one nullable column and a wider source check.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("channel_exports")
    .addColumn("room_id", "integer", (c) => c.primaryKey().references("rooms.id").onDelete("cascade"))
    .addColumn("token", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`token ~ '^[A-Za-z0-9_-]{32,100}$'`),
    )
    .addColumn("body_sha256", "text")
    .addColumn("changed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("rotated_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("channel_feeds")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("room_id", "integer", (c) => c.notNull().references("rooms.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 60`))
    .addColumn("url", "text", (c) => c.notNull().check(sql`char_length(url) between 8 and 2000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("claimed_until", "timestamptz")
    .addColumn("last_attempt_at", "timestamptz")
    .addColumn("last_success_at", "timestamptz")
    .addColumn("last_error", "text", (c) => c.check(sql`char_length(last_error) <= 500`))
    .addColumn("last_error_at", "timestamptz")
    .addColumn("event_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("remote_etag", "text", (c) => c.check(sql`char_length(remote_etag) <= 300`))
    .addColumn("remote_last_modified", "text", (c) => c.check(sql`char_length(remote_last_modified) <= 100`))
    .addUniqueConstraint("channel_feeds_room_url_key", ["room_id", "url"])
    .execute();

  await db.schema
    .createTable("channel_blocks")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("feed_id", "integer", (c) => c.notNull().references("channel_feeds.id").onDelete("cascade"))
    .addColumn("room_id", "integer", (c) => c.notNull().references("rooms.id"))
    .addColumn("uid", "text", (c) => c.notNull().check(sql`char_length(uid) between 1 and 700`))
    .addColumn("starts_on", "date", (c) => c.notNull())
    .addColumn("ends_on", "date", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('booking', 'unavailable')`))
    .addColumn("summary", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`char_length(summary) <= 200`),
    )
    .addColumn("details", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`char_length(details) <= 1000`),
    )
    .addColumn("holds", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("missing_since", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("channel_blocks_feed_uid_key", ["feed_id", "uid"])
    .addCheckConstraint("channel_blocks_dates_check", sql`ends_on > starts_on`)
    .execute();

  await db.schema
    .createTable("channel_conflicts")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("block_id", "bigint", (c) => c.notNull().references("channel_blocks.id").onDelete("cascade"))
    .addColumn("starts_on", "date", (c) => c.notNull())
    .addColumn("ends_on", "date", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("resolved_at", "timestamptz")
    .addUniqueConstraint("channel_conflicts_once_key", ["block_id", "starts_on", "ends_on"])
    .execute();

  // The ledger takes a fourth kind of source.
  await db.schema
    .alterTable("room_holds")
    .addColumn("channel_block_id", "bigint", (c) =>
      c.unique().references("channel_blocks.id").onDelete("cascade"),
    )
    .execute();
  await sql`alter table room_holds drop constraint room_holds_one_source_check`.execute(db);
  await sql`alter table room_holds add constraint room_holds_one_source_check
    check (num_nonnulls(booking_id, reservation_id, closure_id, channel_block_id) = 1)`.execute(db);

  // The same pattern as the triggers of migration 2026-11-23-1-stays: the hold follows the block
  // inside the statement that writes it.
  await sql
    .raw(
      `create function channel_blocks_hold_room() returns trigger language plpgsql as $$
      begin
        delete from room_holds where channel_block_id = new.id;
        if new.holds then
          insert into room_holds (room_id, nights, channel_block_id)
          values (new.room_id, daterange(new.starts_on, new.ends_on), new.id);
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger channel_blocks_hold_room after insert or update of holds, room_id, starts_on, ends_on
      on channel_blocks for each row execute function channel_blocks_hold_room()`,
    )
    .execute(db);
  await sql`create index channel_conflicts_open_idx on channel_conflicts (created_at) where resolved_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists channel_blocks_hold_room on channel_blocks`.execute(db);
  await sql`drop function if exists channel_blocks_hold_room()`.execute(db);
  await sql`delete from room_holds where channel_block_id is not null`.execute(db);
  await sql`alter table room_holds drop constraint room_holds_one_source_check`.execute(db);
  await db.schema.alterTable("room_holds").dropColumn("channel_block_id").execute();
  await sql`alter table room_holds add constraint room_holds_one_source_check
    check (num_nonnulls(booking_id, reservation_id, closure_id) = 1)`.execute(db);
  await db.schema.dropTable("channel_conflicts").execute();
  await db.schema.dropTable("channel_blocks").execute();
  await db.schema.dropTable("channel_feeds").execute();
  await db.schema.dropTable("channel_exports").execute();
}
