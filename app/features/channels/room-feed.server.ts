import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import icalGenerator from "ical-generator";
import { site } from "~/content/site.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { addDays, addYears } from "~/shared/dates.ts";
import { ownUid, type HeldBy } from "./channel-uids.ts";

// A room's own calendar feed (decisions.md 36): every night the room is not for sale here, read
// from the ledger of held nights, so stays of every kind, payment holds, closures and other
// channels' blocks are all in it, as they are in the constraint that guards it. No guest's name,
// address or phone: a channel needs only the nights.

/** A new secret for a room's address: 256 random bits, URL-safe. */
function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Gives every room that has none its feed's secret address (new rooms included). */
export async function ensureExportTokens(db: DB): Promise<void> {
  const missing = await db
    .selectFrom("rooms")
    .leftJoin("channelExports as e", "e.roomId", "rooms.id")
    .select("rooms.id")
    .where("e.roomId", "is", null)
    .execute();
  if (missing.length === 0) return;
  await db
    .insertInto("channelExports")
    .values(missing.map((room) => ({ roomId: room.id, token: newToken() })))
    .onConflict((conflict) => conflict.column("roomId").doNothing())
    .execute();
}

/** Each room's secret token, by room id. */
export async function exportTokens(db: DB): Promise<Map<number, string>> {
  const rows = await db.selectFrom("channelExports").select(["roomId", "token"]).execute();
  return new Map(rows.map((row) => [row.roomId, row.token]));
}

/** A new secret address for the room: the old one answers 404 from this moment. */
export async function rotateExportToken(db: DB, roomId: number): Promise<boolean> {
  const result = await db
    .updateTable("channelExports")
    .set({ token: newToken(), rotatedAt: sql<Date>`now()` as never })
    .where("roomId", "=", roomId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The path of a room's feed under the site's origin. */
export function feedPath(token: string): string {
  return `/calendar/${token}.ics`;
}

export interface RoomFeed {
  body: string;
  /** A strong validator of the body. */
  etag: string;
  /** When the body last changed (the first time it was served so). */
  lastModified: Date;
}

/** A night held with no end (a closure until further notice) is published this far ahead. */
const OPEN_END_YEARS = 2;

/**
 * The feed of the room whose token this is, or null (an unknown or rotated token). Nights that
 * ended before `today` are left out.
 */
export async function roomFeed(
  db: DB,
  token: string,
  { today, domain }: { today: string; domain: string },
): Promise<RoomFeed | null> {
  if (!/^[A-Za-z0-9_-]{32,100}$/.test(token)) return null;
  const room = await db
    .selectFrom("channelExports as e")
    .innerJoin("rooms as r", "r.id", "e.roomId")
    .select(["e.roomId", "r.roomNumber", "e.bodySha256", "e.changedAt"])
    .where("e.token", "=", token)
    .executeTakeFirst();
  if (!room) return null;
  const holds = await heldNights(db, room.roomId, today);
  const body = feedBody(room.roomNumber, holds, { today, domain });
  const sha256 = createHash("sha256").update(body).digest("hex");
  let lastModified = room.changedAt;
  if (sha256 !== room.bodySha256) {
    const changed = await db
      .updateTable("channelExports")
      .set({ bodySha256: sha256, changedAt: sql<Date>`now()` as never })
      .where("roomId", "=", room.roomId)
      .returning("changedAt")
      .executeTakeFirst();
    lastModified = changed?.changedAt ?? new Date();
  }
  return { body, etag: `"${sha256.slice(0, 32)}"`, lastModified };
}

export interface HeldNights {
  by: HeldBy;
  id: string;
  startsOn: string;
  /** The check-out day (exclusive); null: no end. */
  endsOn: string | null;
  /** Whether the holder is a guest's stay (a channel's "Not available" window is not). */
  booked: boolean;
  createdAt: Date;
}

/** The room's holds that reach `today` or later, from the ledger. */
export async function heldNights(db: DB, roomId: number, today: string): Promise<HeldNights[]> {
  const rows = await sql<{
    bookingId: string | null;
    reservationId: string | null;
    closureId: number | null;
    channelBlockId: string | null;
    blockKind: string | null;
    startsOn: string;
    endsOn: string | null;
    createdAt: Date;
  }>`
    select h.booking_id, h.reservation_id, h.closure_id, h.channel_block_id, cb.kind as block_kind,
           lower(h.nights)::text as starts_on,
           case when upper_inf(h.nights) then null else upper(h.nights)::text end as ends_on,
           coalesce(b.created_at, r.created_at, c.created_at, cb.created_at) as created_at
      from room_holds h
      left join bookings b on b.id = h.booking_id
      left join reservations r on r.id = h.reservation_id
      left join room_closures c on c.id = h.closure_id
      left join channel_blocks cb on cb.id = h.channel_block_id
     where h.room_id = ${roomId} and (upper_inf(h.nights) or upper(h.nights) > ${today}::date)
     order by lower(h.nights)`.execute(db);
  return rows.rows.map((row) => {
    const [by, id]: [HeldBy, string] =
      row.bookingId !== null
        ? ["booking", row.bookingId]
        : row.reservationId !== null
          ? ["reservation", row.reservationId]
          : row.closureId !== null
            ? ["closure", String(row.closureId)]
            : ["channel", String(row.channelBlockId)];
    return {
      by,
      id,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      booked: by === "booking" || by === "reservation" || (by === "channel" && row.blockKind === "booking"),
      createdAt: new Date(row.createdAt),
    };
  });
}

/**
 * The iCalendar text: one all-day event per hold, DTSTART its first night and DTEND its check-out
 * day (exclusive), as dates, so no time zone can move them. DTSTAMP is the holder's creation, so
 * the same holds give the same bytes (and ETag) at every read.
 */
export function feedBody(
  roomNumber: string,
  holds: readonly HeldNights[],
  { today, domain }: { today: string; domain: string },
): string {
  const calendar = icalGenerator({
    name: `${site.brandName}, room ${roomNumber}`,
    prodId: { company: site.brandName, product: "room-calendar", language: "EN" },
  });
  const openEnd = addYears(today, OPEN_END_YEARS);
  for (const hold of holds) {
    const endsOn = hold.endsOn ?? (openEnd > hold.startsOn ? openEnd : addDays(hold.startsOn, 1));
    calendar.createEvent({
      id: ownUid(hold.by, hold.id, domain),
      allDay: true,
      start: utcMidnight(hold.startsOn),
      end: utcMidnight(endsOn),
      stamp: hold.createdAt,
      summary: hold.booked ? "Booked" : "Not available",
    });
  }
  return calendar.toString();
}

/** 'YYYY-MM-DD' as the UTC midnight ical-generator writes back as that same date. */
function utcMidnight(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
