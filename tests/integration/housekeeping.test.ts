import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { listHousekeeping, runMorning } from "../../app/features/housekeeping/housekeeping.server.ts";
import { priority } from "../../app/features/housekeeping/housekeeping-rules.ts";
import { listFreeRooms } from "../../app/features/stays/rooms.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as housekeeping from "~/routes/staff/housekeeping.tsx";
import * as rooms from "~/routes/staff/rooms.tsx";
import * as today from "~/routes/staff/today.tsx";
import * as board from "~/routes/staff/board.tsx";
import { describeEachEngine } from "./test-database.ts";
import { book, roomId } from "./stay-fixtures.ts";
import {
  createStaff,
  outcome,
  routeArgs,
  signedIn,
  staffGet,
  staffPost,
  type Outcome,
} from "./staff-support.ts";

// Housekeeping (decisions.md 38): check-out and the stay-over morning make rooms Dirty, once a
// day however many workers run; housekeepers mark rooms on their own list and nothing else; out
// of order is a room closure, refused over a stay; a check-in to a room not ready asks first.

type Handler = (args: never) => unknown;

describeEachEngine("housekeeping", (getDatabase) => {
  const db = () => getDatabase().db;
  const run = (fn: Handler, request: Request): Promise<Outcome> =>
    outcome(fn(routeArgs(request, getDatabase().context())));
  let manager: { id: number; cookie: string };
  let reception: { id: number; cookie: string };
  let housekeeper: { id: number; cookie: string };
  const day = lodgeToday();

  beforeAll(async () => {
    const first = await createStaff(db(), "manager");
    manager = { id: first.id, cookie: (await signedIn(db(), first.id)).cookie };
    const desk = await createStaff(db(), "reception", first.id);
    reception = { id: desk.id, cookie: (await signedIn(db(), desk.id)).cookie };
    // Managers invite a housekeeper like any other account.
    const hk = await createStaff(db(), "housekeeping", first.id);
    housekeeper = { id: hk.id, cookie: (await signedIn(db(), hk.id)).cookie };
  });

  const state = async (roomNumber: string) =>
    await db()
      .selectFrom("roomHousekeeping")
      .select(["state", "staffAccountId", "note"])
      .where("roomId", "=", await roomId(db(), roomNumber))
      .executeTakeFirstOrThrow();
  const setState = async (roomNumber: string, to: string) =>
    sql`update room_housekeeping set state = ${to}, changed_at = now()
         where room_id = ${await roomId(db(), roomNumber)}`.execute(db());
  const todayPost = (fields: Record<string, string>, cookie = reception.cookie) =>
    run(today.action as Handler, staffPost("/staff?index", fields, cookie));
  const hkPost = (fields: Record<string, string>, cookie = housekeeper.cookie) =>
    run(housekeeping.action as Handler, staffPost("/staff/housekeeping", fields, cookie));

  async function stayIn(roomNumber: string, checkIn: string, checkOut: string) {
    const booked = await book(db(), roomNumber, checkIn, checkOut);
    if (booked.kind !== "booked") throw new Error(booked.kind);
    return booked.booking.id;
  }

  it("starts every room Clean, and a check-out makes the room Dirty, naming who checked out", async () => {
    expect((await state("101")).state).toBe("Clean");
    const id = await stayIn("101", day, addDays(day, 1));
    expect((await todayPost({ kind: "booking", id, intent: "check-in" })).status).toBe(303);
    expect((await state("101")).state).toBe("Clean");
    const out = await todayPost({ kind: "booking", id, intent: "check-out", balanceConfirmed: "yes" });
    expect(out.status).toBe(303);
    expect(await state("101")).toEqual({ state: "Dirty", staffAccountId: reception.id, note: "Checked out" });
    const history = await db()
      .selectFrom("roomHousekeepingHistory")
      .select(["fromState", "toState", "staffAccountId"])
      .where("roomId", "=", await roomId(db(), "101"))
      .execute();
    expect(history).toContainEqual({ fromState: "Clean", toState: "Dirty", staffAccountId: reception.id });
  });

  it("lets a housekeeper mark a room Clean then Inspected with one tap each, and says so once done", async () => {
    const page = await run(
      housekeeping.loader as Handler,
      staffGet("/staff/housekeeping", housekeeper.cookie),
    );
    expect(page.status).toBe(200);
    const toDo = (page.data as { toDo: { roomNumber: string }[] }).toDo.map((r) => r.roomNumber);
    expect(toDo).toContain("101");
    const room = String(await roomId(db(), "101"));
    expect((await hkPost({ intent: "mark", roomId: room, to: "Clean" })).status).toBe(303);
    expect(await state("101")).toMatchObject({ state: "Clean", staffAccountId: housekeeper.id });
    // A second phone marking the same room: nothing changes, and it is not an error.
    const again = await hkPost({ intent: "mark", roomId: room, to: "Clean" });
    expect(again.status).toBe(303);
    expect((await hkPost({ intent: "mark", roomId: room, to: "Inspected" })).status).toBe(303);
    expect((await state("101")).state).toBe("Inspected");
    const refused = await hkPost({ intent: "mark", roomId: room, to: "Clean" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ message: "Room 101 is Inspected: it cannot be marked Clean." });
  });

  it("makes an occupied room Dirty once a morning, even with two workers at once", async () => {
    const id = await stayIn("102", day, addDays(day, 3));
    // Checked in yesterday (set by hand: no form books the past).
    await sql`update bookings set check_in = ${addDays(day, -1)}::date, status = 'Checked in'
               where id = ${id}`.execute(db());
    const morning = addDays(day, 1);
    const [a, b] = await Promise.all([
      runMorning(db(), morning, { stayOver: true }),
      runMorning(db(), morning, { stayOver: true }),
    ]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(a.stayOvers + b.stayOvers).toBe(1);
    expect((await state("102")).state).toBe("Dirty");
    const dirtied = await db()
      .selectFrom("roomHousekeepingHistory")
      .select("id")
      .where("roomId", "=", await roomId(db(), "102"))
      .where("note", "=", "Stay-over")
      .execute();
    expect(dirtied).toHaveLength(1);
    // Cleaned after the morning, it stays clean: the day's change is made.
    await setState("102", "Clean");
    expect((await runMorning(db(), morning, { stayOver: true })).ran).toBe(false);
    expect((await state("102")).state).toBe("Clean");
    // With the stay-over service off, the next morning leaves it.
    expect((await runMorning(db(), addDays(day, 2), { stayOver: false })).stayOvers).toBe(0);
    expect((await state("102")).state).toBe("Clean");
  });

  it("refuses out of order over a stay's nights, beside the field, and takes a free room off sale", async () => {
    await stayIn("103", addDays(day, 1), addDays(day, 3));
    const refused = await hkPost(
      {
        intent: "out-of-order",
        roomId: String(await roomId(db(), "103")),
        from: day,
        until: "",
        reason: "Leak",
      },
      reception.cookie,
    );
    expect(refused.status).toBe(409);
    expect((refused.data as { fieldErrors: Record<string, string> }).fieldErrors.from).toMatch(
      /holds this room/,
    );
    expect((await state("103")).state).toBe("Clean");

    const room = String(await roomId(db(), "104"));
    const done = await hkPost(
      { intent: "out-of-order", roomId: room, from: day, until: addDays(day, 2), reason: "Broken shower" },
      reception.cookie,
    );
    expect(done.status).toBe(303);
    expect(await state("104")).toMatchObject({ state: "Out of order", note: "Broken shower" });
    const free = await listFreeRooms(db(), { checkIn: day, checkOut: addDays(day, 1) });
    expect(free.map((r) => r.roomNumber)).not.toContain("104");
    expect((await book(db(), "104", day, addDays(day, 1))).kind).toBe("taken");
    // Out of order, it cannot be marked clean: it goes back in service first, to be cleaned.
    expect((await hkPost({ intent: "mark", roomId: room, to: "Clean" })).status).toBe(409);
    expect((await hkPost({ intent: "back-in-service", roomId: room }, reception.cookie)).status).toBe(303);
    expect((await state("104")).state).toBe("Dirty");
    const again = await listFreeRooms(db(), { checkIn: day, checkOut: addDays(day, 1) });
    expect(again.map((r) => r.roomNumber)).toContain("104");
  });

  it("asks before checking a guest in to a room that is not ready, and does it once confirmed", async () => {
    const id = await stayIn("105", day, addDays(day, 2));
    await setState("105", "Dirty");
    const asked = await todayPost({ kind: "booking", id, intent: "check-in" });
    expect(asked.status).toBe(409);
    expect(asked.data).toMatchObject({
      roomNotReady: { roomNumber: "105", fields: { kind: "booking", id, intent: "check-in" } },
    });
    const done = await todayPost({ kind: "booking", id, intent: "check-in", roomNotReady: "yes" });
    expect(done.status).toBe(303);
    // Today's page and the room board show each room's state.
    const page = await run(today.loader as Handler, staffGet("/staff", reception.cookie));
    expect((page.data as { roomStates: Record<string, string> }).roomStates["105"]).toBe("Dirty");
    const boardPage = await run(board.loader as Handler, staffGet("/staff/board", reception.cookie));
    expect((boardPage.data as { roomStates: Record<string, string> }).roomStates["101"]).toBeDefined();
  });

  it("lists a departure on the day the guest left, and not once the room is cleaned or on the booked day", async () => {
    // 108: booked to leave tomorrow, leaves today; 109: booked for three nights, leaves after one.
    const sameDay = await stayIn("108", day, addDays(day, 1));
    const early = await stayIn("109", day, addDays(day, 3));
    for (const id of [sameDay, early]) {
      expect((await todayPost({ kind: "booking", id, intent: "check-in" })).status).toBe(303);
      expect(
        (await todayPost({ kind: "booking", id, intent: "check-out", balanceConfirmed: "yes" })).status,
      ).toBe(303);
    }
    const toDo = async () => {
      const page = await run(
        housekeeping.loader as Handler,
        staffGet("/staff/housekeeping", housekeeper.cookie),
      );
      return (page.data as { toDo: { roomNumber: string; departureToday: boolean }[] }).toDo;
    };
    expect((await toDo()).filter((r) => r.roomNumber === "108" || r.roomNumber === "109")).toEqual([
      expect.objectContaining({ roomNumber: "108", departureToday: true }),
      expect.objectContaining({ roomNumber: "109", departureToday: true }),
    ]);
    // Cleaned since the guest left: done for today.
    for (const room of ["108", "109"])
      expect(
        (await hkPost({ intent: "mark", roomId: String(await roomId(db(), room)), to: "Clean" })).status,
      ).toBe(303);
    expect((await toDo()).map((r) => r.roomNumber)).not.toEqual(expect.arrayContaining(["108"]));
    expect((await toDo()).map((r) => r.roomNumber)).not.toEqual(expect.arrayContaining(["109"]));
    // On the booked check-out days the rooms are not departures again.
    for (const [room, on] of [
      ["108", addDays(day, 1)],
      ["109", addDays(day, 1)],
      ["109", addDays(day, 3)],
    ] as const) {
      const listed = (await listHousekeeping(db(), on)).find((r) => r.roomNumber === room);
      expect(listed).toMatchObject({ state: "Clean", departureToday: false });
      expect(priority(listed!)).toBeGreaterThan(2);
    }
  });

  it("keeps a housekeeper to the housekeeping list, and its off-sale forms to reception and managers", async () => {
    const page = await run(today.loader as Handler, staffGet("/staff", housekeeper.cookie));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/staff/housekeeping");
    const boardPage = await run(board.loader as Handler, staffGet("/staff/board", housekeeper.cookie));
    expect(boardPage.location).toBe("/staff/housekeeping");
    const id = await stayIn("106", day, addDays(day, 1));
    expect((await todayPost({ kind: "booking", id, intent: "check-in" }, housekeeper.cookie)).status).toBe(
      403,
    );
    const price = staffPost(
      "/staff/rooms",
      { intent: "room-price", roomId: "1", price: "1" },
      housekeeper.cookie,
    );
    expect((await run(rooms.action as Handler, price)).status).toBe(403);
    const offSale = await hkPost({
      intent: "out-of-order",
      roomId: String(await roomId(db(), "107")),
      from: day,
      until: "",
      reason: "Paint",
    });
    expect(offSale.status).toBe(403);
    expect((await state("107")).state).toBe("Clean");
    // Reception and managers see the list too, with the out-of-order form.
    for (const cookie of [reception.cookie, manager.cookie]) {
      const list = await run(housekeeping.loader as Handler, staffGet("/staff/housekeeping", cookie));
      expect(list.status).toBe(200);
      expect((list.data as { mayReopen: boolean }).mayReopen).toBe(true);
    }
  });
});
