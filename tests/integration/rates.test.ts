import { beforeAll, expect, it } from "vitest";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import {
  createRateRule,
  createStayRule,
  deleteRule,
  getKeptPrices,
  listRateRules,
} from "../../app/features/pricing/rates.server.ts";
import { changeRequestPrice } from "../../app/features/desk/price-change.server.ts";
import { listHistory } from "../../app/features/requests/request-history.server.ts";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { insertVenueBooking } from "../../app/features/venues/venue-bookings.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { SUBMISSION_ID_FIELD } from "../../app/shared/forms/form-result.ts";
import { isoWeekday } from "../../app/features/pricing/rates.ts";
import { action as reservationAction } from "~/routes/reservation.tsx";
import { answer, args, formPost } from "./route-calls.ts";
import { GUEST, reserve } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// Prices that follow the calendar, kept per request, on both engines.

/** The next Thursday at least `weeks` weeks from today: stays start there so weekends are known. */
function thursdayIn(weeks: number): string {
  let day = addDays(lodgeToday(), weeks * 7);
  while (isoWeekday(day) !== 4) day = addDays(day, 1);
  return day;
}

describeEachEngine("rates", (getDatabase) => {
  const db = () => getDatabase().db;
  let deluxe: { id: number; price: number; type: string; roomNumber: string };
  // A season from a Saturday, a weekend supplement on Fridays and Saturdays.
  const arrival = thursdayIn(20); // Thu
  const seasonStart = addDays(arrival, 2); // Sat

  beforeAll(async () => {
    deluxe = await db()
      .selectFrom("rooms")
      .select(["id", "price", "type", "roomNumber"])
      .orderBy("roomNumber")
      .executeTakeFirstOrThrow();
    await createRateRule(
      db(),
      {
        name: "High season",
        roomTypes: [deluxe.type],
        startsOn: seasonStart,
        endsOn: addDays(seasonStart, 30),
        weekdays: [],
        kind: "fixed",
        value: deluxe.price + 200,
      },
      null,
    );
    await createRateRule(
      db(),
      {
        name: "Weekend",
        roomTypes: [],
        startsOn: addDays(arrival, -30),
        endsOn: addDays(arrival, 120),
        weekdays: [5, 6],
        kind: "percent",
        value: 10,
      },
      null,
    );
    await updateLodgeSettings(db(), { vatRegistered: true }, null);
  });

  it("prices a booking across a season and a weekend rule night by night and keeps its tax lines", async () => {
    const result = await bookRoom(db(), {
      ...GUEST,
      roomId: deluxe.id,
      checkIn: arrival,
      checkOut: addDays(arrival, 4),
    });
    if (result.kind !== "booked") throw new Error(result.kind);
    const base = deluxe.price;
    const season = base + 200;
    const expected = [
      { night: arrival, price: base, rule: null }, // Thu
      { night: addDays(arrival, 1), price: Math.round(base * 1.1), rule: "Weekend" }, // Fri
      { night: addDays(arrival, 2), price: Math.round(season * 1.1), rule: "High season + Weekend" }, // Sat
      { night: addDays(arrival, 3), price: season, rule: "High season" }, // Sun
    ];
    const total = expected.reduce((sum, night) => sum + night.price, 0);
    expect(result.booking.totalPrice).toBe(total);
    expect(result.booking.price).toBe(base); // the first night's rate
    const kept = await getKeptPrices(db(), "booking", result.booking.id);
    expect(kept.nights).toEqual(expected);
    expect(kept.taxes).toEqual([
      { kind: "vat", rateBp: 1600, amount: Math.round((total * 1600) / 11_750) },
      { kind: "levy", rateBp: 150, amount: Math.round((total * 150) / 11_750) },
    ]);

    // Changing a rule, removing one and changing the taxes never reprice it.
    const rules = await listRateRules(db());
    await deleteRule(db(), "rate-rule", rules.find((rule) => rule.name === "Weekend")!.id, null);
    await updateLodgeSettings(db(), { vatRegistered: false, levyRateBp: 200 }, null);
    const after = await getKeptPrices(db(), "booking", result.booking.id);
    expect(after).toEqual(kept);
    const row = await db()
      .selectFrom("bookings")
      .select("totalPrice")
      .where("id", "=", result.booking.id)
      .executeTakeFirstOrThrow();
    expect(row.totalPrice).toBe(total);
    await updateLodgeSettings(db(), { vatRegistered: true, levyRateBp: 150 }, null);
  });

  it("refuses a stay that breaks the stay rule in force on its arrival night, beside the dates", async () => {
    const start = addDays(arrival, 60);
    await createStayRule(
      db(),
      {
        name: "Two nights",
        roomTypes: [],
        startsOn: start,
        endsOn: addDays(start, 10),
        minNights: 2,
        maxNights: null,
        closedToArrival: [],
      },
      null,
    );
    const refused = await bookRoom(db(), {
      ...GUEST,
      roomId: deluxe.id,
      checkIn: start,
      checkOut: addDays(start, 1),
    });
    expect(refused).toEqual({
      kind: "stay-rule",
      message: expect.stringMatching(/^Minimum stay 2 nights from /),
    });
    expect(await db().selectFrom("bookings").select("id").where("checkIn", "=", start).execute()).toEqual([]);

    // /reservation: the same message beside the check-out date, and nothing saved. A one-night
    // stay after the form's clamp (check-out = check-in) is refused as well.
    for (const checkOut of [addDays(start, 1), start]) {
      const { status, result } = await answer(
        reservationAction(
          args(
            formPost("/reservation", {
              name: "Chanda Mulenga",
              email: "chanda@example.com",
              phone: "+260 97 555 0101",
              checkIn: start,
              checkOut,
              adults: "2",
              children: "0",
              roomCount: "1",
              roomId: String(deluxe.id),
              paymentMethod: "Cash",
              message: "Late arrival",
              [SUBMISSION_ID_FIELD]: `rates-${checkOut}`,
            }),
            getDatabase().context(),
          ),
        ),
      );
      expect(status).toBe(400);
      expect(result).toMatchObject({
        status: "invalid",
        fieldErrors: { checkOut: expect.stringMatching(/^Minimum stay 2 nights from /) },
      });
    }

    // Staff may override it with a reason, recorded in the history.
    const overridden = await bookRoom(db(), {
      ...GUEST,
      roomId: deluxe.id,
      checkIn: start,
      checkOut: addDays(start, 1),
      stayRuleOverride: { reason: "Regular guest, one night only", staffAccountId: await staffId() },
    });
    if (overridden.kind !== "booked") throw new Error(overridden.kind);
    const history = await listHistory(db(), "booking", overridden.booking.id);
    expect(history[0]).toMatchObject({
      actor: "staff",
      note: expect.stringContaining("Regular guest, one night only"),
    });
    expect(history[0]?.note).toContain("Minimum stay 2 nights");
  });

  it("lets staff change a request's price with a reason: nights follow, taxes at the kept rates", async () => {
    const saved = await reserve(db(), deluxe.roomNumber, addDays(arrival, 100), addDays(arrival, 103));
    if (saved.kind !== "saved") throw new Error(saved.kind);
    const before = await getKeptPrices(db(), "reservation", saved.record.id);
    await updateLodgeSettings(db(), { vatRegistered: false }, null);
    const changed = await changeRequestPrice(
      db(),
      { kind: "reservation", id: saved.record.id },
      1000,
      "Corporate rate",
      await staffId(),
    );
    expect(changed).toEqual({ kind: "changed", from: saved.record.totalPrice, to: 1000 });
    const after = await getKeptPrices(db(), "reservation", saved.record.id);
    expect(after.nights.reduce((sum, night) => sum + night.price, 0)).toBe(1000);
    expect(after.nights.map((night) => night.night)).toEqual(before.nights.map((night) => night.night));
    // Still VAT at 16%: the rate it was made at, though the lodge has since deregistered.
    expect(after.taxes).toEqual([
      { kind: "vat", rateBp: 1600, amount: Math.round((1000 * 1600) / 11_750) },
      { kind: "levy", rateBp: 150, amount: Math.round((1000 * 150) / 11_750) },
    ]);
    const history = await listHistory(db(), "reservation", saved.record.id);
    expect(history.at(-1)).toMatchObject({
      actor: "staff",
      note: expect.stringContaining("K1,000: Corporate rate"),
    });
    await updateLodgeSettings(db(), { vatRegistered: true }, null);
  });

  it("puts the levy on venue bookings of 25 people or more only", async () => {
    const venue = await db().selectFrom("venues").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const book = (people: number, day: number) =>
      insertVenueBooking(db(), {
        name: GUEST.name,
        email: GUEST.email,
        phone: GUEST.phone,
        paymentMethod: GUEST.paymentMethod,
        submissionId: null,
        message: null,
        venueId: venue.id,
        venueName: venue.venue,
        bookingDate: addDays(arrival, day),
        numberOfPeople: people,
        totalPrice: venue.price,
      });
    const small = await book(24, 200);
    const large = await book(25, 201);
    if (small.kind !== "saved" || large.kind !== "saved") throw new Error("not saved");
    expect((await getKeptPrices(db(), "venue-booking", small.record.id)).taxes.map((t) => t.kind)).toEqual([
      "vat",
    ]);
    expect((await getKeptPrices(db(), "venue-booking", large.record.id)).taxes.map((t) => t.kind)).toEqual([
      "vat",
      "levy",
    ]);
  });

  async function staffId(): Promise<number> {
    const existing = await db().selectFrom("staffAccounts").select("id").executeTakeFirst();
    if (existing) return existing.id;
    const row = await db()
      .insertInto("staffAccounts")
      .values({
        email: "manager@example.com",
        name: "Manager",
        role: "manager",
        passwordHash: null,
        disabledAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
