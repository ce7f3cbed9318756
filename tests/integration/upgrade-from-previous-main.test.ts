import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listHistory } from "../../app/features/requests/request-history.server.ts";
import { bookRoom, listRooms } from "../../app/features/stays/rooms.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { expectSnapshotOfStoredPrices } from "./kept-prices-snapshot.ts";
import { readFixture, restoreFixture } from "./restore-fixture.ts";
import { ENGINES, type Engine } from "./test-database.ts";

// A database made by the main before stays (commit 4c977e5), through its own code
// (fixtures/previous-main.sql says how), must start on this version and keep every row
// (decisions.md 23-25). The main of 2026-11-24: upgrade-from-main-2026-11-24.test.ts.
const FIXTURE = readFixture("previous-main.sql");

const restorePreviousMain = (engine: Engine) => restoreFixture(engine, FIXTURE);

/** A table's requests by guest name (the fixture gives every request its own). */
async function byName(db: DB, table: "bookings" | "reservations" | "venueBookings") {
  const rows =
    table === "bookings"
      ? await db.selectFrom("bookings").select(["id", "name", "status", "reference"]).execute()
      : table === "reservations"
        ? await db.selectFrom("reservations").select(["id", "name", "status", "reference"]).execute()
        : await db.selectFrom("venueBookings").select(["id", "name", "status", "reference"]).execute();
  return new Map<string, { id: string; name: string; status: string; reference: string }>(
    rows.map((row) => [row.name, row]),
  );
}

for (const engine of ENGINES) {
  describe(`upgrade from the previous main [${engine}]`, () => {
    let restored: Awaited<ReturnType<typeof restorePreviousMain>>;
    let db: DB;
    beforeAll(async () => {
      restored = await restorePreviousMain(engine);
      db = await restored.handle.ready();
    });
    afterAll(() => restored?.cleanUp());

    it("keeps every row", async () => {
      const count = async (table: "rooms" | "venues" | "bookings" | "reservations" | "venueBookings") =>
        Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
      expect(await count("rooms")).toBe(35);
      expect(await count("venues")).toBe(3);
      expect(await count("bookings")).toBe(4);
      expect(await count("reservations")).toBe(6);
      expect(await count("venueBookings")).toBe(3);
      const messages = await db
        .selectFrom("contactMessages")
        .select(["name", "message"])
        .orderBy("id")
        .execute();
      expect(messages).toEqual([
        { name: "Mutale", message: "Is there parking for a bus?" },
        { name: "Bwalya", message: "Do you host weddings?\nThanks" },
      ]);
      const emails = await db.selectFrom("newsletterSubscriptions").select("email").orderBy("id").execute();
      expect(emails.map((row) => row.email)).toEqual(["news@example.com", "second@example.com"]);
    });

    it("turns dialog bookings into Confirmed stays and keeps their references", async () => {
      const bookings = await byName(db, "bookings");
      for (const name of ["Guest 1", "Guest 2", "Guest 3"]) {
        expect(bookings.get(name)?.status).toBe("Confirmed");
        expect(bookings.get(name)?.reference).toMatch(/^LDG-/);
      }
    });

    it("lets the first of overlapping requests hold its room and declines the later ones, with a reason", async () => {
      const reservations = await byName(db, "reservations");
      expect(reservations.get("Guest 4")?.status).toBe("Pending");
      expect(reservations.get("Guest 5")?.status).toBe("Declined"); // overlaps Guest 4
      expect(reservations.get("Guest 6")?.status).toBe("Pending"); // touches Guest 4's check-out
      expect(reservations.get("Guest 7")?.status).toBe("Declined"); // overlaps booking of Guest 2
      expect(reservations.get("Guest 8")?.status).toBe("Pending"); // a one-night stay
      const history = await listHistory(db, "reservation", reservations.get("Guest 5")!.id);
      expect(history.map((entry) => [entry.fromStatus, entry.toStatus, entry.actor])).toEqual([
        [null, "Pending", "guest"],
        ["Pending", "Declined", "system"],
      ]);
      expect(history[1]?.note).toContain("Room 104");

      const venues = await byName(db, "venueBookings");
      expect(venues.get("Guest 9")?.status).toBe("Pending");
      expect(venues.get("Guest 10")?.status).toBe("Declined");
      expect(venues.get("Guest 11")?.status).toBe("Pending");
      const venueHistory = await listHistory(db, "venue-booking", venues.get("Guest 10")!.id);
      expect(venueHistory.map((entry) => [entry.fromStatus, entry.toStatus, entry.actor])).toEqual([
        [null, "Pending", "guest"],
        ["Pending", "Declined", "system"],
      ]);
    });

    it("declines a dialog booking made after an overlapping reservation, from what it was: Confirmed", async () => {
      const reservations = await byName(db, "reservations");
      const bookings = await byName(db, "bookings");
      expect(reservations.get("Guest 12")?.status).toBe("Pending"); // made first: holds room 106
      expect(bookings.get("Guest 13")?.status).toBe("Declined"); // made later, overlapping nights
      expect(bookings.get("Guest 13")?.reference).toBe("LDG-Q7MWX4");
      const history = await listHistory(db, "booking", bookings.get("Guest 13")!.id);
      // Its 'Occupied' became 'Confirmed' before the nights were checked: that is what was declined.
      expect(history.map((entry) => [entry.fromStatus, entry.toStatus, entry.actor])).toEqual([
        [null, "Confirmed", "guest"],
        ["Confirmed", "Declined", "system"],
      ]);
      expect(history[1]?.note).toContain("Room 106");
      const holder = await listHistory(db, "reservation", reservations.get("Guest 12")!.id);
      expect(holder.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([[null, "Pending"]]);
      // Room 106's nights belong to the reservation alone.
      const night = new Map((await listRooms(db, "2027-02-03")).map((room) => [room.roomNumber, room]));
      expect(night.get("106")?.status).toBe("Occupied");
      expect(night.get("106")?.currentBooking?.guestName).toBe("Guest 12");
      const after = new Map((await listRooms(db, "2027-02-04")).map((room) => [room.roomNumber, room]));
      expect(after.get("106")?.status).toBe("Available");
    });

    it("derives room status from the carried-over stays", async () => {
      const rooms = new Map((await listRooms(db, "2026-11-23")).map((room) => [room.roomNumber, room]));
      expect(rooms.get("101")?.status).toBe("Occupied");
      expect(rooms.get("101")?.currentBooking?.guestName).toBe("Guest 1");
      // Guest 3's one-night stay was the night of 22 November: over by the 23rd.
      expect(rooms.get("103")?.status).toBe("Available");
      expect(rooms.get("102")?.status).toBe("Available");
      const christmas = new Map((await listRooms(db, "2026-12-24")).map((room) => [room.roomNumber, room]));
      expect(christmas.get("102")?.currentBooking?.guestName).toBe("Guest 2");
    });

    it("gives every stay its nights and every request its tax lines, equal to what it stored", async () => {
      await expectSnapshotOfStoredPrices(db);
    });

    it("holds the carried-over nights against new bookings", async () => {
      const room104 = await db
        .selectFrom("rooms")
        .select("id")
        .where("roomNumber", "=", "104")
        .executeTakeFirstOrThrow();
      const guest = {
        roomId: room104.id,
        name: "New Guest",
        email: "new@example.com",
        phone: "+260 97 111 2222",
        paymentMethod: "Cash" as const,
        adults: 1,
        children: 0,
        submissionId: null,
      };
      expect(await bookRoom(db, { ...guest, checkIn: "2026-12-02", checkOut: "2026-12-03" })).toEqual({
        kind: "taken",
      });
      // Guest 5's declined nights are free again.
      const after = await bookRoom(db, { ...guest, checkIn: "2026-12-05", checkOut: "2026-12-06" });
      expect(after.kind).toBe("booked");
    });
  });
}
