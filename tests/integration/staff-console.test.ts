import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { KyselyPlugin } from "kysely";
import { clientAddressContext, databaseContext } from "../../app/shared/context.server.ts";
import { requireStaff } from "../../app/features/staff/staff-auth.server.ts";
import { insertContactMessage } from "../../app/features/contact/contact-messages.server.ts";
import { insertReservation } from "../../app/features/stays/reservations.server.ts";
import { closeRoom } from "../../app/features/stays/room-closures.server.ts";
import { bookRoom, roomTypePrices } from "../../app/features/stays/rooms.server.ts";
import { recordLoginFailure } from "../../app/features/staff/staff-login-attempts.server.ts";
import {
  findUsableToken,
  issueStaffToken,
  spendStaffToken,
} from "../../app/features/staff/staff-accounts.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { hashPassword } from "../../app/features/staff/staff-passwords.server.ts";
import { SIGN_IN_FAILED } from "../../app/features/staff/staff-rules.ts";
import { hashToken, newToken } from "../../app/features/staff/staff-tokens.server.ts";
import * as accounts from "~/routes/staff/accounts.tsx";
import * as board from "~/routes/staff/board.tsx";
import * as desk from "~/routes/staff/desk.tsx";
import * as outbox from "~/routes/staff/outbox.tsx";
import * as layout from "~/routes/staff/layout.tsx";
import * as detail from "~/routes/staff/request-detail.tsx";
import * as requests from "~/routes/staff/requests.tsx";
import * as exportCsv from "~/routes/staff/export.ts";
import { LIST_EXPORTS } from "../../app/features/reports/exports.server.ts";
import { parseCsv } from "../parse-csv.ts";
import * as rooms from "~/routes/staff/rooms.tsx";
import * as setPassword from "~/routes/staff/set-password.tsx";
import * as signIn from "~/routes/staff/sign-in.tsx";
import * as signOut from "~/routes/staff/sign-out.ts";
import * as today from "~/routes/staff/today.tsx";
import { describeEachEngine } from "./test-database.ts";
import {
  afterRedirect,
  createStaff,
  outcome,
  PASSWORD,
  routeArgs,
  signedIn,
  staffGet,
  staffPost,
  type Outcome,
} from "./staff-support.ts";

type Loader = (args: never) => unknown;

describeEachEngine("staff console", (getDatabase) => {
  let manager: { id: number; email: string };
  let reception: { id: number; email: string };
  let managerCookie: string;
  let receptionCookie: string;
  let roomSeq = 0;

  const db = () => getDatabase().db;
  const ctx = () => getDatabase().context();
  // A write's success is a redirect to its page (303), its notice read there (`afterRedirect`).
  const run = async (
    fn: Loader,
    request: Request,
    params: Record<string, string> = {},
    context = ctx(),
  ): Promise<Outcome> =>
    afterRedirect(await outcome(fn(routeArgs(request, context, params))), request, context);

  beforeAll(async () => {
    manager = await createStaff(db(), "manager");
    reception = await createStaff(db(), "reception", manager.id);
    managerCookie = (await signedIn(db(), manager.id)).cookie;
    receptionCookie = (await signedIn(db(), reception.id)).cookie;
  });

  /** A room of its own per test: the last rooms, one each, so stays never collide. */
  async function freeRoomId(): Promise<number> {
    roomSeq += 1;
    const row = await db()
      .selectFrom("rooms")
      .select("id")
      .orderBy("roomNumber", "desc")
      .offset(roomSeq - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function confirmedBooking(checkIn = lodgeToday(), nights = 2) {
    const result = await bookRoom(db(), {
      roomId: await freeRoomId(),
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

  async function pendingReservation(checkIn = addDays(lodgeToday(), 3)) {
    const room = await db()
      .selectFrom("rooms")
      .selectAll()
      .where("id", "=", await freeRoomId())
      .executeTakeFirstOrThrow();
    const result = await insertReservation(db(), {
      source: "reservation-page",
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      checkIn,
      checkOut: addDays(checkIn, 2),
      adults: 1,
      children: 0,
      numberOfPeople: 1,
      roomCount: 1,
      name: "Bwalya Phiri",
      email: "bwalya@example.com",
      phone: "+260 966 000111",
      paymentMethod: "Cash",
      message: null,
      submissionId: null,
    } as never);
    if (result.kind !== "saved") throw new Error("taken");
    return result.record;
  }

  // Every page of the console: loader, action (or null), params, and whether reception may use it.
  const pages = () =>
    [
      { name: "layout", loader: layout.loader, action: null, path: "/staff", reception: true },
      { name: "today", loader: today.loader, action: today.action, path: "/staff", reception: true },
      { name: "requests", loader: requests.loader, action: null, path: "/staff/requests", reception: true },
      { name: "board", loader: board.loader, action: null, path: "/staff/board", reception: true },
      { name: "desk", loader: desk.loader, action: desk.action, path: "/staff/desk", reception: true },
      {
        name: "outbox",
        loader: outbox.loader,
        action: outbox.action,
        path: "/staff/outbox",
        reception: true,
      },
      { name: "rooms", loader: rooms.loader, action: rooms.action, path: "/staff/rooms", reception: false },
      {
        name: "accounts",
        loader: accounts.loader,
        action: accounts.action,
        path: "/staff/accounts",
        reception: false,
      },
      // Every list's CSV download, with the role of its page.
      ...Object.entries(LIST_EXPORTS).map(([list, { role }]) => ({
        name: `export ${list}`,
        loader: exportCsv.loader,
        action: null,
        path: `/staff/export/${list}`,
        params: { list },
        reception: role === "any",
      })),
    ] as Array<{
      name: string;
      loader: unknown;
      action: unknown;
      path: string;
      params?: Record<string, string>;
      reception: boolean;
    }>;

  it("lists the mail outbox for staff and sends a failed mail again", async () => {
    await insertContactMessage(db(), {
      submissionId: null,
      name: "Outbox Guest",
      email: "outbox.guest@example.com",
      subject: null,
      message: "Do you have a room for a wheelchair user?",
    });
    const listed = await run(
      outbox.loader as Loader,
      staffGet("/staff/outbox?status=pending", receptionCookie),
    );
    const mails = (listed.data as { mails: Array<{ id: string; to: string; status: string }> }).mails;
    expect(mails.some((mail) => mail.to === "outbox.guest@example.com" && mail.status === "pending")).toBe(
      true,
    );
    const mail = mails.find((m) => m.to === "outbox.guest@example.com")!;
    // A pending mail is not sent "again": only a failed one.
    const refused = await run(
      outbox.action as Loader,
      staffPost("/staff/outbox", { id: mail.id }, receptionCookie),
    );
    expect(refused.data).toEqual({ tone: "error", message: "Only a mail that failed can be sent again." });
    await sql`update outbox set status = 'failed' where id = ${mail.id}::bigint`.execute(db());
    const retried = await run(
      outbox.action as Loader,
      staffPost("/staff/outbox", { id: mail.id }, receptionCookie),
    );
    expect(retried.data).toMatchObject({ tone: "success" });
    const row = await db()
      .selectFrom("outbox")
      .select("status")
      .where("id", "=", mail.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    const crossSite = await run(
      outbox.action as Loader,
      staffPost("/staff/outbox", { id: mail.id }, receptionCookie, "https://evil.example"),
    );
    expect(crossSite.status).toBe(403);
  });

  it("gives the board each room's row as empty nights and bars, a stay at its first night and clipped to the range", async () => {
    const start = addDays(lodgeToday(), 60);
    const inside = await confirmedBooking(addDays(start, 3), 2);
    const early = await confirmedBooking(addDays(start, -1), 3);
    const late = await confirmedBooking(addDays(start, 13), 4);
    // Out of service from the fifth night on, with no end: to the board's last night.
    const closed = await closeRoom(db(), {
      roomId: await freeRoomId(),
      startsOn: addDays(start, 5),
      endsOn: null,
      reason: "Board test roof",
    });
    if (closed.kind !== "closed") throw new Error(closed.kind);
    const { data } = await run(board.loader as Loader, staffGet(`/staff/board?from=${start}`, managerCookie));
    type Cell = number | { span: number; kind: string; id: string; label: string; status: string };
    const { days, rooms } = data as { days: number; rooms: { id: number; cells: Cell[] }[] };
    expect(days).toBe(14);
    expect(rooms.length).toBeGreaterThan(3);
    // Every row covers the 14 nights exactly, whatever it holds.
    for (const room of rooms) {
      const nights = room.cells.reduce<number>(
        (n, cell) => n + (typeof cell === "number" ? cell : cell.span),
        0,
      );
      expect(nights, `room ${room.id}`).toBe(14);
    }
    const row = (booking: { roomId: number }) => rooms.find((room) => room.id === booking.roomId)?.cells;
    const bar = (booking: { id: string }, span: number) => ({
      span,
      kind: "booking",
      id: booking.id,
      label: "Chanda Mwale",
      status: "Confirmed",
    });
    expect(row(inside)).toEqual([3, bar(inside, 2), 9]);
    expect(row(early)).toEqual([bar(early, 2), 12]);
    expect(row(late)).toEqual([13, bar(late, 1)]);
    expect(row(closed.closure)).toEqual([
      5,
      {
        span: 9,
        kind: "closure",
        id: String(closed.closure.id),
        label: "Board test roof",
        status: "Out of service",
      },
    ]);

    // The CSV of the same range gives each bar's dates, clipped the same way.
    const csv = (await exportCsv.loader(
      routeArgs(staffGet(`/staff/export/board?from=${start}&days=14`, managerCookie), ctx(), {
        list: "board",
      }),
    )) as Response;
    const records = parseCsv(await csv.text());
    expect(records).toContainEqual(
      expect.arrayContaining(["Board test roof", "Out of service", addDays(start, 5), addDays(start, 14)]),
    );
    expect(records).toContainEqual(
      expect.arrayContaining(["Chanda Mwale", "Confirmed", start, addDays(start, 2)]),
    );
  });

  it("sends every page and every action to sign-in when signed out", async () => {
    for (const page of pages()) {
      const got = await run(page.loader as Loader, staffGet(page.path), page.params);
      expect(got.status, page.name).toBe(302);
      expect(got.location, page.name).toBe(`/staff/sign-in?next=${encodeURIComponent(page.path)}`);
      if (page.action) {
        const posted = await run(page.action as Loader, staffPost(page.path, { intent: "confirm" }));
        expect(posted.status, `${page.name} action`).toBe(302);
        expect(posted.location).toMatch(/^\/staff\/sign-in/);
      }
    }
    const booking = await confirmedBooking(addDays(lodgeToday(), 40));
    const params = { kind: "booking", id: booking.id };
    const path = `/staff/requests/booking/${booking.id}`;
    expect((await run(detail.loader as Loader, staffGet(path), params)).status).toBe(302);
    const posted = await run(detail.action as Loader, staffPost(path, { intent: "cancel" }), params);
    expect(posted.status).toBe(302);
    const row = await db()
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("Confirmed");
  });

  it("lets reception use today, requests, board and request pages, but not rooms, venues or accounts (403)", async () => {
    for (const page of pages()) {
      const got = await run(page.loader as Loader, staffGet(page.path, receptionCookie), page.params);
      expect(got.status, page.name).toBe(page.reception ? 200 : 403);
    }
    const price = await run(
      rooms.action as Loader,
      staffPost("/staff/rooms", { intent: "type-price", type: "Deluxe", price: "1" }, receptionCookie),
    );
    expect(price.status).toBe(403);
    expect((await roomTypePrices(db())).get("Deluxe")).not.toBe(1);
    const venue = await run(
      rooms.action as Loader,
      staffPost("/staff/rooms", { intent: "add-venue", venue: "Sneaky hall", price: "5" }, receptionCookie),
    );
    expect(venue.status).toBe(403);
    const invite = await run(
      accounts.action as Loader,
      staffPost(
        "/staff/accounts",
        { intent: "invite", name: "X", email: "x@lodge.test", role: "manager" },
        receptionCookie,
      ),
    );
    expect(invite.status).toBe(403);
    expect(
      await db().selectFrom("venues").select("id").where("venue", "=", "Sneaky hall").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("downloads every list as CSV that parses back, as its page filters it, without secrets", async () => {
    const arriving = await confirmedBooking(lodgeToday(), 1);
    const download = async (list: string, search = "") => {
      const response = (await exportCsv.loader(
        routeArgs(staffGet(`/staff/export/${list}${search}`, managerCookie), ctx(), { list }),
      )) as Response;
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[\w-]+\.csv"$/);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
      expect(text.startsWith("\uFEFF")).toBe(true);
      return { text, records: parseCsv(text) };
    };
    const today = await download("today");
    expect(today.records[0]?.[0]).toBe("List");
    expect(today.records).toContainEqual(
      expect.arrayContaining(["Arrivals", arriving.reference, "Confirmed"]),
    );
    const board = await download("board", `?from=${lodgeToday()}&days=14`);
    expect(board.records).toContainEqual(
      expect.arrayContaining(["Room bookings", "Chanda Mwale", "Confirmed"]),
    );
    const roomsCsv = await download("rooms");
    expect(roomsCsv.records[0]).toEqual(["Room", "Type", "Nightly rate (K)", `Tonight (${lodgeToday()})`]);
    expect(roomsCsv.records.length).toBeGreaterThan(30);
    expect((await download("venues")).records[0]).toEqual(["Venue", "Price per event (K)"]);
    expect((await download("closures")).records[0]).toEqual([
      "Room",
      "First day out",
      "Back in service",
      "Reason",
    ]);
    const accountsCsv = await download("accounts");
    expect(accountsCsv.records).toContainEqual(expect.arrayContaining([manager.email, "manager", "Active"]));
    expect(accountsCsv.text).not.toContain("$argon2");
    const outboxCsv = await download("outbox", "?status=pending");
    expect(outboxCsv.records[0]).toEqual([
      "Written",
      "Sent",
      "To",
      "Subject",
      "Status",
      "Attempts",
      "Last error",
    ]);
    expect(outboxCsv.records.slice(1).every((record) => record[4] === "pending")).toBe(true);
    const unknown = await run(exportCsv.loader as Loader, staffGet("/staff/export/secrets", managerCookie), {
      list: "toString",
    });
    expect(unknown.status).toBe(404);
  });

  it("lets a manager use every page", async () => {
    for (const page of pages()) {
      const got = await run(page.loader as Loader, staffGet(page.path, managerCookie), page.params);
      expect(got.status, page.name).toBe(200);
    }
  });

  it("refuses a cross-site post (403) and changes nothing", async () => {
    const reservation = await pendingReservation();
    const path = `/staff/requests/reservation/${reservation.id}`;
    const params = { kind: "reservation", id: reservation.id };
    for (const origin of ["https://evil.example", null]) {
      const got = await run(
        detail.action as Loader,
        staffPost(path, { intent: "confirm" }, managerCookie, origin),
        params,
      );
      expect(got.status).toBe(403);
    }
    const signInPost = await run(
      signIn.action as Loader,
      staffPost(
        "/staff/sign-in",
        { email: manager.email, password: PASSWORD },
        undefined,
        "https://evil.example",
      ),
    );
    expect(signInPost.status).toBe(403);
    const row = await db()
      .selectFrom("reservations")
      .select("status")
      .where("id", "=", reservation.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("Pending");
  });

  it("confirms a reservation, checks it in and out, each in the history with the staff account", async () => {
    // Arriving today: check-in belongs to the arrival day.
    const reservation = await pendingReservation(lodgeToday());
    const path = `/staff/requests/reservation/${reservation.id}`;
    const params = { kind: "reservation", id: reservation.id };
    for (const [intent, status] of [
      ["confirm", "Confirmed"],
      ["check-in", "Checked in"],
      ["check-out", "Checked out"],
    ] as const) {
      if (intent === "check-out") {
        // Paid in full at the desk: the check-out asks nothing.
        const paid = await run(
          detail.action as Loader,
          staffPost(
            path,
            {
              intent: "record-payment",
              entryKind: "payment",
              method: "Cash",
              amount: String(reservation.totalPrice),
            },
            receptionCookie,
          ),
          params,
        );
        expect(paid.status).toBe(303);
      }
      const got = await run(detail.action as Loader, staffPost(path, { intent }, receptionCookie), params);
      expect(got.status, intent).toBe(303);
      expect(got.data).toMatchObject({ tone: "success" });
      const row = await db()
        .selectFrom("reservations")
        .select("status")
        .where("id", "=", reservation.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(status);
    }
    const again = await run(
      detail.action as Loader,
      staffPost(path, { intent: "confirm" }, receptionCookie),
      params,
    );
    expect(again.status).toBe(409);
    const page = await run(detail.loader as Loader, staffGet(path, receptionCookie), params);
    const history = (
      page.data as { history: { toStatus: string; actor: string; staffName: string | null }[] }
    ).history;
    expect(history.map((h) => h.toStatus)).toEqual(["Pending", "Confirmed", "Checked in", "Checked out"]);
    expect(history.slice(1).every((h) => h.actor === "staff" && h.staffName?.startsWith("reception"))).toBe(
      true,
    );
  });

  it("shows today's arrivals and checks in, no-shows and checks out in one click from today", async () => {
    const arriving = await confirmedBooking(lodgeToday(), 2);
    const missing = await confirmedBooking(lodgeToday(), 1);
    const listed = await run(today.loader as Loader, staffGet("/staff", receptionCookie));
    const lists = listed.data as { arrivals: { id: string }[]; inHouse: { id: string }[] };
    expect(lists.arrivals.map((s) => s.id)).toEqual(expect.arrayContaining([arriving.id, missing.id]));
    const post = (id: string, intent: string) =>
      run(today.action as Loader, staffPost("/staff", { kind: "booking", id, intent }, receptionCookie));
    expect((await post(arriving.id, "check-in")).status).toBe(303);
    expect((await post(missing.id, "no-show")).status).toBe(303);
    const after = (await run(today.loader as Loader, staffGet("/staff", receptionCookie)))
      .data as typeof lists;
    expect(after.inHouse.map((s) => s.id)).toContain(arriving.id);
    expect(after.arrivals.map((s) => s.id)).not.toContain(missing.id);
    // Nothing paid yet: the check-out asks for a confirmation, then goes ahead with it.
    const asked = await post(arriving.id, "check-out");
    expect(asked.status).toBe(409);
    expect(asked.data).toMatchObject({
      confirm: { kind: "booking", id: arriving.id, balance: arriving.totalPrice },
    });
    const stillIn = await db()
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", arriving.id)
      .executeTakeFirstOrThrow();
    expect(stillIn.status).toBe("Checked in");
    const confirmed = await run(
      today.action as Loader,
      staffPost(
        "/staff",
        { kind: "booking", id: arriving.id, intent: "check-out", balanceConfirmed: "yes" },
        receptionCookie,
      ),
    );
    expect(confirmed.status).toBe(303);
    const row = await db()
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", arriving.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("Checked out");
  });

  it("offers only free rooms and moves a stay there", async () => {
    const booking = await confirmedBooking(addDays(lodgeToday(), 60), 3);
    const path = `/staff/requests/booking/${booking.id}`;
    const params = { kind: "booking", id: booking.id };
    const page = await run(detail.loader as Loader, staffGet(path, receptionCookie), params);
    const free = (page.data as { freeRooms: { id: number }[] }).freeRooms;
    expect(free.map((r) => r.id)).not.toContain(booking.roomId);
    const blocker = await confirmedBooking(addDays(lodgeToday(), 61), 1);
    const taken = await run(
      detail.action as Loader,
      staffPost(path, { intent: "move", roomId: String(blocker.roomId) }, receptionCookie),
      params,
    );
    expect(taken.status).toBe(409);
    const target = free.find((r) => r.id !== blocker.roomId) as { id: number };
    const moved = await run(
      detail.action as Loader,
      staffPost(path, { intent: "move", roomId: String(target.id) }, receptionCookie),
      params,
    );
    expect(moved.status).toBe(303);
    const row = await db()
      .selectFrom("bookings")
      .select("roomId")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row.roomId).toBe(target.id);
  });

  it("marks a contact message handled once", async () => {
    const message = await insertContactMessage(db(), {
      name: "Thandiwe",
      email: "thandi@example.com",
      subject: "Garden",
      message: "Is the garden free?",
      submissionId: null,
    });
    const path = `/staff/requests/contact-message/${message.id}`;
    const params = { kind: "contact-message", id: String(message.id) };
    expect(
      (await run(detail.action as Loader, staffPost(path, { intent: "handled" }, receptionCookie), params))
        .status,
    ).toBe(303);
    expect(
      (await run(detail.action as Loader, staffPost(path, { intent: "handled" }, receptionCookie), params))
        .status,
    ).toBe(409);
    const page = await run(detail.loader as Loader, staffGet(path, receptionCookie), params);
    expect((page.data as { status: string }).status).toBe("Handled");
  });

  it("filters, searches and pages the inbox, and exports it as CSV", async () => {
    const booking = await confirmedBooking(addDays(lodgeToday(), 80), 1);
    const search = await run(
      requests.loader as Loader,
      staffGet(`/staff/requests?q=${booking.reference}`, receptionCookie),
    );
    const found = search.data as { rows: { id: string }[]; total: number };
    expect(found.total).toBe(1);
    expect(found.rows[0]?.id).toBe(booking.id);
    const kinds = await run(
      requests.loader as Loader,
      staffGet("/staff/requests?kind=reservation&status=Pending", receptionCookie),
    );
    const rows = (kinds.data as { rows: { kind: string; status: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.kind === "reservation" && r.status === "Pending")).toBe(true);
    const future = await run(
      requests.loader as Loader,
      staffGet(`/staff/requests?from=${addDays(lodgeToday(), 2)}`, receptionCookie),
    );
    expect((future.data as { total: number }).total).toBe(0);
    const csv = await run(
      exportCsv.loader as Loader,
      staffGet(`/staff/export/requests?q=${booking.reference}`, receptionCookie),
      { list: "requests" },
    );
    const response = (await exportCsv.loader(
      routeArgs(staffGet(`/staff/export/requests?q=${booking.reference}`, receptionCookie), ctx(), {
        list: "requests",
      }),
    )) as Response;
    expect(csv.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFFReceived,Kind,Reference")).toBe(true);
    expect(text.split("\r\n")).toHaveLength(3);
    expect(text).toContain(booking.reference);
  });

  it("lets a manager change prices (read at once by the public site), close a room and add a venue, audited", async () => {
    const post = (fields: Record<string, string>) =>
      run(rooms.action as Loader, staffPost("/staff/rooms", fields, managerCookie));
    expect((await post({ intent: "type-price", type: "Deluxe", price: "777" })).status).toBe(303);
    expect((await roomTypePrices(db())).get("Deluxe")).toBe(777);
    expect((await post({ intent: "add-venue", venue: "Garden pavilion", price: "2500" })).status).toBe(303);
    expect((await post({ intent: "add-venue", venue: "Garden pavilion", price: "2500" })).status).toBe(409);
    const booking = await confirmedBooking(addDays(lodgeToday(), 100), 2);
    const refused = await post({
      intent: "close-room",
      roomId: String(booking.roomId),
      startsOn: addDays(lodgeToday(), 101),
      endsOn: addDays(lodgeToday(), 103),
      reason: "Paint",
    });
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toMatch(/Move or cancel that stay first/);
    const closed = await post({
      intent: "close-room",
      roomId: String(booking.roomId),
      startsOn: addDays(lodgeToday(), 102),
      endsOn: addDays(lodgeToday(), 104),
      reason: "Paint",
    });
    expect(closed.status).toBe(303);
    const page = await run(rooms.loader as Loader, staffGet("/staff/rooms", managerCookie));
    const audit = (page.data as { audit: { change: string; staffName: string }[] }).audit.map(
      (a) => a.change,
    );
    expect(audit.some((c) => c.includes("Deluxe") && c.includes("777"))).toBe(true);
    expect(audit.some((c) => c.includes("Garden pavilion"))).toBe(true);
    expect(audit.some((c) => c.includes("out of service"))).toBe(true);
  });

  it("lets a manager invite, disable and reset accounts; a disabled account is signed out", async () => {
    const post = (fields: Record<string, string>) =>
      run(accounts.action as Loader, staffPost("/staff/accounts", fields, managerCookie));
    const invited = await post({
      intent: "invite",
      name: "Nora",
      email: "Nora@Lodge.test",
      role: "reception",
    });
    const link = (invited.data as { link: string }).link;
    expect(link).toMatch(/\/staff\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link).searchParams.get("token") as string;
    expect((await findUsableToken(db(), hashToken(token)))?.purpose).toBe("invitation");
    expect(
      (await post({ intent: "invite", name: "Nora 2", email: "nora@lodge.test", role: "reception" })).status,
    ).toBe(409);
    const set = await run(
      setPassword.action as Loader,
      staffPost("/staff/set-password", { token, password: PASSWORD, confirm: PASSWORD }),
    );
    expect(set.status).toBe(302);
    const nora = await db()
      .selectFrom("staffAccounts")
      .select("id")
      .where("email", "=", "Nora@Lodge.test")
      .executeTakeFirstOrThrow();
    const { cookie } = await signedIn(db(), nora.id);
    expect((await run(today.loader as Loader, staffGet("/staff", cookie))).status).toBe(200);
    expect((await post({ intent: "disable", accountId: String(nora.id) })).status).toBe(303);
    expect((await run(today.loader as Loader, staffGet("/staff", cookie))).status).toBe(302);
    expect((await post({ intent: "disable", accountId: String(manager.id) })).status).toBe(409);
    const reset = await post({ intent: "reset", accountId: String(reception.id) });
    expect((reset.data as { link: string }).link).toContain("/staff/set-password?token=");
  });

  it("looks a page's session up once for its layout and its page, and again for each write", async () => {
    // Counts the session look-ups (UPDATE staff_sessions … RETURNING) this context's queries make.
    let lookUps = 0;
    const counting: KyselyPlugin = {
      transformQuery(args) {
        if (args.node.kind === "UpdateQueryNode") lookUps += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const countingContext = () => {
      const context = ctx();
      const handle = getDatabase().handle;
      const counted = db().withPlugin(counting);
      context.set(databaseContext, { ...handle, ready: async () => counted });
      return context;
    };
    const { cookie } = await signedIn(db(), reception.id);
    const page = countingContext();
    const request = staffGet("/staff", cookie);
    const [frame, lists] = await Promise.all([
      run(layout.loader as Loader, request, {}, page),
      run(today.loader as Loader, request, {}, page),
    ]);
    expect([frame.status, lists.status]).toEqual([200, 200]);
    expect(lookUps).toBe(1);
    // The next page is a request of its own.
    expect(
      (await run(today.loader as Loader, staffGet("/staff", cookie), {}, countingContext())).status,
    ).toBe(200);
    expect(lookUps).toBe(2);
    // A write looks up each time: its action may end the session before the loaders run.
    const write = countingContext();
    await requireStaff(staffPost("/staff", {}, cookie), write);
    await requireStaff(staffPost("/staff", {}, cookie), write);
    expect(lookUps).toBe(4);
    // A session ended between two pages is not remembered by the next page's context.
    await sql`update staff_sessions set revoked_at = now() where token_hash = ${hashToken(cookie.split("=")[1]!)}`.execute(
      db(),
    );
    expect(
      (await run(today.loader as Loader, staffGet("/staff", cookie), {}, countingContext())).status,
    ).toBe(302);
  });

  it("ends sessions after idle time, after their absolute lifetime, and at sign-out", async () => {
    const idle = await signedIn(db(), reception.id);
    await sql`update staff_sessions set last_seen_at = now() - interval '2 hours 1 minute' where token_hash = ${hashToken(idle.token)}`.execute(
      db(),
    );
    expect((await run(today.loader as Loader, staffGet("/staff", idle.cookie))).status).toBe(302);

    const old = await signedIn(db(), reception.id);
    await sql`update staff_sessions set expires_at = now() - interval '1 second' where token_hash = ${hashToken(old.token)}`.execute(
      db(),
    );
    expect((await run(today.loader as Loader, staffGet("/staff", old.cookie))).status).toBe(302);

    const live = await signedIn(db(), reception.id);
    expect((await run(today.loader as Loader, staffGet("/staff", live.cookie))).status).toBe(200);
    const out = await run(signOut.action as Loader, staffPost("/staff/sign-out", {}, live.cookie));
    expect(out.status).toBe(302);
    expect(out.headers?.get("Set-Cookie")).toMatch(/lodge_staff=;.*Max-Age=0/);
    expect((await run(today.loader as Loader, staffGet("/staff", live.cookie))).status).toBe(302);
  });

  it("signs in with the right password only, same message for an unknown e-mail, and rate-limits", async () => {
    const context = ctx();
    context.set(clientAddressContext, "198.51.100.7");
    const attempt = (email: string, password: string) =>
      run(
        signIn.action as Loader,
        staffPost("/staff/sign-in", { email, password, next: "/staff/board" }),
        {},
        context,
      );
    const ok = await attempt(manager.email.toUpperCase(), PASSWORD);
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/staff/board");
    // For the whole site (the hydrated console's /staff.data too), and the old Path=/staff one goes.
    expect(ok.headers?.getSetCookie()).toEqual([
      "lodge_staff=; Path=/staff; HttpOnly; SameSite=Lax; Max-Age=0",
      expect.stringMatching(/^lodge_staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/),
    ]);
    const unknown = await attempt("nobody@lodge.test", PASSWORD);
    const wrong = await attempt(reception.email, "wrong password!!");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect((unknown.data as { error: string }).error).toBe(SIGN_IN_FAILED);
    expect((wrong.data as { error: string }).error).toBe(SIGN_IN_FAILED);
    for (let i = 0; i < 4; i += 1) await attempt(reception.email, "wrong password!!");
    const limited = await attempt(reception.email, PASSWORD);
    expect(limited.status).toBe(429);
    expect((limited.data as { error: string }).error).toMatch(
      /^Too many sign-in attempts\. Please wait 1[45] minutes and try again\.$/,
    );
    // Per address: another account from the same address is limited after 20 failures.
    // (recorded directly: twenty full argon2 verifications would only slow the test down)
    for (let i = 0; i < 20; i += 1) await recordLoginFailure(db(), `guess-${i}@lodge.test`, "198.51.100.7");
    expect((await attempt(manager.email, PASSWORD)).status).toBe(429);
  });

  it("creates the first manager through the setup link once only, and not after it expires", async () => {
    // Another database state: accounts exist here, so a setup link creates nothing.
    const token = newToken();
    await issueStaffToken(db(), "setup", hashToken(token), null);
    const got = await run(
      setPassword.action as Loader,
      staffPost("/staff/set-password", {
        token,
        name: "Eve",
        email: "eve@lodge.test",
        password: PASSWORD,
        confirm: PASSWORD,
      }),
    );
    expect(got.status).toBe(410);
    expect(
      await db()
        .selectFrom("staffAccounts")
        .select("id")
        .where("email", "=", "eve@lodge.test")
        .executeTakeFirst(),
    ).toBeUndefined();
    // And the token is spent.
    expect(await findUsableToken(db(), hashToken(token))).toBeUndefined();
  });
});

describeEachEngine("staff setup link", (getDatabase) => {
  const db = () => getDatabase().db;

  it("works once, and an expired one never", async () => {
    const hash = await hashPassword(PASSWORD);
    const expired = newToken();
    await issueStaffToken(db(), "setup", hashToken(expired), null);
    await sql`update staff_tokens set expires_at = now() - interval '1 second'`.execute(db());
    const page = await outcome(
      setPassword.loader(
        routeArgs(staffGet(`/staff/set-password?token=${expired}`), getDatabase().context()),
      ),
    );
    expect((page.data as { purpose: unknown }).purpose).toBeNull();
    expect(
      (await spendStaffToken(db(), hashToken(expired), hash, { email: "a@lodge.test", name: "A" })).kind,
    ).toBe("invalid");

    const token = newToken();
    await issueStaffToken(db(), "setup", hashToken(token), null);
    const first = await outcome(
      setPassword.action(
        routeArgs(
          staffPost("/staff/set-password", {
            token,
            name: "Ada",
            email: "ada@lodge.test",
            password: PASSWORD,
            confirm: PASSWORD,
          }),
          getDatabase().context(),
        ),
      ),
    );
    expect(first.status).toBe(302);
    expect(first.location).toBe("/staff");
    const second = await outcome(
      setPassword.action(
        routeArgs(
          staffPost("/staff/set-password", {
            token,
            name: "Bo",
            email: "bo@lodge.test",
            password: PASSWORD,
            confirm: PASSWORD,
          }),
          getDatabase().context(),
        ),
      ),
    );
    expect(second.status).toBe(410);
    const all = await db().selectFrom("staffAccounts").select(["email", "role", "passwordHash"]).execute();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ email: "ada@lodge.test", role: "manager" });
    expect(all[0]?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
