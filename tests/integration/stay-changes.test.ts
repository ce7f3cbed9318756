import { beforeAll, expect, it } from "vitest";
import { changeStayStatus } from "../../app/features/requests/request-status.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { formatKwacha } from "../../app/shared/money.ts";
import * as detail from "~/routes/staff/request-detail.tsx";
import * as folioPage from "~/routes/staff/folio.tsx";
import { createStaff, outcome, routeArgs, signedIn, staffGet, staffPost } from "./staff-support.ts";
import { book, roomId } from "./stay-fixtures.ts";
import { overlappingStays } from "./stays-invariants.ts";
import { describeEachEngine } from "./test-database.ts";

// Changes during a stay at the desk (ADR 0027), through the stay's page as staff use it: a move
// from tonight or for the whole stay, an extension in the same room or another, a shortening and
// a guest leaving early. Each is one write: the ledger, the kept nights, the history and the
// guest's mail together, or nothing.

type Handler = (args: never) => unknown;

describeEachEngine("changes during a stay", (getDatabase) => {
  const db = () => getDatabase().db;
  const today = lodgeToday();
  let cookie = "";

  beforeAll(async () => {
    const reception = await createStaff(db(), "manager");
    cookie = (await signedIn(db(), reception.id)).cookie;
  });

  const post = (id: string, fields: Record<string, string>) =>
    outcome(
      (detail.action as Handler)(
        routeArgs(staffPost(`/staff/requests/booking/${id}`, fields, cookie), getDatabase().context(), {
          kind: "booking",
          id,
        }),
      ),
    );

  async function stay(room: string, from: number, until: number, checkedIn = false) {
    const result = await book(db(), room, addDays(today, from), addDays(today, until));
    if (result.kind !== "booked") throw new Error(result.kind);
    if (checkedIn)
      await changeStayStatus(db(), "booking", result.booking.id, "Checked in", { actor: "staff" });
    return result.booking;
  }

  const row = (id: string) =>
    db().selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const nights = (id: string) =>
    db()
      .selectFrom("requestNights")
      .select(["night", "price"])
      .where("bookingId", "=", id)
      .orderBy("night")
      .execute();
  const history = (id: string) =>
    db().selectFrom("requestHistory").select("note").where("requestId", "=", id).orderBy("id").execute();
  const mails = (id: string) =>
    db()
      .selectFrom("outbox")
      .select(["template", "recipient"])
      .where("requestId", "=", id)
      .where("template", "=", "stay-changed")
      .execute();

  it("moves a guest in house from tonight: the room left is free again from tonight", async () => {
    // Room 102 had a guest until yesterday: the nights already spent in 101 do not collide with it.
    await stay("102", -3, -1, true);
    const guest = await stay("101", -2, 3, true);
    const moved = await post(guest.id, {
      intent: "move-room",
      roomId: String(await roomId(db(), "102")),
      price: "kept",
    });
    expect(moved.status).toBe(303);
    const after = await row(guest.id);
    expect([after.roomNumber, after.roomFrom, after.totalPrice]).toEqual(["102", today, guest.totalPrice]);
    expect((await history(guest.id)).at(-1)?.note).toContain(
      "Moved from room 101 to room 102 from the night of",
    );
    expect(await mails(guest.id)).toEqual([{ template: "stay-changed", recipient: guest.email }]);
    // Room 101 takes another guest tonight.
    expect((await book(db(), "101", today, addDays(today, 3))).kind).toBe("booked");
    expect(await overlappingStays(db())).toEqual([]);
  });

  it("bills a guest moved from the second night room by room on the folio, the total unchanged", async () => {
    const guest = await stay("111", -1, 2, true);
    const moved = await post(guest.id, {
      intent: "move-room",
      roomId: String(await roomId(db(), "113")),
      price: "kept",
    });
    expect(moved.status).toBe(303);
    const page = await outcome(
      (folioPage.loader as Handler)(
        routeArgs(staffGet(`/staff/requests/booking/${guest.id}/folio`, cookie), getDatabase().context(), {
          kind: "booking",
          id: guest.id,
        }),
      ),
    );
    expect(page.status).toBe(200);
    const sheet = page.data as {
      folio: { charges: { label: string; detail: string; amount: number }[]; total: number };
    };
    const typeOf = async (room: string) =>
      (await db().selectFrom("rooms").select("type").where("roomNumber", "=", room).executeTakeFirstOrThrow())
        .type;
    const rate = formatKwacha(Number(guest.price));
    expect(sheet.folio.charges).toEqual([
      {
        kind: "charge",
        label: `Room 111 (${await typeOf("111")}), 1 night × ${rate}`,
        detail: `${addDays(today, -1)} to ${today}`,
        amount: Number(guest.price),
      },
      {
        kind: "charge",
        label: `Room 113 (${await typeOf("113")}), 2 nights × ${rate}`,
        detail: `${today} to ${addDays(today, 2)}`,
        amount: Number(guest.totalPrice) - Number(guest.price),
      },
    ]);
    expect(sheet.folio.total).toBe(Number(guest.totalPrice));
  });

  it("moves a stay before arrival at the new room's prices, taxes following", async () => {
    const guest = await stay("103", 20, 22);
    expect(guest.totalPrice).toBe(800);
    const target = await roomId(db(), "116"); // Executive Suite, K550
    expect((await post(guest.id, { intent: "move-room", roomId: String(target), price: "new" })).status).toBe(
      303,
    );
    const after = await row(guest.id);
    expect([after.roomNumber, after.roomFrom, after.totalPrice, after.price]).toEqual([
      "116",
      null,
      1100,
      550,
    ]);
    expect((await nights(guest.id)).map((night) => night.price)).toEqual([550, 550]);
    const taxes = await db()
      .selectFrom("requestTaxLines")
      .select(["kind", "rateBp", "amount"])
      .where("bookingId", "=", guest.id)
      .execute();
    for (const tax of taxes)
      expect(tax.amount).toBe(
        Math.round((1100 * tax.rateBp) / (10_000 + taxes.reduce((s, t) => s + t.rateBp, 0))),
      );
  });

  it("refuses a room just taken, and writes nothing", async () => {
    const guest = await stay("104", 30, 33);
    await stay("105", 32, 34);
    const refused = await post(guest.id, {
      intent: "move-room",
      roomId: String(await roomId(db(), "105")),
      price: "kept",
    });
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toContain("just been taken");
    expect((await row(guest.id)).roomNumber).toBe("104");
    expect(await mails(guest.id)).toEqual([]);
  });

  it("writes a move sent twice once", async () => {
    const guest = await stay("106", 40, 42);
    const fields = {
      intent: "move-room",
      roomId: String(await roomId(db(), "107")),
      price: "kept",
      submissionId: "move-twice",
    };
    const first = await post(guest.id, fields);
    const second = await post(guest.id, fields);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.location).toBe(first.location);
    expect((await history(guest.id)).filter((entry) => entry.note?.startsWith("Moved"))).toHaveLength(1);
    expect(await mails(guest.id)).toHaveLength(1);
  });

  it("extends in the same room, then offers the free rooms when it is taken", async () => {
    const guest = await stay("108", 50, 52);
    expect((await post(guest.id, { intent: "extend", checkOut: addDays(today, 53) })).status).toBe(303);
    expect([(await row(guest.id)).checkOut, (await row(guest.id)).totalPrice]).toEqual([
      addDays(today, 53),
      1200,
    ]);
    await stay("108", 53, 55);
    const taken = await post(guest.id, { intent: "extend", checkOut: addDays(today, 55) });
    expect(taken.status).toBe(409);
    const offer = taken.data as { extension: { checkOut: string; rooms: { id: number }[] } };
    expect(offer.extension.rooms.map((room) => room.id)).not.toContain(await roomId(db(), "108"));
    const other = await roomId(db(), "109");
    const extended = await post(guest.id, {
      intent: "extend",
      checkOut: addDays(today, 55),
      roomId: String(other),
    });
    expect(extended.status).toBe(303);
    const continued = await db()
      .selectFrom("bookings")
      .selectAll()
      .where("message", "like", `Continues ${guest.reference}%`)
      .executeTakeFirstOrThrow();
    expect([continued.roomNumber, continued.checkIn, continued.checkOut]).toEqual([
      "109",
      addDays(today, 53),
      addDays(today, 55),
    ]);
    expect((await row(guest.id)).checkOut).toBe(addDays(today, 53));
    expect(await overlappingStays(db())).toEqual([]);
  });

  it("releases the nights of a guest leaving early, so another booking can take them", async () => {
    const guest = await stay("110", -2, 3, true);
    const left = await post(guest.id, { intent: "shorten", checkOut: today });
    expect(left.status).toBe(303);
    const after = await row(guest.id);
    expect([after.checkOut, after.totalPrice, after.status]).toEqual([today, 800, "Checked in"]);
    expect((await nights(guest.id)).map((night) => night.night)).toEqual([
      addDays(today, -2),
      addDays(today, -1),
    ]);
    expect((await history(guest.id)).at(-1)?.note).toContain("Leaving early");
    expect(await mails(guest.id)).toHaveLength(1);
    expect((await book(db(), "110", today, addDays(today, 2))).kind).toBe("booked");
  });

  it("answers a bad date beside its field, and a shortening that would give back past nights", async () => {
    const guest = await stay("111", -1, 3, true);
    const bad = await post(guest.id, { intent: "shorten", checkOut: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect((bad.data as { fieldErrors: Record<string, string> }).fieldErrors.checkOut).toBe(
      "Please choose a real date.",
    );
    const longer = await post(guest.id, { intent: "shorten", checkOut: addDays(today, 5) });
    expect(longer.status).toBe(409);
    expect((longer.data as { message: string }).message).toContain("before");
  });

  it("shows the change forms on a stay's page", async () => {
    const guest = await stay("112", 60, 62);
    const page = await outcome(
      (detail.loader as Handler)(
        routeArgs(staffGet(`/staff/requests/booking/${guest.id}`, cookie), getDatabase().context(), {
          kind: "booking",
          id: guest.id,
        }),
      ),
    );
    const data = page.data as { changes: { moveFrom: string; until: string } };
    expect(data.changes).toMatchObject({ moveFrom: addDays(today, 60), until: addDays(today, 62) });
  });
});
