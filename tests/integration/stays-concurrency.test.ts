import { expect, it } from "vitest";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { insertReservation } from "../../app/features/stays/reservations.server.ts";
import { addDays, lodgeToday, stayNights } from "../../app/shared/dates.ts";
import { GUEST } from "./stay-fixtures.ts";
import { ledgerDrift, overlappingStays } from "./stays-invariants.ts";
import { describeEachEngine } from "./test-database.ts";

// 200 simultaneous requests for random, overlapping stays over 5 rooms. On PostgreSQL
// they run truly in parallel over a pool of connections (PGlite serialises them); either way the
// ledger's exclusion constraint must let through only stays that do not overlap, and refuse only
// stays that overlap a winner.

const ROOMS = ["126", "127", "128", "129", "130"];
const REQUESTS = 200;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % max;
  };
}

describeEachEngine("stays under concurrency", (getDatabase, engine) => {
  it(`commits no overlap among ${REQUESTS} simultaneous requests over ${ROOMS.length} rooms`, async () => {
    const { db } = getDatabase();
    const rooms = await db.selectFrom("rooms").selectAll().where("roomNumber", "in", ROOMS).execute();
    const next = random(20_261_123);
    const today = lodgeToday();
    const requests = Array.from({ length: REQUESTS }, (_, i) => {
      const room = rooms[next(rooms.length)]!;
      const checkIn = addDays(today, 1 + next(20));
      const checkOut = addDays(checkIn, next(4)); // 0 to 3: same-day stays too
      return { i, room, checkIn, checkOut, asReservation: i % 3 === 0 };
    });

    const started = performance.now();
    const results = await Promise.all(
      requests.map(async (r) => {
        const guest = { ...GUEST, name: `Guest ${r.i}`, submissionId: `concurrent-${r.i}` };
        if (!r.asReservation) {
          const result = await bookRoom(db, {
            ...guest,
            roomId: r.room.id,
            checkIn: r.checkIn,
            checkOut: r.checkOut,
          });
          return { ...r, won: result.kind === "booked" };
        }
        const result = await insertReservation(db, {
          ...guest,
          source: "reservation-page",
          message: null,
          roomId: r.room.id,
          roomNumber: r.room.roomNumber,
          roomType: r.room.type,
          checkIn: r.checkIn,
          checkOut: r.checkOut,
          numberOfPeople: 2,
          roomCount: 1,
        });
        return { ...r, won: result.kind === "saved" };
      }),
    );
    const elapsed = Math.round(performance.now() - started);
    const winners = results.filter((r) => r.won);
    const losers = results.filter((r) => !r.won);
    console.info(
      `[${engine}] ${REQUESTS} simultaneous stay requests over ${ROOMS.length} rooms: ` +
        `${winners.length} committed, ${losers.length} refused as taken, ${elapsed} ms`,
    );

    expect(await overlappingStays(db)).toEqual([]);
    expect(await ledgerDrift(db)).toBe(0);
    // Every refusal was for a stay that overlaps a committed one: nothing was refused for nothing.
    const nights = (r: (typeof results)[number]) => stayNights(r.checkIn, r.checkOut);
    for (const loser of losers) {
      const blocker = winners.find(
        (w) =>
          w.room.id === loser.room.id &&
          nights(w).from < nights(loser).until &&
          nights(loser).from < nights(w).until,
      );
      expect(blocker, `request ${loser.i} was refused without an overlapping winner`).toBeDefined();
    }
    const stored =
      Number(
        (
          await db
            .selectFrom("bookings")
            .select(db.fn.countAll().as("n"))
            .where("name", "like", "Guest %")
            .executeTakeFirstOrThrow()
        ).n,
      ) +
      Number(
        (
          await db
            .selectFrom("reservations")
            .select(db.fn.countAll().as("n"))
            .where("name", "like", "Guest %")
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(stored).toBe(winners.length);
    expect(losers.length).toBeGreaterThan(0);
  }, 60_000);
});
