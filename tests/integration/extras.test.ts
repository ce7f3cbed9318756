import { beforeAll, expect, it } from "vitest";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { createExtra, listExtras, updateExtra } from "../../app/features/extras/extras.server.ts";
import { loadFolioSheet } from "../../app/features/payments/folios.server.ts";
import { recordPayment } from "../../app/features/payments/payments-ledger.server.ts";
import * as receipt from "~/routes/staff/receipt.tsx";
import { balanceDue } from "../../app/features/desk/folio-balance.server.ts";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as detail from "~/routes/staff/request-detail.tsx";
import * as bookingPage from "~/routes/booking.tsx";
import * as extrasPage from "~/routes/staff/extras.tsx";
import { extrasRevenueByCategory } from "../../app/features/extras/extras.server.ts";
import { describeEachEngine } from "./test-database.ts";
import {
  createStaff,
  outcome,
  routeArgs,
  signedIn,
  staffGet,
  staffPost,
  type Outcome,
} from "./staff-support.ts";

// Extras and charges on the bill (decisions.md 38): the catalogue, charges posted at the desk
// once per submission, voids with their reason, and the folio and balance that count them.

type Handler = (args: never) => unknown;

describeEachEngine("extras and charges", (getDatabase) => {
  let cookie: string;
  let managerCookie: string;
  let roomSeq = 0;
  const db = () => getDatabase().db;
  const run = (fn: Handler, request: Request, params: Record<string, string> = {}): Promise<Outcome> =>
    outcome(fn(routeArgs(request, getDatabase().context(), params)));

  beforeAll(async () => {
    const manager = await createStaff(db(), "manager");
    managerCookie = (await signedIn(db(), manager.id)).cookie;
    const reception = await createStaff(db(), "reception", manager.id);
    cookie = (await signedIn(db(), reception.id)).cookie;
    // VAT-registered, so both taxes show on the bill.
    await updateLodgeSettings(db(), { vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 }, null);
  });

  async function booking(nights = 3) {
    roomSeq += 1;
    const room = await db()
      .selectFrom("rooms")
      .select("id")
      .orderBy("roomNumber")
      .offset(roomSeq - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const checkIn = lodgeToday();
    const result = await bookRoom(db(), {
      roomId: room.id,
      checkIn,
      checkOut: addDays(checkIn, nights),
      name: "Chanda Mwale",
      email: "chanda@example.com",
      phone: "+260 977 123456",
      paymentMethod: "Cash",
      adults: 2,
      children: 0,
      submissionId: null,
    } as never);
    if (result.kind !== "booked") throw new Error(result.kind);
    return result.booking;
  }

  const extraNamed = async (name: string) =>
    (await listExtras(db())).find((extra) => extra.name === name) ?? expect.fail(`no ${name}`);

  it("seeds a catalogue the manager changes; names are unique and what was sold keeps its price", async () => {
    const names = (await listExtras(db())).map((extra) => extra.name);
    expect(names).toEqual(
      expect.arrayContaining(["Breakfast", "Airport transfer", "Late check-out (until 16:00)"]),
    );
    const created = await createExtra(db(), {
      name: "Game drive",
      price: 600,
      basis: "person",
      taxCategory: "services",
      active: true,
    });
    expect(created).toMatchObject({ priceNgwee: 60_000, basis: "person" });
    expect(
      await createExtra(db(), {
        name: "Game drive",
        price: 1,
        basis: "item",
        taxCategory: "food",
        active: true,
      }),
    ).toBeUndefined();
    const changed = await updateExtra(db(), created!.id, {
      name: "Game drive",
      price: 650,
      basis: "person",
      taxCategory: "services",
      active: false,
    });
    expect(changed).toMatchObject({ priceNgwee: 65_000, active: false });
    expect((await listExtras(db(), { activeOnly: true })).some((extra) => extra.name === "Game drive")).toBe(
      false,
    );
  });

  it("posts a charge once for a form sent twice, refuses a stay not in house, and voids with a reason", async () => {
    const stay = await booking(3);
    const path = `/staff/requests/booking/${stay.id}`;
    const params = { kind: "booking", id: stay.id };
    const breakfast = await extraNamed("Breakfast");
    const fields = {
      submissionId: "seedx01.charge1",
      intent: "post-charge",
      extraId: String(breakfast.id),
      quantity: "",
      note: "",
    };

    const early = await run(detail.action as Handler, staffPost(path, fields, cookie), params);
    expect(early.status).toBe(409);

    await db().updateTable("bookings").set({ status: "Checked in" }).where("id", "=", stay.id).execute();
    const first = await run(detail.action as Handler, staffPost(path, fields, cookie), params);
    const second = await run(detail.action as Handler, staffPost(path, fields, cookie), params);
    expect(first.status).toBe(303);
    expect(second).toMatchObject({ status: 303, location: first.location });
    const rows = await db().selectFrom("folioCharges").selectAll().where("bookingId", "=", stay.id).execute();
    // Breakfast for two adults over three nights: 6 × K150, VAT only (food carries no levy).
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      quantity: 6,
      amountNgwee: 90_000,
      vatRateBp: 1600,
      levyRateBp: 0,
      source: "staff",
    });
    expect(rows[0]!.vatNgwee).toBe(Math.round((900 * 1600) / 11_600) * 100);

    const bad = await run(
      detail.action as Handler,
      staffPost(path, { ...fields, submissionId: "seedx01.charge2", extraId: "", quantity: "0" }, cookie),
      params,
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      form: "post-charge",
      fieldErrors: { extraId: expect.any(String), quantity: expect.any(String) },
    });

    const sheet = await loadFolioSheet(db(), { kind: "booking", id: stay.id });
    expect(sheet!.folio.total).toBe(stay.totalPrice + 900);
    expect(sheet!.folio.charges.map((line) => line.label)).toContain(
      "Breakfast, 6 × K150 (per person per night)",
    );
    expect((await balanceDue(db(), "booking", stay.id))!.balance).toBe(stay.totalPrice + 900);
    // A receipt says what it was for as the folio does: the nights and the charge.
    const paid = await recordPayment(
      db(),
      { kind: "booking", id: stay.id },
      { kind: "payment", method: "Cash", amount: 500 },
    );
    const printed = await run(receipt.loader as Handler, staffGet(`/staff/receipts/${paid!.id}`, cookie), {
      id: paid!.id,
    });
    expect((printed.data as { charges: unknown }).charges).toEqual(sheet!.folio.charges);
    expect(sheet!.folio.charges).toHaveLength(2);
    await recordPayment(
      db(),
      { kind: "booking", id: stay.id },
      { kind: "refund", method: "Cash", amount: 500 },
    );

    const noReason = await run(
      detail.action as Handler,
      staffPost(
        path,
        { submissionId: "seedx01.void1", intent: "void-charge", chargeId: rows[0]!.id, reason: "" },
        cookie,
      ),
      params,
    );
    expect(noReason.status).toBe(400);
    const voided = await run(
      detail.action as Handler,
      staffPost(
        path,
        {
          submissionId: "seedx01.void2",
          intent: "void-charge",
          chargeId: rows[0]!.id,
          reason: "Posted to the wrong room",
        },
        cookie,
      ),
      params,
    );
    expect(voided.status).toBe(303);
    expect((await balanceDue(db(), "booking", stay.id))!.balance).toBe(stay.totalPrice);
    const history = await db()
      .selectFrom("requestHistory")
      .select("note")
      .where("requestId", "=", stay.id)
      .orderBy("id")
      .execute();
    expect(history.map((entry) => entry.note)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Charge posted: Breakfast/),
        expect.stringMatching(/^Charge voided: Breakfast.*Reason: Posted to the wrong room$/),
      ]),
    );

    const page = await run(detail.loader as Handler, staffGet(path, cookie), params);
    expect(
      (page.data as { charges: { lines: { voided: unknown }[] } }).charges.lines[0]!.voided,
    ).toMatchObject({
      reason: "Posted to the wrong room",
    });
  });

  it("books a stay on the site with extras, quoted in its loader, kept at the price sold and on the bill and mail", async () => {
    const { db: handle, context } = getDatabase();
    const breakfast = await extraNamed("Breakfast");
    const transfer = await extraNamed("Airport transfer");
    const room = await handle
      .selectFrom("rooms")
      .select(["id"])
      .where("roomNumber", "=", "105")
      .executeTakeFirstOrThrow();
    const checkIn = addDays(lodgeToday(), 20);
    const checkOut = addDays(checkIn, 3);
    const page = await bookingPage.loader({
      request: new Request(
        `http://localhost:3000/booking?checkIn=${checkIn}&checkOut=${checkOut}&extra-${breakfast.id}=on`,
      ),
      context: context(),
      params: {},
    } as never);
    expect(page.extras?.map((extra) => extra.name)).toContain("Breakfast");
    expect(page.values[`extra-${breakfast.id}`]).toBe("on");

    const body = new FormData();
    const fields = {
      tab: "room",
      name: "Bwalya Phiri",
      email: "bwalya@example.com",
      phone: "+260 96 555 1234",
      paymentMethod: "Cash",
      website: "",
      roomId: String(room.id),
      checkIn,
      checkOut,
      adults: "2",
      children: "0",
      [`extra-${breakfast.id}`]: "on",
      [`extra-${transfer.id}`]: "on",
      "extra-999999": "on",
      submissionId: crypto.randomUUID(),
    };
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    const request = new Request("http://localhost:3000/booking?tab=room", { method: "POST", body });
    const answer = (await bookingPage.action({
      request,
      context: context(),
      params: {},
    } as never)) as unknown as {
      data: { status: string };
    };
    expect(answer.data.status).toBe("success");
    const booking = await handle
      .selectFrom("bookings")
      .selectAll()
      .where("email", "=", "bwalya@example.com")
      .where("checkIn", "=", checkIn)
      .executeTakeFirstOrThrow();
    const charges = await handle
      .selectFrom("folioCharges")
      .selectAll()
      .where("bookingId", "=", booking.id)
      .orderBy("name")
      .execute();
    expect(
      charges.map((charge) => [charge.name, charge.quantity, charge.amountNgwee, charge.source]),
    ).toEqual([
      ["Airport transfer", 1, 45_000, "guest"],
      ["Breakfast", 6, 90_000, "guest"],
    ]);

    // The catalogue's price changes later: the booking keeps the price it was sold at.
    await updateExtra(handle, breakfast.id, {
      name: "Breakfast",
      price: 999,
      basis: "person-night",
      taxCategory: "food",
      active: true,
    });
    const sheet = await loadFolioSheet(handle, { kind: "booking", id: booking.id });
    expect(sheet!.folio.total).toBe(Number(booking.totalPrice) + 900 + 450);
    await updateExtra(handle, breakfast.id, {
      name: "Breakfast",
      price: 150,
      basis: "person-night",
      taxCategory: "food",
      active: true,
    });

    const mail = await handle
      .selectFrom("outbox")
      .select("payload")
      .where("requestId", "=", booking.id)
      .where("audience", "=", "guest" as never)
      .executeTakeFirst();
    expect(JSON.stringify(mail?.payload ?? "")).toContain("Breakfast × 6");
  });

  it("reports extras and charges by category, leaving out voided lines", async () => {
    const today = lodgeToday();
    const rows = await extrasRevenueByCategory(db(), { from: today, until: addDays(today, 1) });
    // The earlier tests posted one breakfast at the desk today and voided it: nothing counts yet.
    expect(rows.find((row) => row.taxCategory === "food")).toBeUndefined();
    const stay = await booking(2);
    await db().updateTable("bookings").set({ status: "Checked in" }).where("id", "=", stay.id).execute();
    const path = `/staff/requests/booking/${stay.id}`;
    const params = { kind: "booking", id: stay.id };
    const late = await extraNamed("Late check-out (until 16:00)");
    const posted = await run(
      detail.action as Handler,
      staffPost(
        path,
        {
          submissionId: "seedx02.charge1",
          intent: "post-charge",
          extraId: String(late.id),
          quantity: "",
          note: "Flight at 19:00",
        },
        cookie,
      ),
      params,
    );
    expect(posted.status).toBe(303);
    const after = await extrasRevenueByCategory(db(), { from: today, until: addDays(today, 1) });
    // Late check-out is accommodation: VAT and the tourism levy, K300 → VAT K40, levy K4.
    expect(after.find((row) => row.taxCategory === "accommodation")).toEqual({
      taxCategory: "accommodation",
      lines: 1,
      revenue: 300,
      vat: Math.round((300 * 1600) / 11_750),
      levy: Math.round((300 * 150) / 11_750),
    });
  });

  it("keeps the catalogue for managers only, with messages beside the fields", async () => {
    const refused = await run(
      extrasPage.action as Handler,
      staffPost(
        "/staff/extras",
        { submissionId: "seedx03.extra1", name: "Picnic", price: "200", basis: "item", taxCategory: "food" },
        cookie,
      ),
    );
    expect(refused.status).toBe(403);
    const bad = await run(
      extrasPage.action as Handler,
      staffPost(
        "/staff/extras",
        { submissionId: "seedx03.extra2", name: "", price: "K1.5", basis: "item", taxCategory: "food" },
        managerCookie,
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      form: "new",
      fieldErrors: { name: expect.any(String), price: expect.any(String) },
    });
    const added = await run(
      extrasPage.action as Handler,
      staffPost(
        "/staff/extras",
        {
          submissionId: "seedx03.extra3",
          name: "Picnic",
          price: "200",
          basis: "item",
          taxCategory: "food",
          active: "on",
        },
        managerCookie,
      ),
    );
    expect(added.status).toBe(303);
    const breakfast = await extraNamed("Breakfast");
    const clash = await run(
      extrasPage.action as Handler,
      staffPost(
        "/staff/extras",
        {
          submissionId: "seedx03.extra4",
          extraId: String(breakfast.id),
          name: "Picnic",
          price: "150",
          basis: "person-night",
          taxCategory: "food",
          active: "on",
        },
        managerCookie,
      ),
    );
    expect(clash.status).toBe(409);
    const page = await run(extrasPage.loader as Handler, staffGet("/staff/extras", managerCookie));
    expect((page.data as { extras: { name: string }[] }).extras.map((extra) => extra.name)).toContain(
      "Picnic",
    );
  });
});
