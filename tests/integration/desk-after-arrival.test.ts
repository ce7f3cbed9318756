import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { listBoard, listInbox, listToday } from "../../app/features/desk/inbox.server.ts";
import { balanceDue } from "../../app/features/desk/folio-balance.server.ts";
import { moveStayRoom } from "../../app/features/desk/stay-changes.server.ts";
import { listExtras, postCharge } from "../../app/features/extras/extras.server.ts";
import { parseChargeForm } from "../../app/features/extras/extras-schema.ts";
import { loadFolioSheet } from "../../app/features/payments/folios.server.ts";
import { recordPayment } from "../../app/features/payments/payments-ledger.server.ts";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as desk from "~/routes/staff/desk.tsx";
import * as todayPage from "~/routes/staff/today.tsx";
import { book, roomId } from "./stay-fixtures.ts";
import { createStaff, outcome, routeArgs, signedIn, staffPost, type Outcome } from "./staff-support.ts";
import { describeEachEngine } from "./test-database.ts";

// The stay after arrival at the desk, on both engines: every balance the console shows is the
// folio's (nights, charges, taxes, payments), a walk-in checked in to a room not ready asks first
// as every check-in does, the board draws a moved stay's nights under the rooms it spent them in,
// and a per-item charge takes a quantity.

type Handler = (args: never) => unknown;

describeEachEngine("the desk after arrival", (getDatabase) => {
  const db = () => getDatabase().db;
  const run = (fn: Handler, request: Request): Promise<Outcome> =>
    outcome(fn(routeArgs(request, getDatabase().context())));
  const today = lodgeToday();
  let staff: { id: number; cookie: string };

  beforeAll(async () => {
    const first = await createStaff(db(), "manager");
    const desk = await createStaff(db(), "reception", first.id);
    staff = { id: desk.id, cookie: (await signedIn(db(), desk.id)).cookie };
  });

  async function extraId(name: string): Promise<number> {
    const extra = (await listExtras(db())).find((row) => row.name === name);
    if (!extra) throw new Error(name);
    return extra.id;
  }

  async function checkedIn(roomNumber: string, checkIn: string, checkOut: string): Promise<string> {
    const booked = await book(db(), roomNumber, checkIn, checkOut);
    if (booked.kind !== "booked") throw new Error(booked.kind);
    const id = booked.booking.id;
    const changed = await changeStayStatus(db(), "booking", id, "Checked in", { actor: "staff" });
    expect(changed.kind).toBe("changed");
    return id;
  }

  it("shows one balance everywhere: the folio's nights and charges less the payments", async () => {
    const id = await checkedIn("121", today, addDays(today, 2));
    const stay = await db().selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const bar = await postCharge(
      db(),
      { kind: "booking", id },
      { extraId: await extraId("Bar"), quantity: 3 },
      staff.id,
    );
    expect(typeof bar).toBe("object");
    await recordPayment(db(), { kind: "booking", id }, { kind: "payment", method: "Cash", amount: 100 });
    // Bar: 3 × K50; nights at their kept total.
    const expected = stay.totalPrice + 150 - 100;

    const folio = (await loadFolioSheet(db(), { kind: "booking", id }))!.folio;
    expect(folio.balance).toBe(expected);
    expect((await balanceDue(db(), "booking", id))!.balance).toBe(expected);
    const inbox = await listInbox(db(), { kind: "booking", search: stay.reference });
    expect(inbox.rows.map((row) => row.balance)).toEqual([expected]);
    const { inHouse } = await listToday(db(), today);
    expect(inHouse.find((row) => row.id === id)?.balance).toBe(expected);

    // The filter "balance due" counts the charges too: paying the nights alone leaves it listed.
    await recordPayment(
      db(),
      { kind: "booking", id },
      { kind: "payment", method: "Cash", amount: stay.totalPrice - 100 },
    );
    const due = await listInbox(db(), { kind: "booking", search: stay.reference, balanceDue: true });
    expect(due.rows.map((row) => row.balance)).toEqual([150]);
    // The check-out asks to confirm the K150 still owed for the bar.
    const out = await run(
      todayPage.action as Handler,
      staffPost("/staff?index", { kind: "booking", id, intent: "check-out" }, staff.cookie),
    );
    expect(out.status).toBe(409);
    expect(out.data).toMatchObject({ confirm: { balance: 150 } });
    await recordPayment(db(), { kind: "booking", id }, { kind: "payment", method: "Cash", amount: 150 });
    const paid = await listInbox(db(), { kind: "booking", search: stay.reference, balanceDue: true });
    expect(paid.rows).toEqual([]);
    expect((await balanceDue(db(), "booking", id))!.balance).toBe(0);
    expect(await balanceDue(db(), "booking", "not-an-id")).toBeUndefined();
  });

  it("asks before checking a walk-in in to a room that is not ready, and checks in once confirmed", async () => {
    const room = await roomId(db(), "122");
    await sql`update room_housekeeping set state = 'Dirty', changed_at = now() where room_id = ${room}`.execute(
      db(),
    );
    const walkIn = {
      tab: "room",
      channel: "walk-in",
      checkInNow: "on",
      submissionId: crypto.randomUUID(),
      name: "Door Guest",
      phone: "+260 977 555000",
      email: "",
      roomId: String(room),
      checkIn: today,
      checkOut: addDays(today, 1),
      adults: "1",
      children: "0",
      paymentMethod: "Cash",
    };
    const post = (fields: Record<string, string>) =>
      run(desk.action as Handler, staffPost("/staff/desk?tab=room", fields, staff.cookie));
    const asked = await post(walkIn);
    expect(asked.status).toBe(409);
    const question = (
      asked.data as {
        roomNotReady: { message: string; question: { roomNumber: string; fields: Record<string, string> } };
      }
    ).roomNotReady;
    expect(question.message).toMatch(/Room 122 is Dirty: it is not ready for a guest/);
    expect(question.question.roomNumber).toBe("122");
    // The button sends the form again as it was, with its own submission id.
    const { submissionId: _id, ...resent } = walkIn;
    expect(question.question.fields).toEqual(resent);
    const nothing = await db().selectFrom("bookings").select("id").where("name", "=", "Door Guest").execute();
    expect(nothing).toEqual([]);

    const done = await post({
      ...question.question.fields,
      roomNotReady: "yes",
      submissionId: crypto.randomUUID(),
    });
    expect(done.status).toBe(303);
    const row = await db()
      .selectFrom("bookings")
      .select(["status", "roomNumber"])
      .where("name", "=", "Door Guest")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "Checked in", roomNumber: "122" });

    // A clean room asks nothing.
    const clean = await post({
      ...walkIn,
      roomId: String(await roomId(db(), "123")),
      name: "Clean Guest",
      submissionId: crypto.randomUUID(),
    });
    expect(clean.status).toBe(303);
  });

  it("draws a stay moved mid-stay under the room it left for the nights before the move", async () => {
    const arrival = addDays(today, -2);
    const id = await checkedIn("124", arrival, addDays(today, 2));
    const moved = await moveStayRoom(
      db(),
      "booking",
      id,
      { roomId: await roomId(db(), "125"), keepPrice: true, today },
      { actor: "staff", staffAccountId: staff.id },
    );
    expect(moved.kind).toBe("changed");
    const from = addDays(today, -3);
    const bars = (await listBoard(db(), from, addDays(today, 5))).filter((bar) => bar.id === id);
    expect(bars.map(({ roomId: room, startDay, nights }) => ({ room, startDay, nights }))).toEqual([
      { room: await roomId(db(), "124"), startDay: 1, nights: 2 },
      { room: await roomId(db(), "125"), startDay: 3, nights: 2 },
    ]);
    // The room left is free from tonight.
    expect((await book(db(), "124", today, addDays(today, 1))).kind).toBe("booked");
    // Checked out, the stay leaves the board in both rooms.
    await changeStayStatus(db(), "booking", id, "Checked out", { actor: "staff" });
    expect((await listBoard(db(), from, addDays(today, 5))).filter((bar) => bar.id === id)).toEqual([]);
  });

  it("posts a per-item extra with a quantity, within its bounds", async () => {
    const id = await checkedIn("126", today, addDays(today, 1));
    const line = await postCharge(
      db(),
      { kind: "booking", id },
      { extraId: await extraId("Airport transfer"), quantity: 2 },
      staff.id,
    );
    expect(line).toMatchObject({ quantity: 2, amountNgwee: 2 * 45000 });
    const form = (quantity: string) => parseChargeForm({ extraId: "1", quantity, note: "" });
    expect(form("3")).toMatchObject({ ok: true, data: { quantity: 3 } });
    expect(form("0")).toMatchObject({
      ok: false,
      fieldErrors: { quantity: expect.stringMatching(/from 1/) },
    });
    expect(form("1001")).toMatchObject({ ok: false });
  });
});
