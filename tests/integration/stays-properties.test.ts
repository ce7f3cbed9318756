import fc from "fast-check";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { changeStayStatus, moveStay } from "../../app/features/requests/request-status.server.ts";
import { listRooms } from "../../app/features/stays/rooms.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { addDays, lodgeToday, stayNights } from "../../app/shared/dates.ts";
import { canChangeStay, holdsRoom } from "../../app/features/requests/stay-lifecycle.ts";
import { type StayStatus } from "../../app/shared/db/schema.ts";
import { book, reserve, roomId } from "./stay-fixtures.ts";
import { ledgerDrift, overlappingStays } from "./stays-invariants.ts";
import { describeEachEngine } from "./test-database.ts";

// Random sequences of bookings, reservations, cancellations, check-ins and check-outs and moves over
// a few rooms, run against the database and against a plain model of held nights side by side.
// After every sequence no two holding stays of one room overlap, the ledger matches the
// requests, and the derived status of every room on every day matches the model.

const ROOMS = ["131", "132", "133"] as const;
const DAYS = 12;

type Command =
  | { op: "book" | "reserve"; room: number; start: number; nights: number }
  | { op: "status"; stay: number; to: StayStatus }
  | { op: "move"; stay: number; room: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constantFrom("book" as const, "reserve" as const),
    room: fc.integer({ min: 0, max: ROOMS.length - 1 }),
    start: fc.integer({ min: 0, max: DAYS - 1 }),
    // 0 is a same-day stay: one night.
    nights: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({
    op: fc.constant("status" as const),
    stay: fc.nat({ max: 30 }),
    to: fc.constantFrom<StayStatus>(
      "Confirmed",
      "Checked in",
      "Checked out",
      "Cancelled",
      "Declined",
      "No-show",
    ),
  }),
  fc.record({
    op: fc.constant("move" as const),
    stay: fc.nat({ max: 30 }),
    room: fc.integer({ min: 0, max: ROOMS.length - 1 }),
  }),
);

interface ModelStay {
  id: string;
  kind: "booking" | "reservation";
  room: number;
  from: string;
  until: string;
  status: StayStatus;
}

const overlaps = (a: { from: string; until: string }, b: { from: string; until: string }) =>
  a.from < b.until && b.from < a.until;

function freeInModel(
  stays: ModelStay[],
  room: number,
  nights: { from: string; until: string },
  except?: string,
) {
  return !stays.some((s) => s.id !== except && s.room === room && holdsRoom(s.status) && overlaps(s, nights));
}

async function reset(db: DB) {
  await sql`truncate bookings, reservations, room_closures, request_history cascade`.execute(db);
}

describeEachEngine("stays, random sequences", (getDatabase) => {
  it("never hold one room twice for a night, and derive status from the stays", async () => {
    const { db } = getDatabase();
    const roomIds = await Promise.all(ROOMS.map((number) => roomId(db, number)));
    const today = lodgeToday();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        await reset(db);
        const model: ModelStay[] = [];
        for (const c of commands) {
          if (c.op === "book" || c.op === "reserve") {
            const checkIn = addDays(today, c.start);
            const checkOut = addDays(checkIn, c.nights);
            const nights = stayNights(checkIn, checkOut);
            const expectFree = freeInModel(model, c.room, nights);
            const result =
              c.op === "book"
                ? await book(db, ROOMS[c.room]!, checkIn, checkOut)
                : await reserve(db, ROOMS[c.room]!, checkIn, checkOut);
            expect(result.kind !== "taken").toBe(expectFree);
            if (result.kind === "booked") {
              model.push({
                id: result.booking.id,
                kind: "booking",
                room: c.room,
                ...nights,
                status: "Confirmed",
              });
            } else if (result.kind === "saved") {
              model.push({
                id: result.record.id,
                kind: "reservation",
                room: c.room,
                ...nights,
                status: "Pending",
              });
            }
          } else if (model.length > 0 && (c.op === "status" || c.op === "move")) {
            const stay = model[c.stay % model.length]!;
            if (c.op === "status") {
              const result = await changeStayStatus(db, stay.kind, stay.id, c.to, { actor: "staff" });
              // Moving along the lifecycle never takes a room: it only keeps or releases one.
              expect(result.kind).toBe(canChangeStay(stay.status, c.to) ? "changed" : "not-allowed");
              if (result.kind === "changed") stay.status = c.to;
            } else {
              const result = await moveStay(db, stay.kind, stay.id, roomIds[c.room]!, { actor: "staff" });
              if (!holdsRoom(stay.status)) {
                expect(result.kind).toBe("not-holding");
              } else if (freeInModel(model, c.room, stay, stay.id)) {
                expect(result.kind).toBe("moved");
                stay.room = c.room;
              } else {
                expect(result.kind).toBe("taken");
              }
            }
          }
        }
        expect(await overlappingStays(db)).toEqual([]);
        expect(await ledgerDrift(db)).toBe(0);
        for (let d = 0; d < DAYS + 4; d++) {
          const date = addDays(today, d);
          const rooms = await listRooms(db, date);
          ROOMS.forEach((number, index) => {
            const holder = model.find(
              (s) => s.room === index && holdsRoom(s.status) && s.from <= date && date < s.until,
            );
            const room = rooms.find((r) => r.roomNumber === number);
            expect(room?.status).toBe(holder ? "Occupied" : "Available");
            expect(room?.currentBooking?.bookingId ?? null).toBe(holder?.id ?? null);
          });
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
