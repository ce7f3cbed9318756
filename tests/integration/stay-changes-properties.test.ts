import fc from "fast-check";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { extendStay, moveStayRoom, shortenStay } from "../../app/features/desk/stay-changes.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { book, roomId } from "./stay-fixtures.ts";
import { ledgerDrift, overlappingStays } from "./stays-invariants.ts";
import { describeEachEngine } from "./test-database.ts";

// Random sequences of bookings, check-ins, moves (from tonight for a guest in), extensions and
// shortenings over a few rooms, against a plain model of the nights each stay holds in its room.
// Every answer is the model's, and after every sequence no two holding stays of one room overlap
// and the ledger matches the stays.

const ROOMS = ["127", "128", "129"] as const;
const by = { actor: "staff" as const };

type Command =
  | { op: "book"; room: number; start: number; nights: number }
  | { op: "check-in"; stay: number }
  | { op: "move"; stay: number; room: number; keep: boolean }
  | { op: "extend"; stay: number; nights: number }
  | { op: "shorten"; stay: number; nights: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant("book" as const),
    room: fc.integer({ min: 0, max: ROOMS.length - 1 }),
    start: fc.integer({ min: -3, max: 8 }),
    nights: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ op: fc.constant("check-in" as const), stay: fc.nat({ max: 20 }) }),
  fc.record({
    op: fc.constant("move" as const),
    stay: fc.nat({ max: 20 }),
    room: fc.integer({ min: 0, max: ROOMS.length - 1 }),
    keep: fc.boolean(),
  }),
  fc.record({
    op: fc.constant("extend" as const),
    stay: fc.nat({ max: 20 }),
    nights: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    op: fc.constant("shorten" as const),
    stay: fc.nat({ max: 20 }),
    nights: fc.integer({ min: 1, max: 3 }),
  }),
);

interface ModelStay {
  id: string;
  room: number;
  checkIn: string;
  /** The first night held in its room, and the day after the last. */
  from: string;
  until: string;
  checkedIn: boolean;
}

const overlaps = (a: { from: string; until: string }, b: { from: string; until: string }) =>
  a.from < b.until && b.from < a.until;

const free = (model: ModelStay[], room: number, nights: { from: string; until: string }, except?: string) =>
  !model.some((s) => s.id !== except && s.room === room && overlaps(s, nights));

async function reset(db: DB) {
  await sql`truncate bookings, reservations, room_closures, request_history, outbox cascade`.execute(db);
}

describeEachEngine("stay changes, random sequences", (getDatabase) => {
  it("never leave two holding stays of one room overlapping", async () => {
    const { db } = getDatabase();
    const roomIds = await Promise.all(ROOMS.map((number) => roomId(db, number)));
    const today = lodgeToday();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        await reset(db);
        const model: ModelStay[] = [];
        for (const c of commands) {
          if (c.op === "book") {
            const checkIn = addDays(today, c.start);
            const nights = { from: checkIn, until: addDays(checkIn, c.nights) };
            const result = await book(db, ROOMS[c.room]!, checkIn, nights.until);
            expect(result.kind === "booked").toBe(free(model, c.room, nights));
            if (result.kind === "booked")
              model.push({ id: result.booking.id, room: c.room, checkIn, ...nights, checkedIn: false });
            continue;
          }
          const stay = model[c.stay % Math.max(model.length, 1)];
          if (!stay) continue;
          if (c.op === "check-in") {
            const result = await changeStayStatus(db, "booking", stay.id, "Checked in", by);
            expect(result.kind).toBe(stay.checkedIn ? "not-allowed" : "changed");
            stay.checkedIn = true;
          } else if (c.op === "move") {
            const result = await moveStayRoom(
              db,
              "booking",
              stay.id,
              { roomId: roomIds[c.room]!, keepPrice: c.keep, today },
              by,
            );
            const from = stay.checkedIn && today > stay.checkIn ? today : stay.checkIn;
            const nights = { from, until: stay.until };
            if (c.room === stay.room || from >= stay.until) expect(result.kind).toBe("refused");
            else if (free(model, c.room, nights, stay.id)) {
              expect(result.kind).toBe("changed");
              Object.assign(stay, { room: c.room, ...nights });
            } else expect(result.kind).toBe("taken");
          } else if (c.op === "extend") {
            const until = addDays(stay.until, c.nights);
            const result = await extendStay(db, "booking", stay.id, until, by);
            if (free(model, stay.room, { from: stay.until, until }, stay.id)) {
              expect(result.kind).toBe("changed");
              stay.until = until;
            } else expect(result.kind).toBe("taken");
          } else {
            const checkOut = addDays(stay.until, -c.nights);
            const result = await shortenStay(db, "booking", stay.id, { checkOut, today }, by);
            if (checkOut <= stay.checkIn || checkOut <= stay.from || checkOut < today)
              expect(result.kind).toBe("refused");
            else {
              expect(result.kind).toBe("changed");
              stay.until = checkOut;
            }
          }
        }
        expect(await overlappingStays(db)).toEqual([]);
        expect(await ledgerDrift(db)).toBe(0);
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
