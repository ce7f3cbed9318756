import { afterAll, beforeAll, expect, it } from "vitest";
import * as channels from "~/routes/staff/channels.tsx";
import * as today from "~/routes/staff/today.tsx";
import { listBoard } from "../../app/features/desk/inbox.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { channelCalendar, startFeedServer, type FeedServer } from "../channel-feeds.ts";
import { book, roomId } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";
import {
  afterRedirect,
  createStaff,
  outcome,
  routeArgs,
  signedIn,
  staffGet,
  staffPost,
  type Outcome,
} from "./staff-support.ts";

// /staff/channels (managers only): each room's export address, its imported feeds with their
// health and Sync now, the conflicts; every form safe to send twice and answered by a redirect.

const day = (n: number) => addDays(lodgeToday(), n);
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(async () => {
  await feeds.close();
});

describeEachEngine("/staff/channels", (getDatabase) => {
  let manager: string;
  let reception: string;
  const db = () => getDatabase().db;
  const run = (fn: (args: never) => unknown, request: Request): Promise<Outcome> =>
    outcome(fn(routeArgs(request, getDatabase().context())));
  const post = async (fields: Record<string, string>, cookie = manager) => {
    const request = staffPost("/staff/channels", fields, cookie);
    return afterRedirect(await run(channels.action, request), request, getDatabase().context());
  };

  beforeAll(async () => {
    const account = await createStaff(db(), "manager");
    manager = (await signedIn(db(), account.id)).cookie;
    const clerk = await createStaff(db(), "reception", account.id);
    reception = (await signedIn(db(), clerk.id)).cookie;
  });

  it("is for managers only", async () => {
    expect((await run(channels.loader, staffGet("/staff/channels", reception))).status).toBe(403);
    expect((await post({ intent: "rotate", roomId: "1" }, reception)).status).toBe(403);
  });

  it("adds a feed once, refuses a bad address beside its field, reads it now and shows a conflict on the page and on Today", async () => {
    const room = await roomId(db(), "118");
    const booked = await book(db(), "118", day(20), day(22));
    expect(booked.kind).toBe("booked");
    feeds.play("/airbnb-118.ics", {
      body: channelCalendar([
        { uid: "a@airbnb.com", from: day(21), to: day(23), description: "Reservation URL: HMPAGE" },
      ]),
    });
    const bad = await post({ intent: "add-feed", roomId: String(room), name: "Airbnb", url: "webcal:/x" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      fieldErrors: { url: "Please paste an address that starts with https://." },
    });

    const fields = {
      intent: "add-feed",
      roomId: String(room),
      name: "Airbnb",
      url: feeds.url("/airbnb-118.ics"),
      submissionId: "seed.add-feed",
    };
    const added = await post(fields);
    expect(added).toMatchObject({
      status: 303,
      data: { tone: "success", message: expect.stringContaining("Airbnb added") },
    });
    const repeated = await post(fields);
    expect(repeated.location).toBe(added.location);
    const rows = await db().selectFrom("channelFeeds").selectAll().where("roomId", "=", room).execute();
    expect(rows).toHaveLength(1);
    const again = await post({ ...fields, submissionId: "seed.add-feed-2" });
    expect(again).toMatchObject({
      status: 409,
      data: { fieldErrors: { url: "This room already imports that address." } },
    });

    const synced = await post({
      intent: "sync-feed",
      feedId: String(rows[0]!.id),
      submissionId: "seed.sync",
    });
    expect(synced).toMatchObject({
      status: 303,
      data: { tone: "success", message: "Feed read: 1 event, 1 new, 1 double booking." },
    });

    const page = await run(channels.loader, staffGet("/staff/channels", manager));
    const data = page.data as Awaited<ReturnType<typeof channels.loader>>;
    const listed = data.rooms.find((entry) => entry.id === room)!;
    expect(listed.exportUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(listed.feeds[0]).toMatchObject({
      name: "Airbnb",
      events: 1,
      holding: 0,
      notHolding: 1,
      lastError: null,
    });
    expect(data.conflicts[0]).toMatchObject({
      roomNumber: "118",
      channel: "Airbnb",
      details: "Reservation URL: HMPAGE",
      heldHere: [expect.objectContaining({ name: "Chanda Mwila", email: "chanda@example.com" })],
    });
    expect(data.conflicts[0]!.freeRooms.length).toBeGreaterThan(0);

    const todayPage = await run(today.loader, staffGet("/staff", reception));
    expect((todayPage.data as { channels: { conflicts: unknown[] } }).channels.conflicts).toHaveLength(1);

    // A failing channel: the page says so, and the conflict stays.
    feeds.play("/airbnb-118.ics", { status: 503, body: "" });
    const failed = await post({
      intent: "sync-feed",
      feedId: String(rows[0]!.id),
      submissionId: "seed.sync-2",
    });
    expect(failed).toMatchObject({
      status: 502,
      data: { tone: "error", message: expect.stringContaining("503") },
    });

    const rotated = await post({ intent: "rotate", roomId: String(room), submissionId: "seed.rotate" });
    expect(rotated).toMatchObject({ status: 303, data: { tone: "success" } });
    const after = (await run(channels.loader, staffGet("/staff/channels", manager))).data as typeof data;
    expect(after.rooms.find((entry) => entry.id === room)!.exportUrl).not.toBe(listed.exportUrl);

    const removed = await post({
      intent: "remove-feed",
      feedId: String(rows[0]!.id),
      submissionId: "seed.remove",
    });
    expect(removed).toMatchObject({
      status: 303,
      data: { message: "Airbnb removed: the nights it blocked are free again." },
    });
    expect(await db().selectFrom("channelBlocks").select("id").execute()).toHaveLength(0);
  });

  it("shows a channel's nights on the room board under the channel's name", async () => {
    const room = await roomId(db(), "119");
    feeds.play("/booking-119.ics", {
      body: channelCalendar([{ uid: "b@booking.com", from: day(40), to: day(42) }]),
    });
    await post({
      intent: "add-feed",
      roomId: String(room),
      name: "Booking.com",
      url: feeds.url("/booking-119.ics"),
      submissionId: "seed.add-119",
    });
    const feed = await db()
      .selectFrom("channelFeeds")
      .select("id")
      .where("roomId", "=", room)
      .executeTakeFirstOrThrow();
    await post({ intent: "sync-feed", feedId: String(feed.id), submissionId: "seed.sync-119" });
    const bars = await listBoard(db(), day(39), day(45));
    expect(bars.filter((bar) => bar.roomId === room)).toEqual([
      expect.objectContaining({
        kind: "channel",
        label: "Booking.com",
        status: "Held by a channel",
        startDay: 1,
        nights: 2,
      }),
    ]);
  });
});
