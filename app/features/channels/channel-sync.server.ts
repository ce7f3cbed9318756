import { sql, type Transaction } from "kysely";
import type { DB } from "~/shared/db/client.server.ts";
import type { Database } from "~/shared/db/schema.ts";
import { isRoomAlreadyHeld } from "~/shared/db/database-errors.server.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { logger } from "~/shared/logger.server.ts";
import { raiseConflict, resolveConflicts } from "./channel-conflicts.server.ts";
import { FEED_LIMITS, fetchFeed, type FetchLimits } from "./feed-fetch.server.ts";
import { parseFeed, type FeedEvent, type ParsedFeed } from "./feed-parse.server.ts";

// Importing the channels' feeds (decisions.md 36, ADR 0025). Each event becomes a block that
// holds its room on the ledger of held nights, through the same exclusion constraint as every
// stay, so the database refuses to sell its nights twice whichever way a booking comes. The
// network read happens outside any transaction; what it brought is applied in one.

export interface SyncSettings {
  /** How long an event may be missing from a feed that answers before its nights are released. */
  graceMinutes: number;
  limits?: FetchLimits;
}

/** A feed one instance has claimed for one read (its lease keeps the others off it). */
export interface ClaimedFeed {
  id: number;
  roomId: number;
  name: string;
  url: string;
  remoteEtag: string | null;
  remoteLastModified: string | null;
}

/** A claim outlives the longest read (the fetch's timeout) with room to spare. */
const LEASE_MS = FEED_LIMITS.timeoutMs * 4;

/**
 * Claims a feed for reading: the named one (Sync now), else the one longest unread among those
 * not read for `intervalMinutes`. One short statement: FOR UPDATE SKIP LOCKED and the lease let
 * several instances claim at once without ever reading the same feed together.
 */
export async function claimFeed(
  db: DB,
  { feedId, intervalMinutes = 0 }: { feedId?: number; intervalMinutes?: number },
): Promise<ClaimedFeed | undefined> {
  const result = await sql<ClaimedFeed>`
    update channel_feeds f
       set claimed_until = now() + ${LEASE_MS} * interval '1 millisecond', last_attempt_at = now()
      from (select id from channel_feeds
             where (claimed_until is null or claimed_until <= now())
               and ${
                 feedId === undefined
                   ? sql`(last_attempt_at is null or last_attempt_at <= now() - ${intervalMinutes} * interval '1 minute')`
                   : sql`id = ${feedId}`
               }
             order by last_attempt_at nulls first, id
             limit 1
             for update skip locked) due
     where f.id = due.id
    returning f.id, f.room_id, f.name, f.url, f.remote_etag, f.remote_last_modified`.execute(db);
  return result.rows[0];
}

export interface SyncReport {
  outcome: "read" | "unchanged" | "failed";
  error?: string;
  events: number;
  added: number;
  moved: number;
  released: number;
  conflicts: number;
}

/** Reads a claimed feed and applies it; the claim ends with it. A failure releases nothing. */
export async function syncFeed(
  db: DB,
  feed: ClaimedFeed,
  settings: SyncSettings,
  today = lodgeToday(),
): Promise<SyncReport> {
  const fetched = await fetchFeed(
    feed.url,
    { etag: feed.remoteEtag, lastModified: feed.remoteLastModified },
    settings.limits,
  );
  let parsed: ParsedFeed | null = null;
  let error: string | undefined;
  if (fetched.kind === "failed") error = fetched.message;
  else if (fetched.kind === "fetched") {
    const outcome = parseFeed(fetched.body, { today });
    if (outcome.kind === "unreadable") error = outcome.message;
    else parsed = outcome.feed;
  }
  if (error !== undefined) {
    await db
      .updateTable("channelFeeds")
      .set({ lastError: error.slice(0, 500), lastErrorAt: sql<Date>`now()` as never, claimedUntil: null })
      .where("id", "=", feed.id)
      .execute();
    return { outcome: "failed", error, events: 0, added: 0, moved: 0, released: 0, conflicts: 0 };
  }
  const report = await applyFeed(db, feed, parsed, settings, today);
  await db
    .updateTable("channelFeeds")
    .set({
      lastSuccessAt: sql<Date>`now()` as never,
      lastError: null,
      lastErrorAt: null,
      claimedUntil: null,
      ...(parsed ? { eventCount: parsed.events.length } : {}),
      ...(fetched.kind === "fetched"
        ? { remoteEtag: clip(fetched.etag, 300), remoteLastModified: clip(fetched.lastModified, 100) }
        : {}),
    })
    .where("id", "=", feed.id)
    .execute();
  return { ...report, outcome: parsed ? "read" : "unchanged" };
}

/** Sync now: claims the feed (unless another instance is reading it) and reads it. */
export async function syncFeedNow(
  db: DB,
  feedId: number,
  settings: SyncSettings,
  today?: string,
): Promise<SyncReport | "busy"> {
  const feed = await claimFeed(db, { feedId });
  return feed ? syncFeed(db, feed, settings, today) : "busy";
}

/** Reads every feed that is due, one after another; how many were read. */
export async function syncDueFeeds(
  db: DB,
  settings: SyncSettings & { intervalMinutes: number },
  keepGoing: () => boolean = () => true,
): Promise<number> {
  let read = 0;
  while (keepGoing()) {
    const feed = await claimFeed(db, { intervalMinutes: settings.intervalMinutes });
    if (!feed) break;
    const report = await syncFeed(db, feed, settings);
    if (report.outcome === "failed")
      logger.warn({ feed: feed.id, error: report.error }, "channel feed could not be read");
    read += 1;
  }
  return read;
}

/**
 * Applies what the feed says, in one transaction: new events become blocks, moved ones move
 * theirs, events marked cancelled release theirs at once, and events missing from a feed that
 * has others release theirs once missing for the grace period. A feed that came back empty
 * releases nothing (a channel's hiccup must not sell a room twice). `parsed` null: the channel
 * answered that nothing changed; only the grace periods run on.
 */
export async function applyFeed(
  db: DB,
  feed: Pick<ClaimedFeed, "id" | "roomId" | "name">,
  parsed: ParsedFeed | null,
  { graceMinutes }: Pick<SyncSettings, "graceMinutes">,
  today = lodgeToday(),
): Promise<Omit<SyncReport, "outcome">> {
  return db.transaction().execute(async (trx) => {
    const report = { events: parsed?.events.length ?? 0, added: 0, moved: 0, released: 0, conflicts: 0 };
    // The feed may have been removed meanwhile; its row is locked against removal until commit.
    const live = await trx
      .selectFrom("channelFeeds")
      .select("id")
      .where("id", "=", feed.id)
      .forUpdate()
      .executeTakeFirst();
    if (!live) return report;
    const existing = new Map(
      (await trx.selectFrom("channelBlocks").selectAll().where("feedId", "=", feed.id).execute()).map(
        (block) => [block.uid, block],
      ),
    );
    if (parsed && parsed.cancelled.size > 0) {
      const gone = await trx
        .deleteFrom("channelBlocks")
        .where("feedId", "=", feed.id)
        .where("uid", "in", [...parsed.cancelled])
        .executeTakeFirst();
      report.released += Number(gone.numDeletedRows);
    }
    // A feed that answered with events: the ones it no longer has start their grace period.
    const present = parsed ? parsed.events.map((event) => event.key) : null;
    if (present && present.length > 0) {
      await trx
        .updateTable("channelBlocks")
        .set({ missingSince: sql<Date>`now()` as never })
        .where("feedId", "=", feed.id)
        .where("uid", "not in", present)
        .where("missingSince", "is", null)
        .where("endsOn", ">", today)
        .execute();
    }
    if (present === null || present.length > 0) {
      let expired = trx
        .deleteFrom("channelBlocks")
        .where("feedId", "=", feed.id)
        .where("missingSince", "<=", sql<Date>`now() - ${graceMinutes} * interval '1 minute'`)
        .where("endsOn", ">", today);
      // An event back in the feed keeps its block (the loop below clears its grace period).
      if (present) expired = expired.where("uid", "not in", present);
      const released = await expired.executeTakeFirst();
      report.released += Number(released.numDeletedRows);
    }
    for (const event of parsed?.events ?? []) {
      const block = existing.get(event.key);
      const same =
        block &&
        block.startsOn === event.startsOn &&
        block.endsOn === event.endsOn &&
        block.kind === event.kind &&
        block.summary === event.summary &&
        block.details === event.details;
      if (block && same && block.holds && block.missingSince === null) continue;
      if (block && (block.startsOn !== event.startsOn || block.endsOn !== event.endsOn)) report.moved += 1;
      if (!block) report.added += 1;
      let placed = await placeBlock(trx, feed, event, block?.id);
      // The channel's own missing events on those nights are superseded by this one (a channel
      // that gave a stay a new UID): they go, and it holds.
      if (!placed.holds && (await dropSuperseded(trx, feed.id, event)) > 0)
        placed = await placeBlock(trx, feed, event, placed.id);
      if (placed.holds) await resolveConflicts(trx, placed.id);
      else if (event.kind === "booking" && (await heldBeyondFeed(trx, feed, event))) {
        const raised = await raiseConflict(trx, {
          blockId: placed.id,
          feedName: feed.name,
          roomId: feed.roomId,
          event,
        });
        if (raised) report.conflicts += 1;
      }
    }
    return report;
  });
}

/**
 * Writes the block and tries to hold its nights; when the ledger refuses (the room is held here
 * for one of them), the block is kept without its hold. A savepoint keeps the refusal from
 * spoiling the rest of the transaction (PostgreSQL aborts a transaction on any error).
 */
async function placeBlock(
  trx: Transaction<Database>,
  feed: Pick<ClaimedFeed, "id" | "roomId">,
  event: FeedEvent,
  blockId: string | undefined,
): Promise<{ id: string; holds: boolean }> {
  const write = (holds: boolean) => {
    const values = {
      startsOn: event.startsOn,
      endsOn: event.endsOn,
      kind: event.kind,
      summary: event.summary,
      details: event.details,
      holds,
      missingSince: null,
      updatedAt: sql<Date>`now()` as never,
    };
    return blockId === undefined
      ? trx
          .insertInto("channelBlocks")
          .values({ ...values, feedId: feed.id, roomId: feed.roomId, uid: event.key })
          .returning("id")
          .executeTakeFirstOrThrow()
      : trx
          .updateTable("channelBlocks")
          .set(values)
          .where("id", "=", blockId)
          .returning("id")
          .executeTakeFirstOrThrow();
  };
  await sql`savepoint channel_block`.execute(trx);
  try {
    const { id } = await write(true);
    await sql`release savepoint channel_block`.execute(trx);
    return { id, holds: true };
  } catch (error) {
    await sql`rollback to savepoint channel_block`.execute(trx);
    if (!isRoomAlreadyHeld(error)) throw error;
  }
  const { id } = await write(false);
  return { id, holds: false };
}

/** Removes this feed's missing blocks that overlap the event; how many. */
async function dropSuperseded(trx: Transaction<Database>, feedId: number, event: FeedEvent): Promise<number> {
  const gone = await trx
    .deleteFrom("channelBlocks")
    .where("feedId", "=", feedId)
    .where("missingSince", "is not", null)
    .where(
      sql<boolean>`daterange(starts_on, ends_on) && daterange(${event.startsOn}::date, ${event.endsOn}::date)`,
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * Whether something other than this feed's own blocks holds some of the event's nights: two
 * events of one channel that overlap are the channel's own affair, not a sale made twice here.
 */
async function heldBeyondFeed(
  trx: Transaction<Database>,
  feed: Pick<ClaimedFeed, "id" | "roomId">,
  event: FeedEvent,
): Promise<boolean> {
  const row = await sql<{ n: string }>`
    select count(*) as n from room_holds h
      left join channel_blocks b on b.id = h.channel_block_id
     where h.room_id = ${feed.roomId}
       and h.nights && daterange(${event.startsOn}::date, ${event.endsOn}::date)
       and (b.feed_id is distinct from ${feed.id})`.execute(trx);
  return Number(row.rows[0]?.n ?? 0) > 0;
}

function clip(value: string | null, length: number): string | null {
  return value === null || value.length > length ? null : value;
}

/** The import worker: started and stopped with the server (server/lifecycle.ts). */
export function startChannelSync(options: {
  database: () => Promise<DB>;
  intervalMinutes: number;
  graceMinutes: number;
  /** How often to look for due feeds. */
  pollMs?: number;
}): { stop(): Promise<void> } {
  const pollMs = options.pollMs ?? Math.min(60_000, options.intervalMinutes * 60_000);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const schedule = (delay: number) => {
    if (stopping) return;
    timer = setTimeout(run, delay);
    timer.unref();
  };
  async function pass() {
    try {
      await syncDueFeeds(await options.database(), options, () => !stopping);
    } catch (error) {
      // The database is down or a read failed unexpectedly: the next pass tries again.
      logger.error({ error: String((error as Error)?.message ?? error) }, "channel sync pass failed");
    }
  }
  function run() {
    running = pass().finally(() => {
      running = undefined;
      schedule(pollMs);
    });
  }
  schedule(0);
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
