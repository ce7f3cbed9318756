import { beforeAll, expect, it } from "vitest";
import { createRateRule, createStayRule, getKeptPrices } from "../../app/features/pricing/rates.server.ts";
import { seasonPriceField } from "../../app/features/pricing/rates-schemas.ts";
import { isoWeekday } from "../../app/features/pricing/rates.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as layout from "~/routes/staff/layout.tsx";
import * as rates from "~/routes/staff/rates.tsx";
import { book } from "./stay-fixtures.ts";
import { createStaff, outcome, routeArgs, signedIn, staffGet, type Outcome } from "./staff-support.ts";
import { describeEachEngine } from "./test-database.ts";

// The manager's rules edited in place, a season priced per room type in one form, no rule dated
// in the past, and every write of /staff/rates safe to send twice and answered by a redirect
// (post/redirect/get), on both engines.

type Handler = (args: never) => unknown;

/** A Monday at least `weeks` weeks away: the rules start there. */
function mondayIn(weeks: number): string {
  let day = addDays(lodgeToday(), weeks * 7);
  while (isoWeekday(day) !== 1) day = addDays(day, 1);
  return day;
}

let submission = 0;

describeEachEngine("rates: editing, seasons, past dates and sending twice", (getDatabase) => {
  const db = () => getDatabase().db;
  const run = (fn: Handler, request: Request): Promise<Outcome> =>
    outcome(fn(routeArgs(request, getDatabase().context())));
  let cookie = "";
  let managerId = 0;
  let types: { type: string; price: number }[] = [];

  beforeAll(async () => {
    managerId = (await createStaff(db(), "manager")).id;
    cookie = (await signedIn(db(), managerId)).cookie;
    const rows = await db().selectFrom("rooms").select(["type", "price"]).orderBy("roomNumber").execute();
    types = [...new Map(rows.map((row) => [row.type, row])).values()].sort((a, b) =>
      a.type.localeCompare(b.type),
    );
  });

  /** A post of /staff/rates as its forms send it: repeated names for the checkbox groups. */
  function post(fields: Record<string, string | string[]>, { id = `seed.form${++submission}` } = {}) {
    const body = new URLSearchParams({ submissionId: id });
    for (const [name, value] of Object.entries(fields))
      for (const one of [value].flat()) body.append(name, one);
    return new Request("http://localhost:3000/staff/rates", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookie,
        Origin: "http://localhost:3000",
      },
      body,
    });
  }
  const act = (fields: Record<string, string | string[]>, options?: { id?: string }) =>
    run(rates.action as Handler, post(fields, options));
  const page = async (search = "") =>
    (await run(rates.loader as Handler, staffGet(`/staff/rates${search}`, cookie))).data as {
      editing: { kind: string; rule: { id: number; name: string } } | null;
      editGone: boolean;
    };
  /** The notice the page shows after the redirect. */
  async function noticeAt(location: string | null) {
    const loaded = await run(layout.loader as Handler, staffGet(location ?? "", cookie));
    return (loaded.data as { notice: { tone: string; message: string } | null }).notice;
  }
  const audit = async () =>
    (
      await db()
        .selectFrom("staffAudit")
        .select("change")
        .where("subject", "=", "rates")
        .orderBy("id")
        .execute()
    ).map((row) => row.change);

  it("edits a rate rule in place through the same checks as adding, audited, and never reprices a booking", async () => {
    const start = mondayIn(12);
    const rule = await createRateRule(
      db(),
      {
        name: "Autumn",
        roomTypes: [],
        startsOn: start,
        endsOn: addDays(start, 13),
        weekdays: [],
        kind: "fixed",
        value: 700,
      },
      null,
    );
    const booked = await book(db(), "101", addDays(start, 1), addDays(start, 3));
    if (booked.kind !== "booked") throw new Error(booked.kind);
    const kept = await getKeptPrices(db(), "booking", booked.booking.id);
    expect(kept.nights.map((night) => night.price)).toEqual([700, 700]);

    // The Edit link's page fills the form with the rule.
    expect((await page(`?edit=rate-${rule.id}`)).editing).toMatchObject({
      kind: "rate",
      rule: { id: rule.id, name: "Autumn" },
    });

    const fields = {
      intent: "update-rate",
      id: String(rule.id),
      name: "Autumn peak",
      startsOn: start,
      endsOn: addDays(start, 6),
      kind: "fixed",
      value: "950",
      weekdays: ["5", "6"],
    };
    const refused = await act({ ...fields, value: "-5" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      form: "rate",
      editing: { id: rule.id, name: "Autumn" },
      fieldErrors: { value: "A fixed price is between K0 and K10,000,000." },
    });

    const saved = await act(fields);
    expect(saved.status).toBe(303);
    expect(saved.location).toMatch(/^\/staff\/rates\?notice=\d+$/);
    expect(await noticeAt(saved.location)).toEqual({
      tone: "success",
      message: "Rate rule 'Autumn peak' changed. Requests already made keep their prices.",
    });
    const stored = await db().selectFrom("rateRules").selectAll().where("id", "=", rule.id).execute();
    expect(stored).toEqual([
      expect.objectContaining({
        name: "Autumn peak",
        value: 950,
        weekdays: [5, 6],
        endsOn: addDays(start, 6),
      }),
    ]);
    expect(await audit()).toContainEqual(
      expect.stringMatching(/^Rate rule changed: 'Autumn peak' .*fixed 950 \(was 'Autumn' .*fixed 700\)$/),
    );
    expect(await getKeptPrices(db(), "booking", booked.booking.id)).toEqual(kept);
    const total = await db()
      .selectFrom("bookings")
      .select("totalPrice")
      .where("id", "=", booked.booking.id)
      .executeTakeFirstOrThrow();
    expect(total.totalPrice).toBe(booked.booking.totalPrice);

    // A rule removed meanwhile: said, not a 500.
    const gone = await act({ ...fields, id: "999999" });
    expect(gone).toMatchObject({ status: 404, data: { message: "That rule no longer exists." } });
    expect((await page("?edit=rate-999999")).editGone).toBe(true);
  });

  it("edits a stay rule in place, and a rule that has begun keeps its first night", async () => {
    const yesterday = addDays(lodgeToday(), -1);
    const rule = await createStayRule(
      db(),
      {
        name: "Running",
        roomTypes: [],
        startsOn: addDays(lodgeToday(), -10),
        endsOn: addDays(lodgeToday(), 20),
        minNights: 2,
        maxNights: null,
        closedToArrival: [],
      },
      null,
    );
    const fields = {
      intent: "update-stay",
      id: String(rule.id),
      name: "Running",
      startsOn: rule.startsOn,
      endsOn: addDays(lodgeToday(), 30),
      minNights: "3",
      maxNights: "",
    };
    const moved = await act({ ...fields, startsOn: yesterday });
    expect(moved).toMatchObject({
      status: 400,
      data: { form: "stay", fieldErrors: { startsOn: "The first arrival night cannot be in the past." } },
    });
    const saved = await act(fields);
    expect(saved.status).toBe(303);
    expect(await noticeAt(saved.location)).toMatchObject({
      message: "Stay rule 'Running' changed. Requests already made keep their prices.",
    });
    const stored = await db()
      .selectFrom("stayRules")
      .selectAll()
      .where("id", "=", rule.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      startsOn: rule.startsOn,
      endsOn: addDays(lodgeToday(), 30),
      minNights: 3,
    });
    expect(await audit()).toContainEqual(
      expect.stringMatching(/^Stay rule changed: 'Running' .*min 3, .*\(was 'Running' .*min 2, /),
    );
  });

  it("refuses stay-rule and rate-rule dates in the past beside their fields", async () => {
    const yesterday = addDays(lodgeToday(), -1);
    const stay = await act({
      intent: "add-stay",
      name: "Old",
      startsOn: yesterday,
      endsOn: yesterday,
      minNights: "2",
    });
    expect(stay.status).toBe(400);
    expect(stay.data).toMatchObject({
      message: "Please check the stay rule.",
      fieldErrors: {
        startsOn: "The first arrival night cannot be in the past.",
        endsOn: "The last arrival night cannot be in the past.",
      },
    });
    const rate = await act({
      intent: "add-rate",
      name: "Old",
      startsOn: yesterday,
      endsOn: lodgeToday(),
      kind: "fixed",
      value: "100",
    });
    expect(rate.data).toMatchObject({ fieldErrors: { startsOn: "The first night cannot be in the past." } });
    expect((rate.data as { fieldErrors: Record<string, string> }).fieldErrors.endsOn).toBeUndefined();
    const today = await act({
      intent: "add-stay",
      name: "From today",
      startsOn: lodgeToday(),
      endsOn: lodgeToday(),
      closedToArrival: ["1"],
    });
    expect(today.status).toBe(303);
    expect(
      await db().selectFrom("stayRules").select("name").where("name", "in", ["Old", "From today"]).execute(),
    ).toEqual([{ name: "From today" }]);
  });

  it("saves a season with a price per room type as one rate rule per priced type, in one go", async () => {
    const [first, second, third] = types;
    if (!first || !second || !third) throw new Error("the seed has three room types");
    const start = mondayIn(20);
    const fields = {
      intent: "add-season",
      name: "Festive",
      startsOn: start,
      endsOn: addDays(start, 9),
      [seasonPriceField(first.type)]: "1200",
      [seasonPriceField(second.type)]: "",
      [seasonPriceField(third.type)]: "800",
    };
    const none = await act({
      ...fields,
      [seasonPriceField(first.type)]: "",
      [seasonPriceField(third.type)]: " ",
    });
    expect(none).toMatchObject({
      status: 400,
      data: { form: "season", fieldErrors: { prices: "Please enter a price for at least one room type." } },
    });
    const bad = await act({ ...fields, [seasonPriceField(third.type)]: "8.5" });
    expect(bad.data).toMatchObject({
      fieldErrors: { [seasonPriceField(third.type)]: "Please enter the price as a whole number of kwacha." },
    });
    expect(await db().selectFrom("rateRules").select("id").where("name", "=", "Festive").execute()).toEqual(
      [],
    );

    const saved = await act(fields);
    expect(saved.status).toBe(303);
    expect(await noticeAt(saved.location)).toMatchObject({
      message: "Season 'Festive' saved as 2 rate rules, one per room type.",
    });
    const rules = await db()
      .selectFrom("rateRules")
      .select(["roomTypes", "kind", "value", "startsOn", "endsOn", "weekdays"])
      .where("name", "=", "Festive")
      .orderBy("id")
      .execute();
    expect(rules).toEqual([
      {
        roomTypes: [first.type],
        kind: "fixed",
        value: 1200,
        startsOn: start,
        endsOn: addDays(start, 9),
        weekdays: [],
      },
      {
        roomTypes: [third.type],
        kind: "fixed",
        value: 800,
        startsOn: start,
        endsOn: addDays(start, 9),
        weekdays: [],
      },
    ]);
    expect((await audit()).filter((change) => change.startsWith("Rate rule added: 'Festive'"))).toHaveLength(
      2,
    );
  });

  it("writes each form once when it is sent twice, and answers both with the same redirect", async () => {
    const start = mondayIn(30);
    const count = async (name: string) =>
      (await db().selectFrom("rateRules").select("id").where("name", "=", name).execute()).length;
    const add = {
      intent: "add-rate",
      name: "Twice",
      startsOn: start,
      endsOn: start,
      kind: "fixed",
      value: "500",
    };
    const first = await act(add, { id: "seed.twice-add" });
    const second = await act(add, { id: "seed.twice-add" });
    expect(first.status).toBe(303);
    expect(second).toMatchObject({ status: 303, location: first.location });
    expect(await count("Twice")).toBe(1);

    const season = {
      intent: "add-season",
      name: "Twice season",
      startsOn: start,
      endsOn: start,
      [seasonPriceField(types[0]!.type)]: "600",
    };
    await act(season, { id: "seed.twice-season" });
    await act(season, { id: "seed.twice-season" });
    expect(await count("Twice season")).toBe(1);

    const id = (
      await db().selectFrom("rateRules").select("id").where("name", "=", "Twice").executeTakeFirstOrThrow()
    ).id;
    const update = { ...add, intent: "update-rate", id: String(id), value: "550" };
    await act(update, { id: "seed.twice-update" });
    await act(update, { id: "seed.twice-update" });
    expect((await audit()).filter((change) => change.startsWith("Rate rule changed: 'Twice'"))).toHaveLength(
      1,
    );

    const remove = { intent: "delete-rate", id: String(id) };
    const removed = await act(remove, { id: "seed.twice-remove" });
    const again = await act(remove, { id: "seed.twice-remove" });
    expect(removed.status).toBe(303);
    expect(again).toMatchObject({ status: 303, location: removed.location });
    expect(await noticeAt(again.location)).toMatchObject({
      message: "Rule removed. Requests already made keep their prices.",
    });
    expect(await count("Twice")).toBe(0);

    // A preview writes nothing and is answered in place.
    const preview = await act({ ...add, intent: "preview-rate", name: "Preview only" });
    expect(preview).toMatchObject({ status: 200, data: { form: "rate", preview: expect.any(Array) } });
    expect(await count("Preview only")).toBe(0);
  });
});
