import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  applyFeed,
  claimFeed,
  syncDueFeeds,
  syncFeed,
  syncFeedNow,
  type SyncSettings,
} from "../../app/features/channels/channel-sync.server.ts";
import { addFeed } from "../../app/features/channels/channel-feeds.server.ts";
import { listOpenConflicts } from "../../app/features/channels/channel-conflicts.server.ts";
import {
  ensureExportTokens,
  exportTokens,
  rotateExportToken,
} from "../../app/features/channels/room-feed.server.ts";
import { roomFeedResponse } from "../../app/features/channels/feed-response.server.ts";
import { openDatabase } from "../../app/shared/db/database.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as m from "../../app/shared/messages.ts";
import { action as bookingAction, loader as bookingLoader } from "~/routes/booking.tsx";
import { channelCalendar, startFeedServer, type FeedServer } from "../channel-feeds.ts";
import { book, roomId } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

const day = (n: number) => addDays(lodgeToday(), n);
const SETTINGS: SyncSettings = {
  graceMinutes: 30,
  limits: { timeoutMs: 1500, maxBytes: 64 * 1024, maxRedirects: 3 },
};

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(async () => {
  await feeds.close();
});

let sequence = 0;
/** A new feed of the room at a fresh path of the feed server; its id and path. */
async function newFeed(db: DB, roomNumber: string, name = "Airbnb") {
  sequence += 1;
  const path = `/feeds/${sequence}-${Math.random().toString(36).slice(2)}.ics`;
  const added = await addFeed(db, { roomId: await roomId(db, roomNumber), name, url: feeds.url(path) });
  if (added.kind !== "added") throw new Error(added.kind);
  return { id: added.id, path };
}

/** The room's nights held on the ledger, as "from..until" strings, with what holds them. */
async function holds(db: DB, roomNumber: string) {
  const rows = await db
    .selectFrom("roomHolds")
    .select(["nights", "channelBlockId", "bookingId", "closureId"])
    .where("roomId", "=", await roomId(db, roomNumber))
    .execute();
  return rows
    .map((row) => ({ nights: row.nights, channel: row.channelBlockId !== null }))
    .sort((a, b) => a.nights.localeCompare(b.nights));
}

const range = (from: string, to: string) => `[${from},${to})`;

async function blocks(db: DB, feedId: number) {
  return db
    .selectFrom("channelBlocks")
    .select(["uid", "startsOn", "endsOn", "kind", "holds", "missingSince"])
    .where("feedId", "=", feedId)
    .orderBy("startsOn")
    .execute();
}

async function freeOnBooking(context: RouterContextProvider, checkIn: string, checkOut: string) {
  const data = await bookingLoader({
    request: new Request(`http://localhost:3000/booking?checkIn=${checkIn}&checkOut=${checkOut}`),
    context,
    params: {},
  } as never);
  return data.rooms.map((room) => room.roomNumber);
}

describeEachEngine("calendar sync: a room's own feed", (getDatabase) => {
  it("answers the held nights as all-day events without guest data, with an ETag, 304 on a repeat and 404 once rotated", async () => {
    const { db } = getDatabase();
    const booked = await book(db, "103", day(10), day(13));
    expect(booked.kind).toBe("booked");
    await ensureExportTokens(db);
    const token = (await exportTokens(db)).get(await roomId(db, "103"))!;
    const database = async () => db;
    const read = (headers: Record<string, string> = {}, file = `${token}.ics`) =>
      roomFeedResponse(database, new Request(`http://localhost:3000/calendar/${file}`, { headers }), {
        file,
        siteOrigin: "http://localhost:3000",
      });

    const first = await read();
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const etag = first.headers.get("ETag");
    const lastModified = first.headers.get("Last-Modified");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(lastModified).toBeTruthy();
    const body = await first.text();
    expect(body).toContain(`DTSTART;VALUE=DATE:${day(10).replaceAll("-", "")}`);
    expect(body).toContain(`DTEND;VALUE=DATE:${day(13).replaceAll("-", "")}`);
    expect(body).toContain(
      `UID:lodge-hold-booking-${booked.kind === "booked" ? booked.booking.id : ""}@localhost`,
    );
    for (const personal of ["Chanda", "chanda@example.com", "123 4567"]) expect(body).not.toContain(personal);

    const again = await read({ "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await read({ "If-Modified-Since": lastModified! })).status).toBe(304);
    // The same bytes at every read: the ETag holds until the nights change.
    expect((await read()).headers.get("ETag")).toBe(etag);
    await book(db, "103", day(20), day(21));
    const changed = await read({ "If-None-Match": etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);

    expect(await rotateExportToken(db, await roomId(db, "103"))).toBe(true);
    expect((await read()).status).toBe(404);
    const renewed = (await exportTokens(db)).get(await roomId(db, "103"))!;
    expect(renewed).not.toBe(token);
    expect((await read({}, `${renewed}.ics`)).status).toBe(200);
    expect((await read({}, "not-a-token.ics")).status).toBe(404);
  });
});

describeEachEngine("calendar sync: importing the channels' feeds", (getDatabase) => {
  beforeEach(() => {
    sequence += 1;
  });

  it("an imported booking holds the room: gone from /booking for those nights, and a plain POST for them refused", async () => {
    const { db, context } = getDatabase();
    const feed = await newFeed(db, "104");
    feeds.play(feed.path, {
      body: channelCalendar([
        {
          uid: "1418fb94e984-a@airbnb.com",
          from: day(30),
          to: day(33),
          summary: "Reserved",
          description:
            "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABC\\nPhone Number (Last 4 Digits): 1234",
        },
      ]),
    });
    const report = await syncFeedNow(db, feed.id, SETTINGS);
    expect(report).toMatchObject({ outcome: "read", events: 1, added: 1, conflicts: 0 });
    expect(await holds(db, "104")).toEqual([{ nights: range(day(30), day(33)), channel: true }]);

    expect(await freeOnBooking(context(), day(31), day(32))).not.toContain("104");
    expect(await freeOnBooking(context(), day(33), day(34))).toContain("104");
    const body = new FormData();
    for (const [key, value] of Object.entries({
      tab: "room",
      name: "Bwalya Phiri",
      email: "bwalya@example.com",
      phone: "+260 96 555 1234",
      paymentMethod: "Cash",
      website: "",
      roomId: String(await roomId(db, "104")),
      checkIn: day(31),
      checkOut: day(32),
      adults: "1",
      children: "0",
      submissionId: `channel-post-${sequence}`,
    }))
      body.set(key, value);
    const refused = (await bookingAction({
      request: new Request("http://localhost:3000/booking?tab=room", { method: "POST", body }),
      context: context(),
      params: {},
    } as never)) as unknown as { data: { status: string; message: string }; init: ResponseInit | null };
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ status: "error", message: m.ROOM_JUST_BOOKED });
  });

  it("follows an event moved and one cancelled within one sync; one missing goes after the grace period", async () => {
    const { db } = getDatabase();
    const feed = await newFeed(db, "105", "Booking.com");
    const first = [
      { uid: "move@booking.com", from: day(40), to: day(42), summary: "CLOSED - Not available" },
      { uid: "cancel@booking.com", from: day(50), to: day(52) },
      { uid: "vanish@booking.com", from: day(60), to: day(61) },
    ];
    feeds.play(feed.path, { body: channelCalendar(first, "-//Booking.com//EN") });
    await syncFeedNow(db, feed.id, SETTINGS);
    expect(await holds(db, "105")).toHaveLength(3);

    feeds.play(feed.path, {
      body: channelCalendar(
        [
          { uid: "move@booking.com", from: day(44), to: day(47), summary: "CLOSED - Not available" },
          { uid: "cancel@booking.com", from: day(50), to: day(52), status: "CANCELLED" },
        ],
        "-//Booking.com//EN",
      ),
    });
    const second = await syncFeedNow(db, feed.id, SETTINGS);
    expect(second).toMatchObject({ outcome: "read", moved: 1, released: 1 });
    expect(await holds(db, "105")).toEqual([
      { nights: range(day(44), day(47)), channel: true },
      { nights: range(day(60), day(61)), channel: true },
    ]);
    const vanished = (await blocks(db, feed.id)).find((block) => block.uid === "vanish@booking.com");
    expect(vanished?.missingSince).toBeInstanceOf(Date);

    // Back in the feed after its grace period: it keeps its nights.
    await db
      .updateTable("channelBlocks")
      .set({ missingSince: new Date(Date.now() - 31 * 60_000) })
      .where("feedId", "=", feed.id)
      .where("uid", "=", "move@booking.com")
      .execute();
    await syncFeedNow(db, feed.id, SETTINGS);
    expect((await blocks(db, feed.id)).find((block) => block.uid === "move@booking.com")).toMatchObject({
      holds: true,
      missingSince: null,
    });

    // Still missing once the grace period has passed: released at the next read.
    await db
      .updateTable("channelBlocks")
      .set({ missingSince: new Date(Date.now() - 31 * 60_000) })
      .where("feedId", "=", feed.id)
      .where("uid", "=", "vanish@booking.com")
      .execute();
    await syncFeedNow(db, feed.id, SETTINGS);
    expect(await holds(db, "105")).toEqual([{ nights: range(day(44), day(47)), channel: true }]);
    expect((await blocks(db, feed.id))[0]).toMatchObject({ kind: "unavailable", holds: true });
  });

  it("a feed that fails, hangs, is too large, redirects in circles, is no calendar or comes back empty releases nothing", async () => {
    const { db } = getDatabase();
    const feed = await newFeed(db, "106");
    feeds.play(feed.path, {
      body: channelCalendar([{ uid: "keep@airbnb.com", from: day(70), to: day(72) }]),
    });
    await syncFeedNow(db, feed.id, { ...SETTINGS, graceMinutes: 0 });
    const held = [{ nights: range(day(70), day(72)), channel: true }];
    expect(await holds(db, "106")).toEqual(held);

    const failures: [Parameters<FeedServer["play"]>[1], RegExp][] = [
      [{ status: 500, body: "oops" }, /answered 500/],
      [{ hang: true }, /No answer within 1.5 seconds/],
      [{ streamBytes: 200 * 1024 }, /larger than 64 KB/],
      [
        { body: "x".repeat(70 * 1024), headers: { "Content-Length": String(70 * 1024) } },
        /larger than 64 KB/,
      ],
      [{ redirect: feed.path }, /redirected more than 3 times/],
      [{ body: "<html>Sign in</html>", headers: { "Content-Type": "text/html" } }, /not a calendar/],
    ];
    for (const [answer, message] of failures) {
      feeds.play(feed.path, answer);
      const report = await syncFeedNow(db, feed.id, { ...SETTINGS, graceMinutes: 0 });
      expect(report).toMatchObject({ outcome: "failed", error: expect.stringMatching(message) });
      expect(await holds(db, "106")).toEqual(held);
      const row = await db
        .selectFrom("channelFeeds")
        .selectAll()
        .where("id", "=", feed.id)
        .executeTakeFirstOrThrow();
      expect(row.lastError).toMatch(message);
      expect(row.claimedUntil).toBeNull();
    }
    feeds.play(feed.path, { body: channelCalendar([]) });
    expect(await syncFeedNow(db, feed.id, { ...SETTINGS, graceMinutes: 0 })).toMatchObject({
      outcome: "read",
      events: 0,
      released: 0,
    });
    expect(await holds(db, "106")).toEqual(held);
  });

  it("follows a slow channel and a moved address, and asks only for what changed", async () => {
    const { db } = getDatabase();
    const feed = await newFeed(db, "107", "Vrbo");
    const newPath = `${feed.path}.moved`;
    feeds.play(feed.path, { redirect: feeds.url(newPath) });
    let reads = 0;
    feeds.play(newPath, (request) => {
      reads += 1;
      if (request.headers["if-none-match"] === '"v1"') return { status: 304 };
      return {
        delayMs: 300,
        headers: { ETag: '"v1"' },
        body: channelCalendar([{ uid: "slow@vrbo.com", from: day(80), to: day(81), summary: "Blocked" }]),
      };
    });
    expect(await syncFeedNow(db, feed.id, SETTINGS)).toMatchObject({ outcome: "read", added: 1 });
    expect(await syncFeedNow(db, feed.id, SETTINGS)).toMatchObject({ outcome: "unchanged" });
    expect(reads).toBe(2);
    expect(feeds.lastHeaders(newPath)?.["if-none-match"]).toBe('"v1"');
    expect(await holds(db, "107")).toEqual([{ nights: range(day(80), day(81)), channel: true }]);
  });

  it("reads recurring and repeated UIDs, floating and UTC times, and ignores our own events coming back", async () => {
    const { db } = getDatabase();
    const feed = await newFeed(db, "108", "Any calendar");
    const compact = (iso: string) => iso.replaceAll("-", "");
    feeds.play(feed.path, {
      body: channelCalendar([
        // Weekly, three times; the second occurrence moved a day later by its own event.
        { uid: "weekly@example.com", from: day(90), to: day(91), rrule: "FREQ=WEEKLY;COUNT=3" },
        { uid: "weekly@example.com", recurrenceId: day(97), from: day(98), to: day(99) },
        // One UID for two stays (some channels do this).
        { uid: "same@example.com", from: day(110), to: day(111) },
        { uid: "same@example.com", from: day(112), to: day(113) },
        // 23:30 UTC is the next morning in Lusaka (UTC+2); a floating time keeps its written date.
        {
          uid: "utc@example.com",
          start: `:${compact(day(120))}T233000Z`,
          end: `:${compact(day(122))}T080000Z`,
        },
        {
          uid: "floating@example.com",
          start: `:${compact(day(130))}T140000`,
          end: `:${compact(day(131))}T100000`,
        },
        // Our own export, sent back by the channel.
        { uid: "lodge-hold-booking-4f0c@lodge.example", from: day(140), to: day(141), summary: "Booked" },
        // A past stay is left alone.
        { uid: "past@example.com", from: day(-5), to: day(-2) },
      ]),
    });
    const report = await syncFeedNow(db, feed.id, SETTINGS);
    expect(report).toMatchObject({ outcome: "read", events: 7 });
    expect((await holds(db, "108")).map((hold) => hold.nights)).toEqual(
      [
        range(day(90), day(91)),
        range(day(98), day(99)),
        range(day(104), day(105)),
        range(day(110), day(111)),
        range(day(112), day(113)),
        range(day(121), day(122)),
        range(day(130), day(131)),
      ].sort(),
    );
  });

  it("a channel's booking over a stay here is kept as a conflict, told once by mail with both guests and the free rooms", async () => {
    const { db } = getDatabase();
    const ours = await book(db, "109", day(150), day(153));
    expect(ours.kind).toBe("booked");
    const feed = await newFeed(db, "109");
    const calendar = channelCalendar([
      {
        uid: "race@airbnb.com",
        from: day(151),
        to: day(154),
        description: "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMRACE",
      },
      // A "Not available" window over our stay is no sale: no conflict.
      { uid: "window@airbnb.com", from: day(152), to: day(153), summary: "Airbnb (Not available)" },
    ]);
    feeds.play(feed.path, { body: calendar });
    const mailsBefore = await lodgeMails(db);
    expect(await syncFeedNow(db, feed.id, SETTINGS)).toMatchObject({ conflicts: 1 });
    expect(await syncFeedNow(db, feed.id, SETTINGS)).toMatchObject({ conflicts: 0 });
    expect(await holds(db, "109")).toEqual([{ nights: range(day(150), day(153)), channel: false }]);

    const mails = (await lodgeMails(db)).slice(mailsBefore.length);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Double booking: room 109");
    const payload = mails[0]!.payload as {
      conflict: { heldHere: { value: string }[]; freeRooms: string[]; channelDetails: string };
    };
    expect(payload.conflict.heldHere.map((row) => row.value)).toEqual(
      expect.arrayContaining(["Chanda Mwila", "chanda@example.com", "+260 97 123 4567"]),
    );
    expect(payload.conflict.channelDetails).toContain("HMRACE");
    expect(payload.conflict.freeRooms.some((room) => room.startsWith("109 "))).toBe(false);
    expect(payload.conflict.freeRooms.length).toBeGreaterThan(0);

    const open = await listOpenConflicts(db);
    const conflict = open.find((entry) => entry.roomNumber === "109");
    expect(conflict).toMatchObject({ channel: "Airbnb", startsOn: day(151), endsOn: day(154) });
    expect(conflict?.heldHere[0]).toMatchObject({ name: "Chanda Mwila", phone: "+260 97 123 4567" });

    // Staff move our guest: the next read holds the channel's nights and the conflict is over.
    await db
      .updateTable("bookings")
      .set({ roomId: await roomId(db, "110") })
      .where("id", "=", ours.kind === "booked" ? ours.booking.id : "")
      .execute();
    await syncFeedNow(db, feed.id, SETTINGS);
    // The "Not available" window lies within the channel's own booking: it stays without a hold.
    expect(await holds(db, "109")).toEqual([{ nights: range(day(151), day(154)), channel: true }]);
    expect((await listOpenConflicts(db)).find((entry) => entry.roomNumber === "109")).toBeUndefined();
  });

  it("a stay whose UID the channel changed moves to the new UID; overlaps within one channel raise no conflict", async () => {
    const { db } = getDatabase();
    const feed = await newFeed(db, "117");
    feeds.play(feed.path, {
      body: channelCalendar([{ uid: "old-uid@airbnb.com", from: day(220), to: day(223) }]),
    });
    await syncFeedNow(db, feed.id, SETTINGS);
    feeds.play(feed.path, {
      body: channelCalendar([
        { uid: "new-uid@airbnb.com", from: day(220), to: day(223) },
        { uid: "twice@airbnb.com", from: day(222), to: day(224) },
      ]),
    });
    expect(await syncFeedNow(db, feed.id, SETTINGS)).toMatchObject({ added: 2, conflicts: 0 });
    expect(await holds(db, "117")).toEqual([{ nights: range(day(220), day(223)), channel: true }]);
    expect((await blocks(db, feed.id)).map((block) => [block.uid, block.holds])).toEqual([
      ["new-uid@airbnb.com", true],
      ["twice@airbnb.com", false],
    ]);
  });

  it("two instances reading at once: each feed is fetched by one of them, and a conflict is raised once", async () => {
    const { db, handle } = getDatabase();
    await book(db, "111", day(200), day(202));
    const created = [await newFeed(db, "111"), await newFeed(db, "112"), await newFeed(db, "113")];
    for (const feed of created) {
      feeds.play(feed.path, {
        delayMs: 100,
        body: channelCalendar([{ uid: `both-${feed.id}@airbnb.com`, from: day(200), to: day(201) }]),
      });
    }
    // Every other feed of this database is read already (not due for ten minutes).
    await db
      .updateTable("channelFeeds")
      .set({ lastAttemptAt: new Date() })
      .where(
        "id",
        "not in",
        created.map((feed) => feed.id),
      )
      .execute();
    // A second instance: its own connections to the same database (PGlite has one; both share it).
    const second = handle.pglite ? null : openDatabase(await connectionOf(getDatabase()));
    const secondDb = second ? await second.ready() : db;
    try {
      const settings = { ...SETTINGS, intervalMinutes: 10 };
      const [a, b] = await Promise.all([syncDueFeeds(db, settings), syncDueFeeds(secondDb, settings)]);
      expect(a + b).toBe(3);
    } finally {
      await second?.close();
    }
    for (const feed of created) expect(feeds.hits(feed.path)).toBe(1);
    const conflicts = await db
      .selectFrom("channelConflicts as k")
      .innerJoin("channelBlocks as b", "b.id", "k.blockId")
      .select("k.id")
      .where("b.feedId", "=", created[0]!.id)
      .execute();
    expect(conflicts).toHaveLength(1);
  });

  it("claims a feed once while it is being read, and removing a feed frees its nights", async () => {
    const { db } = getDatabase();
    const feed = await newFeed(db, "114");
    feeds.play(feed.path, { body: channelCalendar([{ uid: "r@airbnb.com", from: day(210), to: day(212) }]) });
    const claimed = await claimFeed(db, { feedId: feed.id });
    expect(claimed).toBeDefined();
    expect(await syncFeedNow(db, feed.id, SETTINGS)).toBe("busy");
    await syncFeed(db, claimed!, SETTINGS);
    expect(await holds(db, "114")).toHaveLength(1);
    await applyFeed(db, { id: feed.id, roomId: await roomId(db, "114"), name: "Airbnb" }, null, SETTINGS);
    expect(await holds(db, "114")).toHaveLength(1);
    await db.deleteFrom("channelFeeds").where("id", "=", feed.id).execute();
    expect(await holds(db, "114")).toEqual([]);
  });
});

async function lodgeMails(db: DB) {
  return db
    .selectFrom("outbox")
    .select(["subject", "payload", "template"])
    .where("template", "=", "channel-conflict")
    .orderBy("id")
    .execute();
}

/** The PostgreSQL address the suite's database was opened with. */
async function connectionOf(database: { db: DB }) {
  const { rows } = await (
    await import("kysely")
  ).sql<{ name: string }>`select current_database() as name`.execute(database.db);
  const url = new URL(process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${rows[0]!.name}`;
  return { databaseUrl: url.href, dataDir: "unused", connectTimeoutMs: 30_000 };
}
