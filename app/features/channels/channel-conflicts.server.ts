import { sql } from "kysely";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import type { ChannelConflictFacts } from "~/features/mail/mail-payload.ts";
import { listFreeRooms } from "~/features/stays/rooms.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { channelBlocksTonight } from "./channel-feeds.server.ts";
import type { FeedEvent } from "./feed-parse.server.ts";

// A channel's booking that arrives for nights already held here (the window polling leaves
// open) is never dropped: its block is kept without a hold, the conflict is recorded once (a
// unique key on block and dates) and the lodge is told by mail in the same transaction, with both
// guests and the rooms still free, so that one guest can be moved before anyone arrives.

/** What holds a room here on some nights: a stay's guest, a closure or another channel. */
export interface Holder {
  what: string;
  reference: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  startsOn: string;
  endsOn: string | null;
  /** The stay's page in the console, for a stay. */
  href: string | null;
}

/** Whatever holds the room on any of the nights [startsOn, endsOn). */
export async function holdersOf(db: DB, roomId: number, startsOn: string, endsOn: string): Promise<Holder[]> {
  const rows = await sql<{
    bookingId: string | null;
    reservationId: string | null;
    reference: string | null;
    name: string | null;
    email: string | null;
    phone: string | null;
    reason: string | null;
    feedName: string | null;
    blockSummary: string | null;
    startsOn: string;
    endsOn: string | null;
  }>`
    select h.booking_id, h.reservation_id,
           coalesce(b.reference, r.reference) as reference, coalesce(b.name, r.name) as name,
           coalesce(b.email, r.email) as email, coalesce(b.phone, r.phone) as phone,
           c.reason, f.name as feed_name, cb.summary as block_summary,
           lower(h.nights)::text as starts_on,
           case when upper_inf(h.nights) then null else upper(h.nights)::text end as ends_on
      from room_holds h
      left join bookings b on b.id = h.booking_id
      left join reservations r on r.id = h.reservation_id
      left join room_closures c on c.id = h.closure_id
      left join channel_blocks cb on cb.id = h.channel_block_id
      left join channel_feeds f on f.id = cb.feed_id
     where h.room_id = ${roomId} and h.nights && daterange(${startsOn}::date, ${endsOn}::date)
     order by lower(h.nights)`.execute(db);
  return rows.rows.map((row) => ({
    what:
      row.bookingId !== null
        ? "Room booking"
        : row.reservationId !== null
          ? "Reservation"
          : row.feedName !== null
            ? `${row.feedName} (${row.blockSummary || "blocked"})`
            : `Out of service (${row.reason ?? ""})`,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    href:
      row.bookingId !== null
        ? `/staff/requests/booking/${row.bookingId}`
        : row.reservationId !== null
          ? `/staff/requests/reservation/${row.reservationId}`
          : null,
  }));
}

/** Rooms free for all of the nights, as "102 (Deluxe)". */
export async function freeRoomsFor(db: DB, startsOn: string, endsOn: string): Promise<string[]> {
  const rooms = await listFreeRooms(db, { checkIn: startsOn, checkOut: endsOn });
  return rooms.map((room) => `${room.roomNumber} (${room.type})`);
}

/**
 * Records the conflict of a block that could not hold its nights and queues the lodge's mail,
 * once per block and dates; true when it is new.
 */
export async function raiseConflict(
  db: DB,
  {
    blockId,
    feedName,
    roomId,
    event,
  }: { blockId: string; feedName: string; roomId: number; event: FeedEvent },
): Promise<boolean> {
  const row = await db
    .insertInto("channelConflicts")
    .values({ blockId, startsOn: event.startsOn, endsOn: event.endsOn })
    .onConflict((conflict) => conflict.columns(["blockId", "startsOn", "endsOn"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  const room = await db
    .selectFrom("rooms")
    .select(["roomNumber", "type"])
    .where("id", "=", roomId)
    .executeTakeFirstOrThrow();
  const conflict: ChannelConflictFacts = {
    roomNumber: room.roomNumber,
    roomType: room.type,
    channel: feedName,
    checkIn: event.startsOn,
    checkOut: event.endsOn,
    channelSummary: event.summary,
    channelDetails: event.details,
    heldHere: (await holdersOf(db, roomId, event.startsOn, event.endsOn)).flatMap(holderRows),
    freeRooms: await freeRoomsFor(db, event.startsOn, event.endsOn),
  };
  await enqueueMail(db, { audience: "lodge", payload: { template: "channel-conflict", conflict } });
  return true;
}

/** The mail's lines about what holds the room here. */
function holderRows(holder: Holder): { label: string; value: string }[] {
  const dates = `${holder.startsOn} to ${holder.endsOn ?? "further notice"}`;
  return [
    {
      label: "Held here by",
      value: `${holder.what}${holder.reference ? ` ${holder.reference}` : ""}, ${dates}`,
    },
    ...(holder.name ? [{ label: "Guest", value: holder.name }] : []),
    ...(holder.email ? [{ label: "E-mail", value: holder.email }] : []),
    ...(holder.phone ? [{ label: "Phone", value: holder.phone }] : []),
  ];
}

/** The block holds its nights now (the stay here was moved): its conflicts are over. */
export async function resolveConflicts(db: DB, blockId: string): Promise<void> {
  await db
    .updateTable("channelConflicts")
    .set({ resolvedAt: sql<Date>`now()` as never })
    .where("blockId", "=", blockId)
    .where("resolvedAt", "is", null)
    .execute();
}

export interface OpenConflict {
  id: string;
  roomNumber: string;
  roomType: string;
  channel: string;
  startsOn: string;
  endsOn: string;
  summary: string;
  details: string;
  raisedAt: Date;
  heldHere: Holder[];
  freeRooms: string[];
}

/** Conflicts not yet resolved, oldest first, with what holds the room and the free rooms. */
export async function listOpenConflicts(db: DB): Promise<OpenConflict[]> {
  const rows = await db
    .selectFrom("channelConflicts as k")
    .innerJoin("channelBlocks as b", "b.id", "k.blockId")
    .innerJoin("channelFeeds as f", "f.id", "b.feedId")
    .innerJoin("rooms as r", "r.id", "b.roomId")
    .select([
      "k.id",
      "k.createdAt",
      "b.roomId",
      "b.startsOn",
      "b.endsOn",
      "b.summary",
      "b.details",
      "b.holds",
      "f.name as channel",
      "r.roomNumber",
      "r.type as roomType",
    ])
    .where("k.resolvedAt", "is", null)
    // A conflict whose block moved to other dates is told by the block's new conflict.
    .whereRef("k.startsOn", "=", "b.startsOn")
    .whereRef("k.endsOn", "=", "b.endsOn")
    .where("b.holds", "=", false)
    .orderBy("k.createdAt")
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      roomNumber: row.roomNumber,
      roomType: row.roomType,
      channel: row.channel,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      summary: row.summary,
      details: row.details,
      raisedAt: row.createdAt,
      heldHere: await holdersOf(db, row.roomId, row.startsOn, row.endsOn),
      freeRooms: await freeRoomsFor(db, row.startsOn, row.endsOn),
    })),
  );
}

/** What Today shows of calendar sync: open conflicts and tonight's rooms held by channels. */
export async function channelsToday(db: DB, today: string) {
  const [conflicts, tonight] = await Promise.all([listOpenConflicts(db), channelBlocksTonight(db, today)]);
  return { conflicts, tonight };
}
