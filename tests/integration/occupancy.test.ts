import { beforeAll, expect, it } from "vitest";
import { buildFolio } from "../../app/features/pricing/folio.ts";
import { createRateRule, getKeptPrices } from "../../app/features/pricing/rates.server.ts";
import { isoWeekday, partyQuote, type ListedQuote } from "../../app/features/pricing/rates.ts";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { SUBMISSION_ID_FIELD } from "../../app/shared/forms/form-result.ts";
import * as bookingApi from "~/routes/api/booking.ts";
import * as rates from "~/routes/staff/rates.tsx";
import { formPost } from "./route-calls.ts";
import { GUEST, reserve, roomId } from "./stay-fixtures.ts";
import { createStaff, outcome, routeArgs, signedIn, type Outcome } from "./staff-support.ts";
import { describeEachEngine } from "./test-database.ts";

// Prices by occupancy (ADR 0031), on both engines: the manager sets what a room type's rate
// covers and its supplements; a stay keeps the supplements of its guests night by night, and a
// later change of rates or supplements never reprices it; the islands' lists carry the supplement
// rates, so their quote for the guests entered is what the booking keeps.

type Handler = (args: never) => unknown;

/** A Monday at least `weeks` weeks away (no weekend rule of the seed touches a Monday stay). */
function mondayIn(weeks: number): string {
  let day = addDays(lodgeToday(), weeks * 7);
  while (isoWeekday(day) !== 1) day = addDays(day, 1);
  return day;
}

let submission = 0;

describeEachEngine("prices by occupancy", (getDatabase) => {
  const db = () => getDatabase().db;
  const run = (fn: Handler, request: Request): Promise<Outcome> =>
    outcome(fn(routeArgs(request, getDatabase().context())));
  let cookie = "";
  let managerId = 0;
  let type = "";
  let rate = 0;

  beforeAll(async () => {
    managerId = (await createStaff(db(), "manager")).id;
    cookie = (await signedIn(db(), managerId)).cookie;
    const room = await db()
      .selectFrom("rooms")
      .select(["type", "price"])
      .where("roomNumber", "=", "101")
      .executeTakeFirstOrThrow();
    type = room.type;
    rate = room.price;
  });

  function post(fields: Record<string, string>, id = `seed.form${++submission}`) {
    return new Request("http://localhost:3000/staff/rates", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookie,
        Origin: "http://localhost:3000",
      },
      body: new URLSearchParams({ submissionId: id, ...fields }),
    });
  }
  const occupancy = (fields: Record<string, string>, id?: string) =>
    run(rates.action as Handler, post({ intent: "set-occupancy", roomType: type, ...fields }, id));

  it("keeps every room's prices as they were until the manager sets supplements", async () => {
    const rooms = await db()
      .selectFrom("rooms")
      .select(["coveredAdults", "adultSupplement", "childSupplement"])
      .execute();
    expect(rooms.length).toBeGreaterThan(0);
    for (const room of rooms)
      expect(room).toEqual({ coveredAdults: 2, adultSupplement: 0, childSupplement: 0 });
    const start = mondayIn(30);
    const booked = await bookRoom(db(), {
      ...GUEST,
      adults: 4,
      children: 2,
      roomId: await roomId(db(), "102"),
      checkIn: start,
      checkOut: addDays(start, 2),
    });
    if (booked.kind !== "booked") throw new Error(booked.kind);
    const kept = await getKeptPrices(db(), "booking", booked.booking.id);
    expect(kept.nights.map((night) => night.supplement)).toEqual([undefined, undefined]);
  });

  it("refuses bad input beside its field, and saves once when sent twice", async () => {
    const refused = await occupancy({ coveredAdults: "0", adultSupplement: "-5", childSupplement: "x" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      form: "occupancy",
      fieldErrors: {
        coveredAdults: "The rate covers at least 1 adult.",
        adultSupplement: "The supplement for an extra adult cannot be negative.",
        childSupplement: "Please enter the supplement for a child as a whole number of kwacha.",
      },
    });
    const unknown = await occupancy({
      roomType: "No such type",
      coveredAdults: "2",
      adultSupplement: "1",
      childSupplement: "1",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ fieldErrors: { roomType: "No room has that type." } });

    const fields = { coveredAdults: "2", adultSupplement: "150", childSupplement: "75" };
    const first = await occupancy(fields, "seed.occupancy-twice");
    const again = await occupancy(fields, "seed.occupancy-twice");
    expect(first.status).toBe(303);
    expect(again.status).toBe(303);
    expect(again.location).toBe(first.location);
    const audited = await db()
      .selectFrom("staffAudit")
      .select("change")
      .where("subjectId", "=", `occupancy:${type}`)
      .execute();
    expect(audited).toEqual([{ change: expect.stringContaining("extra adult K150, child K75") }]);
    const rooms = await db()
      .selectFrom("rooms")
      .select(["coveredAdults", "adultSupplement", "childSupplement"])
      .where("type", "=", type)
      .execute();
    for (const room of rooms)
      expect(room).toEqual({ coveredAdults: 2, adultSupplement: 150, childSupplement: 75 });
  });

  it("refuses a manager's page to other roles", async () => {
    const reception = await createStaff(db(), "reception", managerId);
    const other = (await signedIn(db(), reception.id)).cookie;
    const request = new Request("http://localhost:3000/staff/rates", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: other,
        Origin: "http://localhost:3000",
      },
      body: new URLSearchParams({
        submissionId: "seed.occupancy-reception",
        intent: "set-occupancy",
        roomType: type,
        coveredAdults: "1",
        adultSupplement: "9",
        childSupplement: "9",
      }),
    });
    const answer = await run(rates.action as Handler, request);
    expect(answer.status).toBe(403);
  });

  it("keeps a booking of 3 adults and a child with its supplements, whatever changes later", async () => {
    const start = mondayIn(31);
    const booked = await bookRoom(db(), {
      ...GUEST,
      adults: 3,
      children: 1,
      roomId: await roomId(db(), "101"),
      checkIn: start,
      checkOut: addDays(start, 2),
    });
    if (booked.kind !== "booked") throw new Error(booked.kind);
    const night = rate + 150 + 75;
    expect(booked.booking.totalPrice).toBe(2 * night);
    const kept = await getKeptPrices(db(), "booking", booked.booking.id);
    expect(kept.nights.map(({ price, supplement }) => [price, supplement])).toEqual([
      [night, 225],
      [night, 225],
    ]);

    // Rates and supplements change: the booking keeps what it was made at.
    await db()
      .updateTable("rooms")
      .set({ price: rate + 1000 })
      .where("type", "=", type)
      .execute();
    expect(
      (await occupancy({ coveredAdults: "1", adultSupplement: "999", childSupplement: "999" })).status,
    ).toBe(303);
    const after = await getKeptPrices(db(), "booking", booked.booking.id);
    expect(after.nights).toEqual(kept.nights);
    const folio = buildFolio({ kind: "booking", ...booked.booking, kept: after, roomCount: 1 } as never, []);
    expect(folio.total).toBe(2 * night);
    expect(folio.charges[0]?.label).toContain("incl. K225 a night for extra guests");
    await db().updateTable("rooms").set({ price: rate }).where("type", "=", type).execute();
    await occupancy({ coveredAdults: "2", adultSupplement: "150", childSupplement: "75" });
  });

  it("prices a rule's own supplements, and a reservation's rooms cover their adults together", async () => {
    const start = mondayIn(33);
    await createRateRule(
      db(),
      {
        name: "Family season",
        roomTypes: [type],
        startsOn: start,
        endsOn: addDays(start, 6),
        weekdays: [],
        kind: "amount",
        value: 0,
        adultSupplement: 300,
        childSupplement: null,
      },
      null,
    );
    const reserved = await reserve(db(), "101", start, addDays(start, 1), {
      adults: 5,
      children: 1,
      roomCount: 2,
      numberOfPeople: 6,
    });
    if (reserved.kind !== "saved") throw new Error(reserved.kind);
    // Two rooms cover 4 adults: one extra adult at the rule's K300, the child at the type's K75.
    expect(reserved.record.totalPrice).toBe(rate * 2 + 300 + 75);
    const kept = await getKeptPrices(db(), "reservation", reserved.record.id);
    expect(kept.nights).toEqual([
      { night: start, price: rate * 2 + 375, rule: "Family season", supplement: 375 },
    ]);
    // The rates' change log names the rule's supplements in kwacha.
    const logged = await db()
      .selectFrom("staffAudit")
      .select("change")
      .where("change", "like", "%Family season%")
      .execute();
    expect(logged).toEqual([{ change: expect.stringContaining("supplements adult K300 child room's") }]);
  });

  it("hands the islands the supplement rates, so their quote for the guests is what is kept", async () => {
    const checkIn = mondayIn(35);
    const checkOut = addDays(checkIn, 3);
    const response = (await bookingApi.loader({
      request: new Request(
        `http://localhost:3000/api/booking?tab=room&checkIn=${checkIn}&checkOut=${checkOut}`,
      ),
      context: getDatabase().context(),
      params: {},
    } as never)) as Response;
    const lists = (await response.json()) as { rooms: { id: number; type: string; quote: ListedQuote }[] };
    const listed = lists.rooms.find((option) => option.type === type)!;
    expect(listed.quote.covered).toBe(2);
    expect(listed.quote.rates).toEqual([
      { adult: 150, child: 75 },
      { adult: 150, child: 75 },
      { adult: 150, child: 75 },
    ]);
    const guests = { adults: 3, children: 2 };
    const quoted = partyQuote(listed.quote, guests).total;

    const fields = {
      tab: "room",
      name: "Family Guest",
      email: "family@example.com",
      phone: "0977 123456",
      paymentMethod: "Cash",
      checkIn,
      checkOut,
      adults: "3",
      children: "2",
      roomId: String(listed.id),
      [SUBMISSION_ID_FIELD]: crypto.randomUUID(),
    };
    const answer = (await bookingApi.action({
      request: formPost("/api/booking?tab=room", fields),
      context: getDatabase().context(),
      params: {},
    } as never)) as Response;
    expect(answer.status, await answer.clone().text()).toBe(200);
    const stored = await db()
      .selectFrom("bookings")
      .select("totalPrice")
      .where("submissionId", "like", `${fields[SUBMISSION_ID_FIELD]}%`)
      .executeTakeFirstOrThrow();
    expect(stored.totalPrice).toBe(quoted);
    expect(quoted).toBe(listed.quote.total + 3 * (150 + 2 * 75));
  });

  it("refuses negative supplements and no covered adult in the database itself", async () => {
    await expect(
      db().updateTable("rooms").set({ adultSupplement: -1 }).where("roomNumber", "=", "101").execute(),
    ).rejects.toThrow();
    await expect(
      db().updateTable("rooms").set({ coveredAdults: 0 }).where("roomNumber", "=", "101").execute(),
    ).rejects.toThrow();
    await expect(db().updateTable("rateRules").set({ childSupplement: -1 }).execute()).rejects.toThrow();
  });
});
