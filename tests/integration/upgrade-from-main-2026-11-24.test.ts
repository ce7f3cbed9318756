import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../app/shared/db/client.server.ts";
import { listInbox } from "../../app/features/desk/inbox.server.ts";
import { getLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { listHistory } from "../../app/features/requests/request-history.server.ts";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { expectSnapshotOfStoredPrices } from "./kept-prices-snapshot.ts";
import { readFixture, restoreFixture } from "./restore-fixture.ts";
import { ENGINES } from "./test-database.ts";

// A database made by main as of 2026-11-24 (the main before the third phase), through its own
// data layer (fixtures/main-2026-11-24.sql says what it holds), must start on this version and
// keep every row: its stays, their history, its staff, closures, prices, mails.
const FIXTURE = readFixture("main-2026-11-24.sql");

for (const engine of ENGINES) {
  describe(`upgrade from main of 2026-11-24 [${engine}]`, () => {
    let restored: Awaited<ReturnType<typeof restoreFixture>>;
    let db: DB;
    beforeAll(async () => {
      restored = await restoreFixture(engine, FIXTURE);
      db = await restored.handle.ready();
    });
    afterAll(() => restored?.cleanUp());

    async function statuses(table: "bookings" | "reservations" | "venueBookings") {
      const rows = await db.selectFrom(table).select(["name", "status"]).orderBy("name").execute();
      return Object.fromEntries(rows.map((row) => [row.name, row.status]));
    }

    it("keeps every request with its status", async () => {
      expect(await statuses("bookings")).toEqual({
        "Guest 1": "Checked out",
        "Guest 2": "Checked in",
        "Guest 3": "Confirmed",
        "Guest 4": "Cancelled",
        "Guest 5": "No-show",
      });
      expect(await statuses("reservations")).toEqual({
        "Guest 6": "Pending",
        "Guest 7": "Confirmed",
        "Guest 8": "Declined",
      });
      expect(await statuses("venueBookings")).toEqual({ "Guest 9": "Confirmed", "Guest 10": "Pending" });
      const message = await db
        .selectFrom("reservations")
        .select("message")
        .where("name", "=", "Guest 6")
        .executeTakeFirstOrThrow();
      expect(message.message).toBe("Late arrival, about 22:00");
    });

    it("keeps the history, the staff, their changes and the mails", async () => {
      const declined = await db
        .selectFrom("reservations")
        .select("id")
        .where("name", "=", "Guest 8")
        .executeTakeFirstOrThrow();
      const history = await listHistory(db, "reservation", declined.id);
      expect(history.map((entry) => [entry.fromStatus, entry.toStatus, entry.actor, entry.note])).toEqual([
        [null, "Pending", "guest", null],
        ["Pending", "Declined", "staff", "Fully booked for a wedding"],
      ]);
      const accounts = await db.selectFrom("staffAccounts").select(["email", "role"]).execute();
      expect(accounts).toEqual([{ email: "manager@example.com", role: "manager" }]);
      const room110 = await db
        .selectFrom("rooms")
        .select("price")
        .where("roomNumber", "=", "110")
        .executeTakeFirstOrThrow();
      expect(room110.price).toBe(1450);
      const audit = await db.selectFrom("staffAudit").select("subject").orderBy("id").execute();
      expect(audit.map((row) => row.subject)).toEqual(["room", "closure"]);
      const mails = Number(
        (await db.selectFrom("outbox").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
      );
      expect(mails).toBeGreaterThanOrEqual(10);
    });

    it("marks every earlier request as from the web, with nothing paid, and the default settings", async () => {
      for (const table of ["bookings", "reservations", "venueBookings"] as const) {
        const channels = await db.selectFrom(table).select("channel").distinct().execute();
        expect(channels).toEqual([{ channel: "web" }]);
      }
      const payments = await db
        .selectFrom("payments")
        .select(db.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(payments.n)).toBe(0);
      expect(await getLodgeSettings(db)).toMatchObject({ vatRegistered: false, depositPolicy: "none" });
    });

    it("keeps every request's price as a snapshot of nights and tax lines", async () => {
      await expectSnapshotOfStoredPrices(db);
    });

    it("keeps every earlier e-mail, and takes a desk booking without one (migration 2026-11-25-3)", async () => {
      for (const table of ["bookings", "reservations", "venueBookings"] as const) {
        const missing = await db.selectFrom(table).select("id").where("email", "is", null).execute();
        expect(missing).toEqual([]);
      }
      const room = await db
        .selectFrom("rooms")
        .select("id")
        .where("roomNumber", "=", "120")
        .executeTakeFirstOrThrow();
      const desk = await bookRoom(db, {
        name: "Phone Guest",
        email: null,
        phone: "+260 97 333 4444",
        paymentMethod: "Cash",
        adults: 1,
        children: 0,
        submissionId: null,
        roomId: room.id,
        checkIn: "2027-01-10",
        checkOut: "2027-01-11",
        channel: "phone",
      });
      expect(desk).toMatchObject({ kind: "booked", booking: { email: null, channel: "phone" } });
    });

    it("keeps every message, with its lower-cased search text, found by part of its name or e-mail (migration 2026-11-25-9)", async () => {
      const messages = await db
        .selectFrom("contactMessages")
        .select(["name", "email", "message", "searchText"])
        .execute();
      expect(messages).toEqual([
        {
          name: "Mutale",
          email: "mutale@example.com",
          message: "Is there parking for a bus?",
          searchText: "mutale\nmutale@example.com",
        },
      ]);
      for (const search of ["MUTALE", "Example.COM"]) {
        const { rows, total } = await listInbox(db, { kind: "contact-message", search });
        expect(total, search).toBe(1);
        expect(rows.map((row) => row.name)).toEqual(["Mutale"]);
      }
    });

    it("still holds the carried-over nights and the closure", async () => {
      const room = async (roomNumber: string) =>
        (
          await db
            .selectFrom("rooms")
            .select("id")
            .where("roomNumber", "=", roomNumber)
            .executeTakeFirstOrThrow()
        ).id;
      const guest = {
        name: "New Guest",
        email: "new@example.com",
        phone: "+260 97 111 2222",
        paymentMethod: "Cash" as const,
        adults: 1,
        children: 0,
        submissionId: null,
      };
      const christmas = { checkIn: "2026-12-24", checkOut: "2026-12-26" };
      expect(await bookRoom(db, { ...guest, roomId: await room("103"), ...christmas })).toEqual({
        kind: "taken",
      });
      const closed = { checkIn: "2026-12-02", checkOut: "2026-12-03" };
      expect(await bookRoom(db, { ...guest, roomId: await room("111"), ...closed })).toEqual({
        kind: "taken",
      });
      // Guest 4 cancelled: room 104's nights are free.
      const freed = await bookRoom(db, {
        ...guest,
        roomId: await room("104"),
        checkIn: "2026-12-01",
        checkOut: "2026-12-03",
      });
      expect(freed.kind).toBe("booked");
    });
  });
}
