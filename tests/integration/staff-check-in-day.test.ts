import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { addDays, formatDisplayDate, lodgeToday } from "../../app/shared/dates.ts";
import * as detail from "~/routes/staff/request-detail.tsx";
import * as requests from "~/routes/staff/requests.tsx";
import * as today from "~/routes/staff/today.tsx";
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

// Check-in belongs to the stay's arrival day, the lodge's own date (the day before only once staff
// confirm an early arrival); the request list writes its dates as the console does; a request's
// technical details show no token or hash.

type Handler = (args: never) => unknown;

describeEachEngine("the day a stay is checked in", (getDatabase) => {
  let cookie: string;
  let roomSeq = 0;
  const db = () => getDatabase().db;
  const run = (fn: Handler, request: Request, params: Record<string, string> = {}): Promise<Outcome> =>
    outcome(fn(routeArgs(request, getDatabase().context(), params)));

  beforeAll(async () => {
    const manager = await createStaff(db(), "manager");
    cookie = (await signedIn(db(), manager.id)).cookie;
  });

  async function booking(checkIn: string, nights = 2) {
    roomSeq += 1;
    const room = await db()
      .selectFrom("rooms")
      .select("id")
      .orderBy("roomNumber")
      .offset(roomSeq - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const result = await bookRoom(db(), {
      roomId: room.id,
      checkIn,
      checkOut: addDays(checkIn, nights),
      name: "Early Guest",
      email: "early@example.com",
      phone: "+260 977 123456",
      paymentMethod: "Cash",
      adults: 1,
      children: 0,
      submissionId: null,
    } as never);
    if (result.kind !== "booked") throw new Error(result.kind);
    return result.booking;
  }

  const status = async (id: string) =>
    (await db().selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow())
      .status;

  const checkIn = (id: string, extra: Record<string, string> = {}) =>
    run(
      detail.action as Handler,
      staffPost(`/staff/requests/booking/${id}`, { intent: "check-in", ...extra }, cookie),
      { kind: "booking", id },
    );

  it("refuses a check-in months before the arrival, on the request's page and on today's", async () => {
    const arrival = addDays(lodgeToday(), 292);
    const stay = await booking(arrival);
    const refused = await checkIn(stay.id);
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({
      tone: "error",
      message: `This stay arrives on ${formatDisplayDate(arrival)}: it can be checked in from that day.`,
    });
    const fromToday = await run(
      today.action as Handler,
      staffPost("/staff?index", { kind: "booking", id: stay.id, intent: "check-in" }, cookie),
    );
    expect(fromToday.status).toBe(409);
    expect(await status(stay.id)).toBe("Confirmed");
    // The page knows the dates and the lodge's today, so it offers no "Check in".
    const page = await run(detail.loader as Handler, staffGet(`/staff/requests/booking/${stay.id}`, cookie), {
      kind: "booking",
      id: stay.id,
    });
    expect((page.data as { stay: unknown }).stay).toEqual({
      checkIn: arrival,
      checkOut: addDays(arrival, 2),
      today: lodgeToday(),
    });
  });

  it("asks before checking in the day before the arrival, and does it once confirmed", async () => {
    const arrival = addDays(lodgeToday(), 1);
    const stay = await booking(arrival);
    const asked = await checkIn(stay.id);
    expect(asked.status).toBe(409);
    expect(asked.data).toMatchObject({
      tone: "error",
      earlyCheckIn: { kind: "booking", id: stay.id, arrival: formatDisplayDate(arrival) },
    });
    expect(await status(stay.id)).toBe("Confirmed");
    const done = await checkIn(stay.id, { earlyArrival: "yes" });
    expect(done.status).toBe(303);
    expect(await status(stay.id)).toBe("Checked in");
  });

  it("checks in on the arrival day, and refuses once the stay's last night is past", async () => {
    const stay = await booking(lodgeToday());
    expect((await checkIn(stay.id)).status).toBe(303);
    expect(await status(stay.id)).toBe("Checked in");
    const past = await booking(addDays(lodgeToday(), 5));
    // A stay whose dates are behind the lodge's today (set by hand: no form books the past).
    await sql`update bookings set check_in = ${addDays(lodgeToday(), -3)}::date, check_out = ${addDays(lodgeToday(), -1)}::date where id = ${past.id}::uuid`.execute(
      db(),
    );
    const late = await checkIn(past.id);
    expect(late.status).toBe(409);
    expect((late.data as { message: string }).message).toMatch(/can no longer be checked in\.$/);
  });

  it("writes the request list's dates as the console does, and shows no token or hash in a request's details", async () => {
    const arrival = addDays(lodgeToday(), 40);
    const stay = await booking(arrival);
    const listed = await run(
      requests.loader as Handler,
      staffGet(`/staff/requests?q=${stay.reference}`, cookie),
    );
    const row = (listed.data as { rows: { id: string; summary: string }[] }).rows.find(
      (r) => r.id === stay.id,
    );
    expect(row?.summary).toContain(
      `${formatDisplayDate(arrival)} to ${formatDisplayDate(addDays(arrival, 2))}`,
    );
    expect(row?.summary).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    await sql`update bookings set pay_token_hash = ${"ab".repeat(32)} where id = ${stay.id}::uuid`.execute(
      db(),
    );
    const page = await run(detail.loader as Handler, staffGet(`/staff/requests/booking/${stay.id}`, cookie), {
      kind: "booking",
      id: stay.id,
    });
    const fields = (page.data as { fields: { key: string; value: string }[] }).fields;
    expect(fields.length).toBeGreaterThan(5);
    expect(fields.map((field) => field.key).join(" ")).not.toMatch(/token|hash/);
    expect(fields.map((field) => field.value)).not.toContain("ab".repeat(32));
  });
});
