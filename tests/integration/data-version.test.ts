import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { insertContactMessage } from "../../app/features/contact/contact-messages.server.ts";
import { dataVersionReader, readDataVersion } from "../../app/shared/db/data-version.server.ts";
import { openDatabase } from "../../app/shared/db/database.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import { insertVenueBooking } from "../../app/features/venues/venue-bookings.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { book, GUEST } from "./stay-fixtures.ts";
import { describeEachEngine, throwawayDatabase } from "./test-database.ts";

// The data version (migration 2026-11-24-1-data-version) keys the pages the server keeps
// (server/page-pipeline.ts, ADR 0013): it must move with every change a public page can show,
// and only when that change is committed.

const today = lodgeToday();

describeEachEngine("data version", (getDatabase, engine) => {
  /** Whether running `change` moved the version. */
  async function moves(change: () => Promise<unknown>): Promise<boolean> {
    const { db } = getDatabase();
    const before = await readDataVersion(db);
    await change();
    return (await readDataVersion(db)) !== before;
  }

  it("moves with a booking, a status change that frees the room, a price and a venue", async () => {
    const { db } = getDatabase();
    let bookingId = "";
    expect(
      await moves(async () => {
        const result = await book(db, "101", addDays(today, 3), addDays(today, 5));
        if (result.kind !== "booked") throw new Error(`not booked: ${result.kind}`);
        bookingId = result.booking.id;
      }),
    ).toBe(true);
    expect(
      await moves(() => changeStayStatus(db, "booking", bookingId, "Cancelled", { actor: "staff" })),
    ).toBe(true);
    expect(
      await moves(() =>
        db.updateTable("rooms").set({ price: 1234 }).where("roomNumber", "=", "102").execute(),
      ),
    ).toBe(true);
    expect(await moves(() => db.updateTable("venues").set({ price: 4321 }).execute())).toBe(true);
    const venue = await db.selectFrom("venues").selectAll().executeTakeFirstOrThrow();
    expect(
      await moves(() =>
        insertVenueBooking(db, {
          name: GUEST.name,
          email: GUEST.email,
          phone: GUEST.phone,
          paymentMethod: GUEST.paymentMethod,
          submissionId: null,
          venueId: venue.id,
          venueName: venue.venue,
          totalPrice: venue.price,
          bookingDate: addDays(today, 9),
          numberOfPeople: 40,
        }),
      ),
    ).toBe(true);
  });

  it("stays put for writes no public page shows", async () => {
    const { db } = getDatabase();
    expect(
      await moves(() =>
        insertContactMessage(db, {
          name: "Ada",
          email: "ada@example.com",
          subject: null,
          message: "Hello",
          submissionId: null,
        }),
      ),
    ).toBe(false);
  });

  it("stays put for a change rolled back", async () => {
    const { db } = getDatabase();
    expect(
      await moves(() =>
        db
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable("rooms").set({ price: 999 }).execute();
            throw new Error("rolled back");
          })
          .catch(() => undefined),
      ),
    ).toBe(false);
  });

  if (engine === "postgres") {
    it("moves only when the change commits, seen from another connection", async () => {
      const { db } = getDatabase();
      const before = await readDataVersion(db);
      await db.connection().execute(async (writer) => {
        await sql`begin`.execute(writer);
        await writer.updateTable("rooms").set({ price: 777 }).where("roomNumber", "=", "103").execute();
        // The pool's other connections still see the old version, and the old price.
        expect(await readDataVersion(db)).toBe(before);
        await sql`commit`.execute(writer);
      });
      expect(await readDataVersion(db)).not.toBe(before);
    });
  }
});

describe("the data version as the page cache reads it", () => {
  it("on the embedded database, is read again only after a statement that may write, and then is new", async () => {
    // The run's migrated copy: a new database's initdb and migrations are not what is tested, and
    // on a loaded machine they alone outlast a test's time.
    const { config } = await throwawayDatabase("pglite", { migrated: true });
    const handle = openDatabase(config);
    const db = await handle.ready();
    const counted = { reads: 0 };
    const read = dataVersionReader(
      Object.assign(Object.create(db) as typeof db, {
        selectFrom: (...args: Parameters<typeof db.selectFrom>) => {
          counted.reads += 1;
          return db.selectFrom(...args);
        },
      }),
      handle.writes,
    );
    const first = await read();
    expect(await read()).toBe(first);
    await db.selectFrom("rooms").selectAll().execute();
    expect(await read()).toBe(first);
    expect(counted.reads).toBe(1);

    await db.updateTable("rooms").set({ price: 555 }).where("roomNumber", "=", "104").execute();
    const second = await read();
    expect(second).not.toBe(first);
    await sql`update venues set price = price + 1`.execute(db);
    const third = await read();
    expect(third).not.toBe(second);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("rooms").set({ price: 556 }).where("roomNumber", "=", "104").execute();
    });
    expect(await read()).not.toBe(third);
    expect(counted.reads).toBe(4);
    await handle.close();
  });

  it("on a PostgreSQL server, which other instances write to, is read every time", () => {
    let reads = 0;
    const db = {
      selectFrom: () => (
        (reads += 1),
        { select: () => ({ executeTakeFirstOrThrow: async () => ({ version: "1" }) }) }
      ),
    };
    const read = dataVersionReader(db as never, null);
    void read();
    void read();
    expect(reads).toBe(2);
  });
});
