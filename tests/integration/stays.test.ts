import { expect, it } from "vitest";
import {
  changeStayStatus,
  changeVenueBookingStatus,
  moveStay,
} from "../../app/features/requests/request-status.server.ts";
import { listHistory } from "../../app/features/requests/request-history.server.ts";
import { closeRoom, reopenRoom } from "../../app/features/stays/room-closures.server.ts";
import { listFreeRooms, listRooms } from "../../app/features/stays/rooms.server.ts";
import { insertVenueBooking, listBookedVenueIds } from "../../app/features/venues/venue-bookings.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { book, GUEST, reserve, roomId } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// Stays, not flags (decisions.md 23-25): the rules the database keeps, on both engines.
const day = (n: number) => addDays(lodgeToday(), n);
const { adults: _adults, children: _children, ...VENUE_GUEST } = GUEST;

async function statusOn(db: DB, roomNumber: string, date: string) {
  return (await listRooms(db, date)).find((room) => room.roomNumber === roomNumber);
}

function bookingId(result: Awaited<ReturnType<typeof book>>): string {
  if (result.kind !== "booked") throw new Error(`expected booked, got ${result.kind}`);
  return result.booking.id;
}

describeEachEngine("stays", (getDatabase) => {
  it("refuses overlapping stays of one room, across bookings and reservations", async () => {
    const { db } = getDatabase();
    bookingId(await book(db, "101", day(10), day(13)));
    expect(await book(db, "101", day(12), day(14))).toEqual({ kind: "taken" });
    expect(await book(db, "101", day(9), day(11))).toEqual({ kind: "taken" });
    expect(await book(db, "101", day(11), day(11))).toEqual({ kind: "taken" }); // one night inside
    expect(await reserve(db, "101", day(8), day(20))).toEqual({ kind: "taken" }); // around it
    const reserved = await reserve(db, "101", day(20), day(22));
    expect(reserved.kind).toBe("saved");
    expect(await book(db, "101", day(21), day(25))).toEqual({ kind: "taken" }); // a Pending reservation holds
  });

  it("allows stays that touch: the check-out day is the next guest's check-in", async () => {
    const { db } = getDatabase();
    bookingId(await book(db, "102", day(10), day(12)));
    bookingId(await book(db, "102", day(12), day(14)));
    bookingId(await book(db, "102", day(8), day(10)));
    expect((await reserve(db, "102", day(14), day(15))).kind).toBe("saved");
  });

  it("holds one night for a stay whose check-out equals its check-in", async () => {
    const { db } = getDatabase();
    bookingId(await book(db, "103", day(5), day(5)));
    expect(await book(db, "103", day(5), day(6))).toEqual({ kind: "taken" });
    bookingId(await book(db, "103", day(6), day(6)));
    bookingId(await book(db, "103", day(4), day(5)));
    expect((await statusOn(db, "103", day(5)))?.status).toBe("Occupied");
  });

  it("derives status: Occupied while a stay covers tonight, Available before and after", async () => {
    const { db } = getDatabase();
    const id = bookingId(await book(db, "104", day(0), day(2)));
    const tonight = await statusOn(db, "104", day(0));
    expect(tonight?.status).toBe("Occupied");
    expect(tonight?.currentBooking?.bookingId).toBe(id);
    expect((await statusOn(db, "104", day(1)))?.currentBooking?.bookingId).toBe(id);
    expect((await statusOn(db, "104", day(2)))?.status).toBe("Available");
    expect((await statusOn(db, "104", day(-1)))?.status).toBe("Available");
    const freeTonight = await listFreeRooms(db, { checkIn: day(0), checkOut: day(0) });
    expect(freeTonight.some((room) => room.roomNumber === "104")).toBe(false);
  });

  it("releases the room when a stay is cancelled, declined or a no-show", async () => {
    const { db } = getDatabase();
    const cancelled = bookingId(await book(db, "105", day(3), day(6)));
    expect(await changeStayStatus(db, "booking", cancelled, "Cancelled", { actor: "guest" })).toEqual({
      kind: "changed",
      from: "Confirmed",
      to: "Cancelled",
    });
    const declined = await reserve(db, "105", day(3), day(6));
    if (declined.kind !== "saved") throw new Error("expected the released nights to be free");
    await changeStayStatus(db, "reservation", declined.record.id, "Declined", { actor: "staff" });
    const noShow = bookingId(await book(db, "105", day(3), day(4)));
    await changeStayStatus(db, "booking", noShow, "No-show", { actor: "staff" });
    bookingId(await book(db, "105", day(3), day(6)));
  });

  it("releases the nights not used when a guest checks out early", async () => {
    const { db } = getDatabase();
    const id = bookingId(await book(db, "106", day(0), day(5)));
    await changeStayStatus(db, "booking", id, "Checked in", { actor: "staff" });
    expect(await book(db, "106", day(2), day(4))).toEqual({ kind: "taken" });
    await changeStayStatus(db, "booking", id, "Checked out", { actor: "staff" });
    bookingId(await book(db, "106", day(2), day(4)));
  });

  it("follows the lifecycle and records every change: who, from what, to what", async () => {
    const { db } = getDatabase();
    const reserved = await reserve(db, "107", day(7), day(9));
    if (reserved.kind !== "saved") throw new Error("expected saved");
    const id = reserved.record.id;
    expect(await changeStayStatus(db, "reservation", id, "Checked in", { actor: "staff" })).toEqual({
      kind: "not-allowed",
      from: "Pending",
    });
    await changeStayStatus(db, "reservation", id, "Confirmed", { actor: "staff", note: "Paid deposit" });
    await changeStayStatus(db, "reservation", id, "Checked in", { actor: "staff" });
    expect(await changeStayStatus(db, "reservation", id, "Cancelled", { actor: "guest" })).toEqual({
      kind: "not-allowed",
      from: "Checked in",
    });
    expect(await changeStayStatus(db, "reservation", "not-a-uuid", "Confirmed", { actor: "staff" })).toEqual({
      kind: "not-found",
    });
    const history = await listHistory(db, "reservation", id);
    expect(history.map((entry) => [entry.fromStatus, entry.toStatus, entry.actor, entry.note])).toEqual([
      [null, "Pending", "guest", null],
      ["Pending", "Confirmed", "staff", "Paid deposit"],
      ["Confirmed", "Checked in", "staff", null],
    ]);
    expect(history.every((entry) => entry.at instanceof Date)).toBe(true);
  });

  it("moves a stay to a room free for its nights, and refuses one that is not", async () => {
    const { db } = getDatabase();
    const id = bookingId(await book(db, "108", day(15), day(18)));
    bookingId(await book(db, "109", day(17), day(19)));
    // Booked at a season's K520 a night: the moved booking's label keeps the price it was sold at.
    await db.updateTable("bookings").set({ price: 520 }).where("id", "=", id).execute();
    expect(await moveStay(db, "booking", id, await roomId(db, "109"), { actor: "staff" })).toEqual({
      kind: "taken",
    });
    expect(await moveStay(db, "booking", id, await roomId(db, "110"), { actor: "staff" })).toEqual({
      kind: "moved",
      fromRoom: "108",
      toRoom: "110",
    });
    bookingId(await book(db, "108", day(15), day(18))); // the old room's nights are free
    expect(await book(db, "110", day(16), day(17))).toEqual({ kind: "taken" });
    const moved = await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ roomNumber: "110", selectedRoom: "110 - Deluxe - K520", price: 520 });
    const history = await listHistory(db, "booking", id);
    expect(history.at(-1)?.note).toBe("Moved from room 108 to room 110.");
  });

  it("takes a room out of service: Occupied, not bookable, refused over a held stay; reopening frees it", async () => {
    const { db } = getDatabase();
    const room = await roomId(db, "111");
    const closed = await closeRoom(db, {
      roomId: room,
      startsOn: day(0),
      endsOn: day(3),
      reason: "Repainting",
    });
    if (closed.kind !== "closed") throw new Error("expected closed");
    const tonight = await statusOn(db, "111", day(0));
    expect(tonight).toMatchObject({ status: "Occupied", outOfService: true, currentBooking: null });
    expect(await book(db, "111", day(2), day(4))).toEqual({ kind: "taken" });
    bookingId(await book(db, "111", day(3), day(4)));
    expect(await closeRoom(db, { roomId: room, startsOn: day(3), endsOn: null, reason: "Leak" })).toEqual({
      kind: "taken",
    });
    expect(await reopenRoom(db, closed.closure.id)).toMatchObject({ roomId: room });
    bookingId(await book(db, "111", day(0), day(3)));
  });

  it("holds a venue for one event a day while Pending or Confirmed", async () => {
    const { db } = getDatabase();
    const venue = await db.selectFrom("venues").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const request = (name: string) => ({
      ...VENUE_GUEST,
      name,
      message: null,
      venueId: venue.id,
      venueName: venue.venue,
      bookingDate: day(30),
      numberOfPeople: 120,
      totalPrice: venue.price,
    });
    const first = await insertVenueBooking(db, request("Wedding party"));
    if (first.kind !== "saved") throw new Error("expected saved");
    expect(await insertVenueBooking(db, request("Conference"))).toEqual({ kind: "taken" });
    expect(await listBookedVenueIds(db, day(30))).toEqual([venue.id]);
    expect(await listBookedVenueIds(db, day(31))).toEqual([]);
    await changeVenueBookingStatus(db, first.record.id, "Declined", { actor: "staff" });
    expect(await listBookedVenueIds(db, day(30))).toEqual([]);
    expect((await insertVenueBooking(db, request("Conference"))).kind).toBe("saved");
    const history = await listHistory(db, "venue-booking", first.record.id);
    expect(history.map((entry) => entry.toStatus)).toEqual(["Pending", "Declined"]);
  });

  it("moves a venue booking only along its lifecycle", async () => {
    const { db } = getDatabase();
    const venue = await db.selectFrom("venues").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    const base = {
      ...VENUE_GUEST,
      message: null,
      venueId: venue.id,
      venueName: venue.venue,
      numberOfPeople: 10,
    };
    const saved = await insertVenueBooking(db, { ...base, name: "A", bookingDate: day(40), totalPrice: 1 });
    if (saved.kind !== "saved") throw new Error("expected saved");
    expect(
      await changeVenueBookingStatus(db, saved.record.id, "Confirmed", { actor: "staff" }),
    ).toMatchObject({
      kind: "changed",
    });
    expect(await changeVenueBookingStatus(db, saved.record.id, "Declined", { actor: "staff" })).toEqual({
      kind: "not-allowed",
      from: "Confirmed",
    });
    expect(
      await changeVenueBookingStatus(db, saved.record.id, "Cancelled", { actor: "guest" }),
    ).toMatchObject({
      kind: "changed",
    });
  });
});
