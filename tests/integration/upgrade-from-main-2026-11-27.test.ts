import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../app/shared/db/client.server.ts";
import { listHousekeeping } from "../../app/features/housekeeping/housekeeping.server.ts";
import { loadFolioSheet } from "../../app/features/payments/folios.server.ts";
import { fiscalMarkFor } from "../../app/features/fiscal/fiscal-mark.server.ts";
import { deviceOverview } from "../../app/features/fiscal/fiscal-queue.server.ts";
import { listHistory } from "../../app/features/requests/request-history.server.ts";
import { listBoard } from "../../app/features/desk/inbox.server.ts";
import { listOpenConflicts } from "../../app/features/channels/channel-conflicts.server.ts";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { readFixture, restoreFixture } from "./restore-fixture.ts";
import { ENGINES } from "./test-database.ts";

// A database made by main as of 2026-11-27 (the main with channels, housekeeping, changes during
// a stay, extras and fiscal invoices), through its own data layer (fixtures/main-2026-11-27.sql
// says what it holds), must start on this version and keep every row with its meaning. The checks
// read rows by what they mean (names, statuses, amounts), not the schema's exact shape, so later
// migrations that keep the rows keep this test passing.
const FIXTURE = readFixture("main-2026-11-27.sql");
/** The lodge day the fixture was written on. */
const FIXTURE_DAY = "2026-11-27";

for (const engine of ENGINES) {
  describe(`upgrade from main of 2026-11-27 [${engine}]`, () => {
    let restored: Awaited<ReturnType<typeof restoreFixture>>;
    let db: DB;
    beforeAll(async () => {
      restored = await restoreFixture(engine, FIXTURE);
      db = await restored.handle.ready();
    });
    afterAll(() => restored?.cleanUp());

    async function count(table: string): Promise<number> {
      const row = await db
        .selectFrom(table as "rooms")
        .select(db.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    async function idOf(table: "bookings" | "reservations" | "venueBookings", name: string) {
      return (await db.selectFrom(table).select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    }
    const roomId = async (roomNumber: string) =>
      (
        await db
          .selectFrom("rooms")
          .select("id")
          .where("roomNumber", "=", roomNumber)
          .executeTakeFirstOrThrow()
      ).id;

    it("keeps every stay and venue booking with its status, room and dates", async () => {
      const bookings = await db
        .selectFrom("bookings")
        .select(["name", "status", "roomNumber", "checkIn", "checkOut", "roomFrom"])
        .orderBy("name")
        .execute();
      expect(
        bookings.map((b) => [b.name, b.status, b.roomNumber, b.checkIn, b.checkOut, b.roomFrom]),
      ).toEqual([
        ["Guest Awaiting", "Awaiting payment", "111", "2027-01-10", "2027-01-12", null],
        ["Guest Cancelled", "Cancelled", "109", "2026-12-01", "2026-12-04", null],
        ["Guest Confirmed", "Confirmed", "108", "2026-12-20", "2026-12-23", null],
        ["Guest Direct", "Confirmed", "120", "2026-12-20", "2026-12-22", null],
        // Extended from 2026-11-29.
        ["Guest Extended", "Checked in", "106", "2026-11-26", "2026-12-01", null],
        ["Guest In House", "Checked in", "102", "2026-11-25", "2026-11-30", null],
        // Moved from room 103 from the night of 2026-11-27.
        ["Guest Moved", "Checked in", "105", "2026-11-25", "2026-11-30", "2026-11-27"],
        ["Guest No-show", "No-show", "110", "2026-11-26", "2026-11-28", null],
        ["Guest Out", "Checked out", "101", "2026-11-20", "2026-11-23", null],
        ["Guest Queued", "Checked out", "113", "2026-11-22", "2026-11-25", null],
        ["Guest Refunded", "Checked out", "112", "2026-11-21", "2026-11-24", null],
        // Shortened from 2026-12-02.
        ["Guest Shortened", "Checked in", "107", "2026-11-26", "2026-11-29", null],
      ]);
      const reservations = await db
        .selectFrom("reservations")
        .select(["name", "status", "roomCount", "message"])
        .orderBy("name")
        .execute();
      expect(reservations).toEqual([
        { name: "Res Confirmed", status: "Confirmed", roomCount: 2, message: null },
        { name: "Res Declined", status: "Declined", roomCount: 1, message: null },
        { name: "Res In House", status: "Checked in", roomCount: 1, message: null },
        { name: "Res Pending", status: "Pending", roomCount: 1, message: "Late arrival, about 22:00" },
      ]);
      const venues = await db
        .selectFrom("venueBookings")
        .select(["name", "status"])
        .orderBy("name")
        .execute();
      expect(venues).toEqual([
        { name: "Venue Conference", status: "Confirmed" },
        { name: "Venue Declined", status: "Declined" },
        { name: "Venue Pending", status: "Pending" },
      ]);
      // Every night kept as it was priced; the ledger still holds what held.
      expect(await count("requestNights")).toBe(49);
      const moved = await db
        .selectFrom("roomHolds")
        .select(sql<string>`lower(nights)::text`.as("from"))
        .where("bookingId", "=", await idOf("bookings", "Guest Moved"))
        .executeTakeFirstOrThrow();
      expect(moved.from).toBe("2026-11-27");
    });

    it("keeps the history of the stay changes, the audit and the mails", async () => {
      const history = await listHistory(db, "booking", await idOf("bookings", "Guest Moved"));
      expect(history.map((entry) => entry.note).join("\n")).toMatch(/Moved from room 103 to room 105/);
      const shortened = await listHistory(db, "booking", await idOf("bookings", "Guest Shortened"));
      expect(shortened.map((entry) => entry.note).join("\n")).toMatch(/night.* released/);
      const declined = await listHistory(db, "reservation", await idOf("reservations", "Res Declined"));
      expect(declined.at(-1)).toMatchObject({ toStatus: "Declined", note: "Fully booked for a wedding" });
      expect(await count("requestHistory")).toBe(39);
      expect(await count("staffAudit")).toBeGreaterThanOrEqual(17);
      expect(await count("outbox")).toBe(50);
    });

    it("keeps the staff of each role, their session, invitation and sign-in failure", async () => {
      const accounts = await db
        .selectFrom("staffAccounts")
        .select(["email", "role", "disabledAt"])
        .orderBy("id")
        .execute();
      expect(accounts.map((a) => [a.email, a.role, a.disabledAt !== null])).toEqual([
        ["manager@example.com", "manager", false],
        ["reception@example.com", "reception", false],
        ["housekeeping@example.com", "housekeeping", false],
        ["leaver@example.com", "reception", true],
        ["invited@example.com", "reception", false],
      ]);
      expect(await count("staffSessions")).toBe(1);
      expect(await count("staffLoginAttempts")).toBeGreaterThanOrEqual(1);
      expect(await count("staffSubmissions")).toBe(1);
    });

    it("keeps the settings, the rules, the payments and the online attempt", async () => {
      const settings = await db.selectFrom("lodgeSettings").selectAll().executeTakeFirstOrThrow();
      expect(settings).toMatchObject({ vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 });
      const rules = await db
        .selectFrom("rateRules")
        .select(["name", "kind", "value"])
        .orderBy("name")
        .execute();
      expect(rules).toEqual([
        { name: "Festive season", kind: "percent", value: 20 },
        { name: "Weekend", kind: "amount", value: 50 },
      ]);
      const stayRules = await db.selectFrom("stayRules").select(["name", "minNights"]).execute();
      expect(stayRules).toEqual([{ name: "New year minimum", minNights: 2 }]);
      const payments = await db.selectFrom("payments").select(["kind", "amount"]).orderBy("id").execute();
      expect(payments).toEqual([
        { kind: "payment", amount: 1400 },
        { kind: "payment", amount: 2000 },
        { kind: "refund", amount: 150 },
        { kind: "payment", amount: 500 },
        { kind: "payment", amount: 3000 },
      ]);
      const attempts = await db.selectFrom("paymentAttempts").select(["phone", "amountNgwee"]).execute();
      expect(attempts).toEqual([{ phone: "0971234567", amountNgwee: expect.any(Number) }]);
      expect(await count("paymentWebhookEvents")).toBe(1);
      expect(await count("contactMessages")).toBe(1);
      expect(await count("newsletterSubscriptions")).toBe(1);
    });

    it("keeps the catalogue and every charge, voided ones with their reason", async () => {
      const extras = await db.selectFrom("extras").select(["name", "active"]).orderBy("name").execute();
      expect(extras.find((e) => e.name === "Game drive")).toEqual({ name: "Game drive", active: true });
      expect(extras.find((e) => e.name === "Dinner")).toEqual({ name: "Dinner", active: false });
      const charges = await db
        .selectFrom("folioCharges")
        .select(["name", "quantity", "amountNgwee", "voidReason", "source"])
        .orderBy("id")
        .execute();
      expect(charges).toEqual([
        { name: "Breakfast", quantity: 15, amountNgwee: 225000, voidReason: null, source: "staff" },
        { name: "Bar", quantity: 3, amountNgwee: 15000, voidReason: null, source: "staff" },
        {
          name: "Laundry (per bag)",
          quantity: 2,
          amountNgwee: 16000,
          voidReason: "Posted twice",
          source: "staff",
        },
        { name: "Airport transfer", quantity: 1, amountNgwee: 45000, voidReason: null, source: "guest" },
        { name: "Breakfast", quantity: 6, amountNgwee: 90000, voidReason: null, source: "guest" },
        { name: "Breakfast", quantity: 12, amountNgwee: 180000, voidReason: null, source: "guest" },
        { name: "Restaurant", quantity: 2, amountNgwee: 20000, voidReason: null, source: "staff" },
        {
          name: "Conference package (full day)",
          quantity: 40,
          amountNgwee: 1400000,
          voidReason: null,
          source: "staff",
        },
        { name: "Game drive", quantity: 10, amountNgwee: 600000, voidReason: null, source: "staff" },
      ]);
    });

    it("shows a folio with its charges, and the fiscal mark of a settled one", async () => {
      const id = await idOf("bookings", "Guest In House");
      const nights = await db
        .selectFrom("bookings")
        .select("totalPrice")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const sheet = await loadFolioSheet(db, { kind: "booking", id });
      const labels = sheet!.folio.charges.map((line) => line.label).join("\n");
      expect(labels).toMatch(/Breakfast/);
      expect(labels).toMatch(/Bar/);
      expect(labels).not.toMatch(/Laundry/);
      // Nights, breakfast (K2,250) and the bar (K150); the voided laundry does not count.
      expect(sheet!.folio.total).toBe(nights.totalPrice + 2250 + 150);
      expect(sheet!.folio.paid).toBe(500);
      expect(sheet!.folio.taxes.length).toBeGreaterThan(0);

      const venue = await loadFolioSheet(db, {
        kind: "venue-booking",
        id: await idOf("venueBookings", "Venue Conference"),
      });
      expect(venue!.folio.charges.map((line) => line.label).join("\n")).toMatch(/Conference package/);

      const out = await fiscalMarkFor(db, { kind: "booking", id: await idOf("bookings", "Guest Out") });
      // Numbers as text: the engines answer a bigint differently.
      expect(out.state === "sent" && [String(out.invoiceNo), out.rcptNo]).toEqual(["1", "1"]);
      const queued = await fiscalMarkFor(db, { kind: "booking", id: await idOf("bookings", "Guest Queued") });
      expect(queued.state === "pending" && String(queued.invoiceNo)).toBe("4");
      const notSettled = await fiscalMarkFor(db, { kind: "booking", id });
      expect(notSettled).toEqual({ state: "none", buyer: null });
    });

    it("keeps the fiscal queue: the device, the sent documents, the credit note and the one queued", async () => {
      const overview = await deviceOverview(db);
      expect(overview.device).toMatchObject({ tpin: "1002003004", active: true });
      expect(overview.pending).toBe(1);
      expect(overview.failed).toBe(0);
      const docs = await db
        .selectFrom("fiscalDocuments")
        .select(["invoiceNo", "kind", "status", "rcptNo", "reasonCode"])
        .orderBy("invoiceNo")
        .execute();
      expect(docs.map((doc) => ({ ...doc, invoiceNo: String(doc.invoiceNo) }))).toEqual([
        { invoiceNo: "1", kind: "sale", status: "sent", rcptNo: "1", reasonCode: null },
        { invoiceNo: "2", kind: "sale", status: "sent", rcptNo: "2", reasonCode: null },
        { invoiceNo: "3", kind: "credit", status: "sent", rcptNo: "3", reasonCode: "06" },
        { invoiceNo: "4", kind: "sale", status: "pending", rcptNo: null, reasonCode: null },
      ]);
      expect(await count("fiscalItems")).toBe(1);
    });

    it("keeps the housekeeping states and lists the day's rooms", async () => {
      const rooms = await listHousekeeping(db, FIXTURE_DAY);
      const state = Object.fromEntries(rooms.map((room) => [room.roomNumber, room.state]));
      expect(state).toMatchObject({
        "101": "Clean",
        "102": "Dirty",
        "112": "Dirty",
        "115": "Inspected",
        "117": "Out of order",
        "118": "Clean",
      });
      expect(rooms.find((room) => room.roomNumber === "102")?.occupied).toBe(true);
      expect(await count("roomHousekeepingHistory")).toBe(47);
      expect(await count("housekeepingMornings")).toBe(1);
      expect(await count("roomClosures")).toBe(2);
    });

    it("keeps the channel feed, its blocks and the open conflict", async () => {
      const blocks = await db.selectFrom("channelBlocks").select(["uid", "holds"]).orderBy("uid").execute();
      expect(blocks).toEqual([
        { uid: "abc-1@airbnb.com", holds: true },
        { uid: "abc-2@airbnb.com", holds: true },
        { uid: "abc-3@airbnb.com", holds: false },
      ]);
      const conflicts = await listOpenConflicts(db);
      expect(conflicts).toHaveLength(1);
      expect(await count("channelExports")).toBe(await count("rooms"));
    });

    it("draws the moved stay's nights under the room it left, and the rest under its new room", async () => {
      const id = await idOf("bookings", "Guest Moved");
      const bars = (await listBoard(db, "2026-11-24", "2026-12-01")).filter((bar) => bar.id === id);
      expect(bars.map(({ roomId: room, startDay, nights }) => ({ room, startDay, nights }))).toEqual([
        { room: await roomId("103"), startDay: 1, nights: 2 },
        { room: await roomId("105"), startDay: 3, nights: 3 },
      ]);
    });

    it("books a room on the upgraded data, and refuses nights still held", async () => {
      const guest = {
        name: "New Guest",
        email: "new@example.com",
        phone: "+260 97 111 2222",
        paymentMethod: "Cash" as const,
        adults: 1,
        children: 0,
        submissionId: null,
      };
      const book = async (roomNumber: string, checkIn: string, checkOut: string) =>
        (await bookRoom(db, { ...guest, roomId: await roomId(roomNumber), checkIn, checkOut })).kind;
      // The moved guest holds 105 from the move on; the room left (103) is free from that night.
      expect(await book("105", "2026-11-28", "2026-11-29")).toBe("taken");
      expect(await book("103", "2026-11-28", "2026-11-30")).toBe("booked");
      // The shortened stay released its nights; the extended one holds its new ones.
      expect(await book("107", "2026-11-29", "2026-12-02")).toBe("booked");
      expect(await book("106", "2026-11-30", "2026-12-01")).toBe("taken");
      // The channel's block, the out-of-order room, and a free room far ahead.
      expect(await book("120", "2026-12-11", "2026-12-12")).toBe("taken");
      expect(await book("118", "2026-12-06", "2026-12-07")).toBe("taken");
      expect(await book("121", "2027-03-01", "2027-03-03")).toBe("booked");
    });
  });
}
