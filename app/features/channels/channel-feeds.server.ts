import { sql } from "kysely";
import type { DB } from "~/shared/db/client.server.ts";
import { isForeignKeyViolation, isUniqueViolation } from "~/shared/db/database-errors.server.ts";
import { ensureExportTokens, exportTokens } from "./room-feed.server.ts";

// The manager's side of calendar sync: which feeds each room imports, and how their reads go.

export type AddFeedResult = { kind: "added"; id: number } | { kind: "exists" } | { kind: "no-such-room" };

export async function addFeed(
  db: DB,
  feed: { roomId: number; name: string; url: string },
): Promise<AddFeedResult> {
  try {
    const row = await db.insertInto("channelFeeds").values(feed).returning("id").executeTakeFirstOrThrow();
    return { kind: "added", id: row.id };
  } catch (error) {
    if (isUniqueViolation(error, "url")) return { kind: "exists" };
    if (isForeignKeyViolation(error)) return { kind: "no-such-room" };
    throw error;
  }
}

/** Removes a feed: its blocks, and so their holds, go with it. The feed's name, if it was. */
export async function removeFeed(db: DB, feedId: number): Promise<string | undefined> {
  const row = await db
    .deleteFrom("channelFeeds")
    .where("id", "=", feedId)
    .returning("name")
    .executeTakeFirst();
  return row?.name;
}

export interface FeedHealth {
  id: number;
  name: string;
  url: string;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  events: number;
  /** Blocks that hold their nights, and those that could not (conflicts, windows over a stay). */
  holding: number;
  notHolding: number;
  /** Not read successfully for longer than three sync intervals (or never). */
  stale: boolean;
}

export interface ChannelRoom {
  id: number;
  roomNumber: string;
  type: string;
  token: string;
  feeds: FeedHealth[];
}

/** Every room with its feed's token and its imported feeds with their health. */
export async function listChannelRooms(db: DB, intervalMinutes: number): Promise<ChannelRoom[]> {
  await ensureExportTokens(db);
  const [rooms, tokens, feeds] = await Promise.all([
    db.selectFrom("rooms").select(["id", "roomNumber", "type"]).orderBy("roomNumber").execute(),
    exportTokens(db),
    db
      .selectFrom("channelFeeds as f")
      .select([
        "f.id",
        "f.roomId",
        "f.name",
        "f.url",
        "f.createdAt",
        "f.lastAttemptAt",
        "f.lastSuccessAt",
        "f.lastError",
        "f.lastErrorAt",
        "f.eventCount",
        sql<string>`(select count(*) from channel_blocks b where b.feed_id = f.id and b.holds)`.as("holding"),
        sql<string>`(select count(*) from channel_blocks b where b.feed_id = f.id and not b.holds)`.as(
          "notHolding",
        ),
        sql<boolean>`coalesce(f.last_success_at, f.created_at) < now() - ${intervalMinutes * 3} * interval '1 minute'`.as(
          "stale",
        ),
      ])
      .orderBy("f.id")
      .execute(),
  ]);
  return rooms.map((room) => ({
    ...room,
    token: tokens.get(room.id) ?? "",
    feeds: feeds
      .filter((feed) => feed.roomId === room.id)
      .map((feed) => ({
        id: feed.id,
        name: feed.name,
        url: feed.url,
        lastAttemptAt: feed.lastAttemptAt,
        lastSuccessAt: feed.lastSuccessAt,
        lastError: feed.lastError,
        lastErrorAt: feed.lastErrorAt,
        events: feed.eventCount,
        holding: Number(feed.holding),
        notHolding: Number(feed.notHolding),
        stale: feed.stale || (feed.lastSuccessAt === null && feed.lastErrorAt !== null),
      })),
  }));
}

/** Tonight's rooms held by a channel's block, by channel: "Airbnb: 101, 104". */
export async function channelBlocksTonight(
  db: DB,
  today: string,
): Promise<{ channel: string; rooms: string[] }[]> {
  const rows = await db
    .selectFrom("channelBlocks as b")
    .innerJoin("channelFeeds as f", "f.id", "b.feedId")
    .innerJoin("rooms as r", "r.id", "b.roomId")
    .select(["f.name as channel", "r.roomNumber"])
    .where("b.holds", "=", true)
    .where("b.startsOn", "<=", today)
    .where("b.endsOn", ">", today)
    .orderBy("f.name")
    .orderBy("r.roomNumber")
    .execute();
  const byChannel = new Map<string, string[]>();
  for (const row of rows) byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row.roomNumber]);
  return [...byChannel].map(([channel, rooms]) => ({ channel, rooms }));
}
