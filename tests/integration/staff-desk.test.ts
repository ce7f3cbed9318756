import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import {
  PHONE_REQUIRED,
  ROOM_JUST_BOOKED,
  VALID_EMAIL,
  VENUE_ALREADY_BOOKED,
} from "../../app/shared/messages.ts";
import { NOT_A_TAX_INVOICE } from "../../app/features/pricing/folio.ts";
import { CHECK_IN_NOW_NOT_TODAY, TRANSACTION_ID_REQUIRED } from "../../app/features/desk/desk-schema.ts";
import * as desk from "~/routes/staff/desk.tsx";
import * as detail from "~/routes/staff/request-detail.tsx";
import * as folio from "~/routes/staff/folio.tsx";
import * as receipt from "~/routes/staff/receipt.tsx";
import * as requests from "~/routes/staff/requests.tsx";
import * as today from "~/routes/staff/today.tsx";
import { describeEachEngine } from "./test-database.ts";
import {
  afterRedirect,
  createStaff,
  outcome,
  routeArgs,
  signedIn,
  staffGet,
  staffPost,
  type Outcome,
} from "./staff-support.ts";

// The front desk: bookings by phone and at the door through the public forms' data
// functions, the payments ledger, receipts and folios, balances on Today and in the inbox.

type Loader = (args: never) => unknown;

describeEachEngine("staff desk", (getDatabase) => {
  let cookie: string;
  let staffName: string;
  let roomSeq = 0;
  const db = () => getDatabase().db;
  // A write's success is a redirect (303): to the new request's page, or to the page it was sent
  // from with its notice, read there (`afterRedirect`).
  const run = async (fn: Loader, request: Request, params: Record<string, string> = {}): Promise<Outcome> => {
    const context = getDatabase().context();
    return afterRedirect(await outcome(fn(routeArgs(request, context, params))), request, context);
  };

  beforeAll(async () => {
    const manager = await createStaff(db(), "manager");
    const reception = await createStaff(db(), "reception", manager.id);
    cookie = (await signedIn(db(), reception.id)).cookie;
    const account = await db()
      .selectFrom("staffAccounts")
      .select("name")
      .where("id", "=", reception.id)
      .executeTakeFirstOrThrow();
    staffName = account.name;
  });

  /** A room of its own per test (from the top of the list), so stays never collide. */
  async function room() {
    roomSeq += 1;
    return db()
      .selectFrom("rooms")
      .selectAll()
      .orderBy("roomNumber", "desc")
      .offset(roomSeq - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  const phoneBooking = (roomId: number, overrides: Record<string, string> = {}) => ({
    tab: "room",
    channel: "phone",
    submissionId: crypto.randomUUID(),
    name: "Mutale Banda",
    phone: "+260 977 555123",
    email: "",
    roomId: String(roomId),
    checkIn: addDays(lodgeToday(), 5),
    checkOut: addDays(lodgeToday(), 7),
    adults: "2",
    children: "0",
    paymentMethod: "Cash",
    ...overrides,
  });

  const post = (fields: Record<string, string>) =>
    run(desk.action as Loader, staffPost("/staff/desk", fields, cookie));

  function idFrom(location: string | null, kind: string): string {
    const match = new RegExp(`^/staff/requests/${kind}/([0-9a-f-]{36})\\?entered=1$`).exec(location ?? "");
    if (!match?.[1]) throw new Error(`unexpected location ${location}`);
    return match[1];
  }

  it("lists the rooms free for the stay and the venues free that day", async () => {
    const taken = await room();
    const first = phoneBooking(taken.id);
    expect((await post(first)).status).toBe(303);
    const page = await run(
      desk.loader as Loader,
      staffGet(`/staff/desk?checkIn=${first.checkIn}&checkOut=${first.checkOut}`, cookie),
    );
    const data = page.data as { rooms: { id: string }[]; venues: unknown[] };
    expect(data.rooms.map((r) => r.id)).not.toContain(String(taken.id));
    expect(data.rooms.length).toBeGreaterThan(0);
    expect(data.venues.length).toBeGreaterThan(0);
  });

  it("enters a phone booking without an e-mail: channel phone, history by staff, no mail to the guest", async () => {
    const target = await room();
    const got = await post(phoneBooking(target.id));
    expect(got.status).toBe(303);
    const id = idFrom(got.location, "booking");
    const row = await db().selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: null,
      channel: "phone",
      status: "Confirmed",
      phone: "+260 977 555123",
    });
    expect(row.totalPrice).toBe(target.price * 2);
    const history = await db().selectFrom("requestHistory").selectAll().where("requestId", "=", id).execute();
    expect(history).toEqual([expect.objectContaining({ toStatus: "Confirmed", actor: "staff" })]);
    const mails = await db().selectFrom("outbox").select(["audience"]).where("requestId", "=", id).execute();
    expect(mails.map((m) => m.audience)).toEqual(["lodge"]);
  });

  it("sends the guest's mail when staff give an e-mail", async () => {
    const got = await post(phoneBooking((await room()).id, { email: "guest@example.com" }));
    const id = idFrom(got.location, "booking");
    const mails = await db()
      .selectFrom("outbox")
      .select(["audience", "recipient"])
      .where("requestId", "=", id)
      .execute();
    expect(mails).toEqual(
      expect.arrayContaining([
        { audience: "guest", recipient: "guest@example.com" },
        expect.objectContaining({ audience: "lodge" }),
      ]),
    );
  });

  it("answers bad input beside its fields and saves nothing", async () => {
    const before = await db()
      .selectFrom("bookings")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const got = await post(
      phoneBooking((await room()).id, {
        phone: "",
        email: "not-an-address",
        checkOut: addDays(lodgeToday(), 1),
      }),
    );
    expect(got.status).toBe(400);
    const errors = (got.data as { fieldErrors: Record<string, string> }).fieldErrors;
    expect(errors.phone).toBe(PHONE_REQUIRED);
    expect(errors.email).toBe(VALID_EMAIL);
    expect(errors.checkOut).toBeTruthy();
    expect((got.data as { values: Record<string, string> }).values.name).toBe("Mutale Banda");
    const after = await db()
      .selectFrom("bookings")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refuses a room just taken, and enters a double-submitted form once", async () => {
    const target = await room();
    const first = phoneBooking(target.id);
    const saved = await post(first);
    const again = await post(first);
    expect(again.location).toBe(saved.location);
    const other = await post(
      phoneBooking(target.id, { checkIn: addDays(lodgeToday(), 6), checkOut: addDays(lodgeToday(), 8) }),
    );
    expect(other.status).toBe(409);
    expect((other.data as { fieldErrors: Record<string, string> }).fieldErrors._form).toBe(ROOM_JUST_BOOKED);
  });

  it("checks a walk-in in at once, only for a stay that starts today", async () => {
    const target = await room();
    const later = await post(
      phoneBooking(target.id, {
        channel: "walk-in",
        checkInNow: "on",
        checkIn: addDays(lodgeToday(), 1),
        checkOut: addDays(lodgeToday(), 2),
      }),
    );
    expect(later.status).toBe(400);
    expect((later.data as { fieldErrors: Record<string, string> }).fieldErrors.checkInNow).toBe(
      CHECK_IN_NOW_NOT_TODAY,
    );
    const got = await post(
      phoneBooking(target.id, {
        channel: "walk-in",
        checkInNow: "on",
        checkIn: lodgeToday(),
        checkOut: addDays(lodgeToday(), 1),
      }),
    );
    const id = idFrom(got.location, "booking");
    const row = await db().selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "Checked in", channel: "walk-in" });
    const lists = (await run(today.loader as Loader, staffGet("/staff", cookie))).data as {
      inHouse: { id: string; balance: number; channel: string }[];
    };
    expect(lists.inHouse.find((stay) => stay.id === id)).toMatchObject({
      balance: target.price,
      channel: "walk-in",
    });
  });

  it("enters a reservation and a venue booking, and refuses a venue already booked that day", async () => {
    const reservation = await post(phoneBooking((await room()).id, { tab: "reservation" }));
    const reservationId = idFrom(reservation.location, "reservation");
    const row = await db()
      .selectFrom("reservations")
      .selectAll()
      .where("id", "=", reservationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "Pending", channel: "phone", email: null });
    const venue = await db()
      .selectFrom("venues")
      .selectAll()
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const venueForm = {
      tab: "venue",
      channel: "phone",
      name: "Wedding party",
      phone: "0977 000 111",
      email: "",
      venueId: String(venue.id),
      bookingDate: addDays(lodgeToday(), 30),
      numberOfPeople: "80",
      paymentMethod: "Mobile Money",
    };
    const booked = await post({ ...venueForm, submissionId: crypto.randomUUID() });
    idFrom(booked.location, "venue-booking");
    const second = await post({ ...venueForm, submissionId: crypto.randomUUID() });
    expect(second.status).toBe(409);
    expect((second.data as { fieldErrors: Record<string, string> }).fieldErrors._form).toBe(
      VENUE_ALREADY_BOOKED,
    );
  });

  it("refuses a web request without an e-mail in the database itself", async () => {
    const target = await room();
    await expect(
      sql`insert into bookings (reference, name, email, phone, payment_method, status, room_id, room_number,
        room_type, selected_room, check_in, check_out, adults, children, number_of_people, guest_count, price,
        total_price) values ('LDG-NOMAIL1', 'X', null, '0977000111', 'Cash', 'Confirmed', ${target.id},
        ${target.roomNumber}, ${target.type}, 'x', ${addDays(lodgeToday(), 200)}, ${addDays(lodgeToday(), 201)},
        1, 0, '1', '1', 1, 1)`.execute(db()),
    ).rejects.toThrow(/email_from_web/);
  });

  it("records cash and mobile money at the desk, with receipts, the folio and the balance", async () => {
    const target = await room();
    const id = idFrom((await post(phoneBooking(target.id))).location, "booking");
    const path = `/staff/requests/booking/${id}`;
    const params = { kind: "booking", id };
    const pay = (fields: Record<string, string>) =>
      run(
        detail.action as Loader,
        staffPost(path, { intent: "record-payment", entryKind: "payment", ...fields }, cookie),
        params,
      );

    const missing = await pay({ method: "Mobile Money", amount: "100" });
    expect(missing.status).toBe(400);
    expect((missing.data as { fieldErrors: Record<string, string> }).fieldErrors.transactionId).toBe(
      TRANSACTION_ID_REQUIRED,
    );
    const zero = await pay({ method: "Cash", amount: "0" });
    expect((zero.data as { fieldErrors: Record<string, string> }).fieldErrors.amount).toBe(
      "The amount must be at least K1.",
    );
    expect(await db().selectFrom("payments").select("id").where("bookingId", "=", id).execute()).toEqual([]);

    const cash = await pay({ method: "Cash", amount: "K100" });
    expect(cash.status).toBe(303);
    expect(cash.data).toMatchObject({ tone: "success", message: "Payment of K100 (Cash) recorded." });
    const receiptId = (cash.data as { receiptId: string }).receiptId;
    const momo = await pay({ method: "Mobile Money", amount: "50", transactionId: "MP241125.1234.A56789" });
    expect(momo.status).toBe(303);

    const page = (await run(detail.loader as Loader, staffGet(path, cookie), params)).data as {
      facts: { label: string; value: string; href?: string }[];
      money: { total: number; paid: number; balance: number };
      ledger: { method: string; transactionId: string | null; staffName: string | null }[];
      fields: { key: string }[];
    };
    const total = target.price * 2;
    expect(page.money).toEqual({ total, paid: 150, balance: total - 150, credit: 0 });
    expect(page.facts.slice(0, 3).map((f) => f.label)).toEqual(["Guest", "Phone", "E-mail"]);
    expect(page.facts.find((f) => f.label === "Phone")?.href).toBe("tel:+260977555123");
    expect(page.facts.find((f) => f.label === "Balance due")?.value).toMatch(/^K[\d,]+$/);
    expect(page.facts.find((f) => f.label === "Stay")?.value).toMatch(/, 2 nights$/);
    expect(page.ledger.map((l) => [l.method, l.transactionId, l.staffName])).toEqual([
      ["Cash", null, staffName],
      ["Mobile Money", "MP241125.1234.A56789", staffName],
    ]);

    const printed = (
      await run(receipt.loader as Loader, staffGet(`/staff/receipts/${receiptId}`, cookie), { id: receiptId })
    ).data as {
      line: { amount: number; method: string; staffName: string };
      guest: { name: string };
      balance: number;
    };
    expect(printed.line).toMatchObject({ amount: 100, method: "Cash", staffName });
    expect(printed.guest.name).toBe("Mutale Banda");
    expect(printed.balance).toBe(total - 150);
    expect(
      (
        await run(receipt.loader as Loader, staffGet("/staff/receipts/999999999", cookie), {
          id: "999999999",
        })
      ).status,
    ).toBe(404);

    const sheet = (await run(folio.loader as Loader, staffGet(`${path}/folio`, cookie), params)).data as {
      folio: { charges: { label: string; amount: number }[]; balance: number };
    };
    expect(sheet.folio.charges).toEqual([
      expect.objectContaining({ label: expect.stringMatching(/2 nights × K/), amount: total }),
    ]);
    expect(sheet.folio.balance).toBe(total - 150);
    expect(NOT_A_TAX_INVOICE).toMatch(/not a fiscal tax invoice/);

    const refund = await pay({
      entryKind: "refund",
      method: "Cash",
      amount: "20",
      note: "Change given back",
    });
    expect(refund.status).toBe(303);
    const none = await run(
      detail.action as Loader,
      staffPost(
        "/staff/requests/booking/00000000-0000-4000-8000-000000000000",
        { intent: "record-payment", entryKind: "payment", method: "Cash", amount: "5" },
        cookie,
      ),
      { kind: "booking", id: "00000000-0000-4000-8000-000000000000" },
    );
    expect(none.status).toBe(404);
  });

  it("filters the inbox by channel and by balance due", async () => {
    const target = await room();
    const id = idFrom(
      (await post(phoneBooking(target.id, { channel: "walk-in", name: "Filter Walkin" }))).location,
      "booking",
    );
    const list = async (search: string) =>
      (
        (await run(requests.loader as Loader, staffGet(`/staff/requests${search}`, cookie))).data as {
          rows: { id: string; channel: string; balance: number }[];
        }
      ).rows;
    const walkIns = await list("?channel=walk-in&q=Filter%20Walkin");
    expect(walkIns.map((r) => r.id)).toEqual([id]);
    expect(walkIns[0]?.balance).toBe(target.price * 2);
    expect((await list("?channel=web&q=Filter%20Walkin")).length).toBe(0);
    expect((await list("?due=1&q=Filter%20Walkin")).map((r) => r.id)).toEqual([id]);
    await run(
      detail.action as Loader,
      staffPost(
        `/staff/requests/booking/${id}`,
        {
          intent: "record-payment",
          entryKind: "payment",
          method: "Credit Card",
          amount: String(target.price * 2),
        },
        cookie,
      ),
      { kind: "booking", id },
    );
    expect((await list("?due=1&q=Filter%20Walkin")).length).toBe(0);
  });
});
