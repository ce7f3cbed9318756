import { beforeAll, expect, it } from "vitest";
import { getKeptPrices } from "../../app/features/pricing/rates.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { isoWeekday } from "../../app/features/pricing/rates.ts";
import * as exportCsv from "~/routes/staff/export.ts";
import * as calendar from "~/routes/staff/rate-calendar.tsx";
import * as rates from "~/routes/staff/rates.tsx";
import * as detail from "~/routes/staff/request-detail.tsx";
import * as taxes from "~/routes/staff/taxes.tsx";
import { loader as reservationLoader } from "~/routes/reservation.tsx";
import { loader as roomsLoader } from "~/routes/rooms.tsx";
import { loader as bookingLoader } from "~/routes/booking.tsx";
import { book } from "./stay-fixtures.ts";
import {
  createStaff,
  outcome,
  routeArgs,
  signedIn,
  staffGet,
  staffPost,
  type Outcome,
} from "./staff-support.ts";
import { describeEachEngine } from "./test-database.ts";

// The manager's rates, stay rules and taxes screens, and what the public pages and the staff
// request page show of them, on both engines.

type Loader = (args: never) => unknown;

/** A Friday at least `weeks` weeks away. */
function fridayIn(weeks: number): string {
  let day = addDays(lodgeToday(), weeks * 7);
  while (isoWeekday(day) !== 5) day = addDays(day, 1);
  return day;
}

describeEachEngine("rates screens", (getDatabase) => {
  const db = () => getDatabase().db;
  const ctx = () => getDatabase().context();
  const run = (fn: Loader, request: Request, params: Record<string, string> = {}): Promise<Outcome> =>
    outcome(fn(routeArgs(request, ctx(), params)));
  let managerCookie = "";
  let receptionCookie = "";
  let deluxe = { type: "", price: 0 };
  const friday = fridayIn(10);

  beforeAll(async () => {
    const manager = await createStaff(db(), "manager");
    const reception = await createStaff(db(), "reception", manager.id);
    managerCookie = (await signedIn(db(), manager.id)).cookie;
    receptionCookie = (await signedIn(db(), reception.id)).cookie;
    deluxe = await db()
      .selectFrom("rooms")
      .select(["type", "price"])
      .orderBy("roomNumber")
      .executeTakeFirstOrThrow();
  });

  const post = (path: string, fields: Record<string, string> | URLSearchParams, cookie = managerCookie) => {
    const body = fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
    return staffPost(path, Object.fromEntries(body), cookie);
  };

  it("is for managers only", async () => {
    expect((await run(rates.loader as Loader, staffGet("/staff/rates", receptionCookie))).status).toBe(403);
    expect((await run(taxes.loader as Loader, staffGet("/staff/taxes", receptionCookie))).status).toBe(403);
  });

  it("previews a rule's effect without saving it, then saves it; refuses a bad rule with its message", async () => {
    const fields = {
      name: "Weekend",
      startsOn: friday,
      endsOn: addDays(friday, 60),
      kind: "percent",
      value: "25",
    };
    const form = new URLSearchParams({ ...fields, intent: "preview-rate" });
    form.append("weekdays", "5");
    form.append("weekdays", "6");
    const request = new Request("http://localhost:3000/staff/rates", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: managerCookie,
        Origin: "http://localhost:3000",
      },
      body: form,
    });
    const preview = await run(rates.action as Loader, request);
    const rows = (
      preview.data as {
        preview: { type: string; nights: { night: string; before: number; after: number }[] }[];
      }
    ).preview;
    const deluxeRow = rows.find((row) => row.type === deluxe.type)!;
    expect(deluxeRow.nights[0]).toMatchObject({
      night: friday,
      before: deluxe.price,
      after: Math.round(deluxe.price * 1.25),
    });
    expect(deluxeRow.nights[2]).toMatchObject({ before: deluxe.price, after: deluxe.price }); // Sunday
    expect(await db().selectFrom("rateRules").select("id").execute()).toEqual([]);

    form.set("intent", "add-rate");
    const saved = await run(
      rates.action as Loader,
      new Request("http://localhost:3000/staff/rates", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: managerCookie,
          Origin: "http://localhost:3000",
        },
        body: form,
      }),
    );
    expect(saved.status).toBe(303); // post/redirect/get
    const stored = await db().selectFrom("rateRules").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: "Weekend",
      weekdays: [5, 6],
      kind: "percent",
      value: 25,
      roomTypes: [],
    });

    const bad = await run(
      rates.action as Loader,
      post("/staff/rates", { ...fields, endsOn: addDays(friday, -1), intent: "add-rate" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ fieldErrors: { endsOn: "The last night cannot be before the first." } });

    const audit = await db()
      .selectFrom("staffAudit")
      .select("change")
      .where("subject", "=", "rates")
      .execute();
    expect(audit.map((row) => row.change)).toEqual([expect.stringContaining("Rate rule added: 'Weekend'")]);
  });

  it("shows each night of the next 12 months in the calendar with the rule that set it", async () => {
    const page = await run(
      calendar.loader as Loader,
      staffGet(`/staff/rates/${encodeURIComponent(deluxe.type)}`, managerCookie),
      { roomType: deluxe.type },
    );
    const nights = (page.data as { nights: { night: string; price: number; rule: string | null }[] }).nights;
    expect(nights.length).toBeGreaterThanOrEqual(365);
    expect(nights.find((night) => night.night === friday)).toEqual({
      night: friday,
      price: Math.round(deluxe.price * 1.25),
      rule: "Weekend",
    });
    const missing = await run(calendar.loader as Loader, staffGet("/staff/rates/Nope", managerCookie), {
      roomType: "Nope",
    });
    expect(missing.status).toBe(404);
  });

  it("gives the public lists a quote night by night and the stay rules beside the dates", async () => {
    await run(
      rates.action as Loader,
      post("/staff/rates", {
        intent: "add-stay",
        name: "Weekend minimum",
        startsOn: friday,
        endsOn: friday,
        minNights: "2",
        maxNights: "",
      }),
    );
    const query = `checkIn=${friday}&checkOut=${addDays(friday, 3)}`;
    const reservation = (await reservationLoader(
      routeArgs(new Request(`http://localhost:3000/reservation?${query}`), ctx()),
    )) as {
      rooms: { label: string; quote?: { total: number; nights: { price: number }[] } }[];
      stayRuleHints: string[];
    };
    // A room of the type, by its label ('101 - Deluxe - K500': the price is its first night's).
    const room = reservation.rooms.find((r) => r.label.includes(` - ${deluxe.type} - `))!;
    const weekend = Math.round(deluxe.price * 1.25);
    expect(room.quote?.nights.map((n) => n.price)).toEqual([weekend, weekend, deluxe.price]);
    expect(room.quote?.total).toBe(2 * weekend + deluxe.price);
    expect(reservation.stayRuleHints).toEqual([expect.stringMatching(/^Minimum stay 2 nights from /)]);

    const booking = (await bookingLoader(
      routeArgs(new Request(`http://localhost:3000/booking?${query}`), ctx()),
    )) as {
      rooms: { quote?: { total: number } }[];
      stayRuleHints: string[];
    };
    expect(booking.rooms.every((r) => r.quote !== undefined)).toBe(true);
    expect(booking.stayRuleHints).toHaveLength(1);

    const rooms = (await roomsLoader(
      routeArgs(new Request(`http://localhost:3000/rooms?${query}`), ctx()),
    )) as {
      offers: Record<string, { quote?: { total: number } }>;
    };
    expect(rooms.offers[deluxe.type]?.quote?.total).toBe(2 * weekend + deluxe.price);
  });

  it("saves tax settings, and the staff page shows a stay's tax lines and changes its price with a reason", async () => {
    const saved = await run(
      taxes.action as Loader,
      post("/staff/taxes", { vatRegistered: "on", vatRateBp: "16", levyRateBp: "1.5" }),
    );
    expect(saved.status).toBe(303); // post/redirect/get
    const bad = await run(
      taxes.action as Loader,
      post("/staff/taxes", { vatRateBp: "160", levyRateBp: "1.5" }),
    );
    expect(bad.status).toBe(400);

    const result = await book(db(), "102", addDays(friday, 7), addDays(friday, 9));
    if (result.kind !== "booked") throw new Error(result.kind);
    const id = result.booking.id;
    const page = await run(
      detail.loader as Loader,
      staffGet(`/staff/requests/booking/${id}`, receptionCookie),
      {
        kind: "booking",
        id,
      },
    );
    const prices = (page.data as { prices: { total: number; taxes: { kind: string }[]; nights: unknown[] } })
      .prices;
    expect(prices.total).toBe(result.booking.totalPrice);
    expect(prices.taxes.map((line) => line.kind)).toEqual(["vat", "levy"]);
    expect(prices.nights).toHaveLength(2);

    const noReason = await run(
      detail.action as Loader,
      post(
        `/staff/requests/booking/${id}`,
        { intent: "price", totalPrice: "900", reason: "" },
        receptionCookie,
      ),
      { kind: "booking", id },
    );
    expect(noReason.status).toBe(400);
    const changed = await run(
      detail.action as Loader,
      post(
        `/staff/requests/booking/${id}`,
        { intent: "price", totalPrice: "900", reason: "Returning guest" },
        receptionCookie,
      ),
      { kind: "booking", id },
    );
    expect(changed.status).toBe(303); // post/redirect/get
    const kept = await getKeptPrices(db(), "booking", id);
    expect(kept.nights.reduce((sum, night) => sum + night.price, 0)).toBe(900);

    const response = (await exportCsv.loader(
      routeArgs(staffGet(`/staff/export/requests?q=${result.booking.reference}`, receptionCookie), ctx(), {
        list: "requests",
      }),
    )) as Response;
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toContain("Total (K),Of which VAT (K),Of which tourism levy (K)");
    expect(text).toContain(`900,${Math.round((900 * 1600) / 11_750)},${Math.round((900 * 150) / 11_750)}`);
  });
});
