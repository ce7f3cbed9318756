import fc from "fast-check";
import { expect, it } from "vitest";
import { applyFeed } from "../../app/features/channels/channel-sync.server.ts";
import { parseFeed } from "../../app/features/channels/feed-parse.server.ts";
import { ensureExportTokens, exportTokens, roomFeed } from "../../app/features/channels/room-feed.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { roomId } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// Export → import keeps every held night exactly: the nights room A holds (closures and stays,
// including one-night and touching ones) come back as the same nights held in room B once B imports
// A's feed, and A's own import of its feed ignores every event (they are ours: no loop).

const day = (n: number) => addDays(lodgeToday(), n);

/** Disjoint stays as [first night, check-out) offsets from today, touching allowed. */
const stays = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 5 })), { maxLength: 8 })
  .map((gaps) => {
    let at = 1;
    return gaps.map(([gap, length]) => {
      const from = at + gap;
      at = from + length;
      return { from, to: from + length };
    });
  });

function nightsOf(ranges: { from: string; to: string }[]): string[] {
  const nights: string[] = [];
  for (const { from, to } of ranges)
    for (let night = from; night < to; night = addDays(night, 1)) nights.push(night);
  return nights.sort();
}

async function heldNights(db: DB, room: number): Promise<string[]> {
  const rows = await db.selectFrom("roomHolds").select(["nights"]).where("roomId", "=", room).execute();
  return nightsOf(
    rows.map((row) => {
      const [, from = "", to = ""] = /^\[(.*),(.*)\)$/.exec(row.nights) ?? [];
      return { from, to };
    }),
  );
}

describeEachEngine("calendar sync: export then import", (getDatabase) => {
  it("round-trips every held night exactly", async () => {
    const { db } = getDatabase();
    const [a, b] = [await roomId(db, "115"), await roomId(db, "116")];
    await ensureExportTokens(db);
    const token = (await exportTokens(db)).get(a)!;
    const feed = await db
      .insertInto("channelFeeds")
      .values({ roomId: b, name: "Room 115", url: "http://unused.test/feed.ics" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await fc.assert(
      fc.asyncProperty(stays, async (ranges) => {
        await db.deleteFrom("roomClosures").where("roomId", "=", a).execute();
        await db.deleteFrom("channelBlocks").where("feedId", "=", feed.id).execute();
        for (const { from, to } of ranges) {
          await db
            .insertInto("roomClosures")
            .values({ roomId: a, startsOn: day(from), endsOn: day(to), reason: "Test" })
            .execute();
        }
        const exported = await roomFeed(db, token, { today: lodgeToday(), domain: "lodge.test" });
        const ours = parseFeed(exported!.body);
        expect(ours.kind === "parsed" && ours.feed).toMatchObject({ events: [], own: ranges.length });
        const parsed = parseFeed(exported!.body, { isOwn: () => false });
        if (parsed.kind !== "parsed") throw new Error(parsed.message);
        await applyFeed(db, { id: feed.id, roomId: b, name: "Room 115" }, parsed.feed, { graceMinutes: 0 });
        expect(await heldNights(db, b)).toEqual(await heldNights(db, a));
        expect(await heldNights(db, a)).toEqual(
          nightsOf(ranges.map(({ from, to }) => ({ from: day(from), to: day(to) }))),
        );
      }),
      { numRuns: 30 },
    );
  });
});
