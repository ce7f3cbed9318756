import { expect, it } from "vitest";
import { seedHistory } from "../../bench/history-seed.ts";
import { describeEachEngine } from "./test-database.ts";

// The seeding of history writes a few hundred rows per transaction, so other requests get in
// between (on the embedded database one query runs at a time) and see the history grow.

const SIZE = { years: 1, bookings: 700, reservations: 300, venueBookings: 20, messages: 40, subscribers: 60 };

describeEachEngine("the seeding of history in slices", (getDatabase) => {
  const db = () => getDatabase().db;

  it("commits slice by slice: a query in between sees part of the stays before the seed ends", async () => {
    let done = false;
    const seeding = seedHistory(db(), SIZE).finally(() => (done = true));
    let partWhileSeeding: number | null = null;
    while (!done && partWhileSeeding === null) {
      const { n } = await db()
        .selectFrom("bookings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(n) > 0 && !done) partWhileSeeding = Number(n);
    }
    const seeded = await seeding;
    expect(partWhileSeeding).not.toBeNull();
    expect(partWhileSeeding).toBeLessThan(seeded.bookings);
    expect(seeded).toMatchObject({ bookings: SIZE.bookings, reservations: SIZE.reservations });
  }, 120_000);
});
