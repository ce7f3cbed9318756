import { beforeAll, expect, it } from "vitest";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as layout from "~/routes/staff/layout.tsx";
import * as detail from "~/routes/staff/request-detail.tsx";
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

// The console's forms are safe to send twice (app/features/staff/staff-submissions.server.ts): one
// submission id per rendered form, kept by the database in the write's own transaction, and every
// success answered by a redirect to the page (post/redirect/get) that names its notice.

type Handler = (args: never) => unknown;

describeEachEngine("the console's forms sent twice", (getDatabase) => {
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
      .orderBy("roomNumber", "desc")
      .offset(roomSeq - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
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

  const payments = async (id: string) =>
    db().selectFrom("payments").select(["amount"]).where("bookingId", "=", id).execute();

  /** The notice the page shows after following the redirect. */
  async function noticeAt(location: string) {
    const page = await run(layout.loader as Handler, staffGet(location, cookie));
    return (page.data as { notice: { tone: string; message: string; receiptId?: string } | null }).notice;
  }

  it("records a payment once when the same form is sent twice, and answers both with the same redirect", async () => {
    const stay = await booking(lodgeToday());
    const path = `/staff/requests/booking/${stay.id}`;
    const params = { kind: "booking", id: stay.id };
    const fields = {
      submissionId: "seed123.form1",
      intent: "record-payment",
      entryKind: "payment",
      method: "Cash",
      amount: "500",
      transactionId: "",
      note: "",
    };
    const first = await run(detail.action as Handler, staffPost(path, fields, cookie), params);
    const second = await run(detail.action as Handler, staffPost(path, fields, cookie), params);
    expect(first.status).toBe(303);
    expect(first.location).toMatch(new RegExp(`^${path}\\?notice=\\d+$`));
    expect(second).toMatchObject({ status: 303, location: first.location });
    expect(await payments(stay.id)).toEqual([{ amount: 500 }]);
    expect(await noticeAt(first.location!)).toMatchObject({
      tone: "success",
      message: "Payment of K500 (Cash) recorded.",
    });

    // Sent at the same moment: the database's unique key lets one through.
    const twin = { ...fields, submissionId: "seed123.form2", amount: "200" };
    const both = await Promise.all([
      run(detail.action as Handler, staffPost(path, twin, cookie), params),
      run(detail.action as Handler, staffPost(path, twin, cookie), params),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([303, 303]);
    expect(both[0]!.location).toBe(both[1]!.location);
    expect(await payments(stay.id)).toHaveLength(2);

    // A new rendered form (a new id) records again; a refusal writes nothing and keeps the id free.
    const refused = await run(
      detail.action as Handler,
      staffPost(path, { ...fields, submissionId: "seed456.form1", amount: "-3" }, cookie),
      params,
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ fieldErrors: { amount: expect.any(String) } });
    const again = await run(
      detail.action as Handler,
      staffPost(path, { ...fields, submissionId: "seed456.form1" }, cookie),
      params,
    );
    expect(again.status).toBe(303);
    expect(again.location).not.toBe(first.location);
    expect(await payments(stay.id)).toHaveLength(3);
  });

  it("changes a status once for a form sent twice, from today's page, and redirects to today", async () => {
    const stay = await booking(lodgeToday(), 1);
    const fields = { submissionId: "seed789.form3", kind: "booking", id: stay.id, intent: "check-in" };
    const first = await run(today.action as Handler, staffPost("/staff?index", fields, cookie));
    const second = await run(today.action as Handler, staffPost("/staff?index", fields, cookie));
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^\/staff\?notice=\d+$/);
    expect(second.location).toBe(first.location);
    expect(await noticeAt(first.location!)).toMatchObject({
      message: "Room booking: Confirmed → Checked in.",
    });
    const history = await db()
      .selectFrom("requestHistory")
      .select("toStatus")
      .where("requestKind", "=", "booking")
      .where("requestId", "=", stay.id)
      .execute();
    expect(history.filter((entry) => entry.toStatus === "Checked in")).toHaveLength(1);
  });

  it("redirects a hydrated console's data request to the page's own address", async () => {
    const stay = await booking(lodgeToday());
    const path = `/staff/requests/booking/${stay.id}`;
    const sent = await run(
      detail.action as Handler,
      staffPost(
        `${path}.data?_routes=routes%2Fstaff%2Frequest-detail`,
        {
          submissionId: "seeddata.form1",
          intent: "record-payment",
          entryKind: "payment",
          method: "Cash",
          amount: "70",
        },
        cookie,
      ),
      { kind: "booking", id: stay.id },
    );
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(new RegExp(`^${path}\\?notice=\\d+$`));
  });

  it("shows a notice only to the staff member whose write it was", async () => {
    const stay = await booking(lodgeToday());
    const path = `/staff/requests/booking/${stay.id}`;
    const done = await run(
      detail.action as Handler,
      staffPost(
        path,
        {
          submissionId: "seedabc.form1",
          intent: "record-payment",
          entryKind: "payment",
          method: "Cash",
          amount: "50",
        },
        cookie,
      ),
      { kind: "booking", id: stay.id },
    );
    const other = await createStaff(
      db(),
      "reception",
      (await db().selectFrom("staffAccounts").select("id").orderBy("id").executeTakeFirstOrThrow()).id,
    );
    const otherCookie = (await signedIn(db(), other.id)).cookie;
    const page = await run(layout.loader as Handler, staffGet(done.location!, otherCookie));
    expect((page.data as { notice: unknown }).notice).toBeNull();
  });
});
