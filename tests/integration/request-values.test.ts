import { beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { databaseContext } from "../../app/shared/context.server.ts";
import { logger } from "../../app/shared/logger.server.ts";
import { FORM_UNREADABLE } from "../../app/shared/messages.ts";
import { anyTextArb } from "../schema-cases.ts";
import { SIGN_IN_UNAVAILABLE } from "../../app/features/staff/staff-rules.ts";
import { SUBMISSION_ID_FIELD } from "../../app/shared/forms/form-result.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import * as booking from "~/routes/booking.tsx";
import * as contact from "~/routes/contact.tsx";
import * as home from "~/routes/home.tsx";
import * as myBooking from "~/routes/my-booking.tsx";
import * as newsletter from "~/routes/newsletter.tsx";
import * as newsletterConfirm from "~/routes/newsletter.confirm.tsx";
import * as newsletterUnsubscribe from "~/routes/newsletter.unsubscribe.tsx";
import * as reservation from "~/routes/reservation.tsx";
import * as roomDetails from "~/routes/room-details.tsx";
import * as rooms from "~/routes/rooms.tsx";
import * as accounts from "~/routes/staff/accounts.tsx";
import * as board from "~/routes/staff/board.tsx";
import * as exportCsv from "~/routes/staff/export.ts";
import * as layout from "~/routes/staff/layout.tsx";
import * as outbox from "~/routes/staff/outbox.tsx";
import * as detail from "~/routes/staff/request-detail.tsx";
import * as requests from "~/routes/staff/requests.tsx";
import * as staffRooms from "~/routes/staff/rooms.tsx";
import * as setPassword from "~/routes/staff/set-password.tsx";
import * as signIn from "~/routes/staff/sign-in.tsx";
import * as signOut from "~/routes/staff/sign-out.ts";
import * as todayPage from "~/routes/staff/today.tsx";
import { databaseDownContext } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";
import { createStaff, ORIGIN, outcome, routeArgs, signedIn } from "./staff-support.ts";

// Every value read from a request — form fields (hidden ones included), query
// parameters, path parameters and cookies — goes through the rules before it reaches the
// database. A malformed value is the client's mistake: a 4xx answer, never a 5xx (a database
// refusal such as PostgreSQL's "invalid byte sequence for encoding UTF8: 0x00").
// This sweep sends each value of each route, one at a time, as a NUL byte, other control
// characters, a non-number where a number is read and an out-of-range number.

const MALFORMED = [
  "abc\u0000def",
  "\u0000",
  "a\u001bb\u007f",
  "x".repeat(5000),
  "99999999999999999999",
  "3000000000",
  "-1",
  "1e3",
  "1.5",
  "abc",
];

type Handler = (args: never) => unknown;

/** A one-time token of the right shape that no link ever carried. */
const TOKEN = { token: "x".repeat(43) };

interface Target {
  /** What the report calls it: method and path. */
  name: string;
  handler: Handler;
  path: string;
  params?: Record<string, string>;
  /** A valid request's values; each is replaced in turn by each malformed value. */
  query?: Record<string, string>;
  form?: Record<string, string>;
  staff?: boolean;
}

const guest = { name: "Bwalya Phiri", email: "bwalya@example.com", phone: "+260 96 555 1234" };

function targets(today: string): Target[] {
  const stay = { checkIn: addDays(today, 40), checkOut: addDays(today, 42), adults: "2", children: "0" };
  const submissionId = () => `sweep-${Math.random()}`;
  return [
    { name: "GET /", handler: home.loader, path: "/" },
    { name: "GET /rooms", handler: rooms.loader, path: "/rooms", query: { ...stay, book: "Deluxe" } },
    {
      name: "POST /rooms?book=Deluxe (dialog)",
      handler: rooms.action,
      path: "/rooms?book=Deluxe",
      form: { ...guest, ...stay, roomId: "1", paymentMethod: "Cash", [SUBMISSION_ID_FIELD]: submissionId() },
    },
    {
      name: "GET /details/:id",
      handler: roomDetails.loader,
      path: "/details/1",
      params: { id: "1" },
      query: { ...stay, book: "Deluxe" },
    },
    {
      name: "POST /details/:id?book=Deluxe (dialog)",
      handler: roomDetails.action,
      path: "/details/1?book=Deluxe",
      params: { id: "1" },
      form: { ...guest, ...stay, roomId: "1", paymentMethod: "Cash", [SUBMISSION_ID_FIELD]: submissionId() },
    },
    {
      name: "GET /booking",
      handler: booking.loader,
      path: "/booking",
      query: { tab: "venue", ...stay, bookingDate: addDays(today, 50), roomId: "1", venueId: "1" },
    },
    {
      name: "POST /booking (room tab)",
      handler: booking.action,
      path: "/booking?tab=room",
      form: {
        tab: "room",
        ...guest,
        ...stay,
        roomId: "2",
        paymentMethod: "Cash",
        message: "Late arrival",
        [SUBMISSION_ID_FIELD]: submissionId(),
      },
    },
    {
      name: "POST /booking (reservation tab)",
      handler: booking.action,
      path: "/booking?tab=reservation",
      form: {
        tab: "reservation",
        ...guest,
        ...stay,
        roomId: "3",
        paymentMethod: "Cash",
        [SUBMISSION_ID_FIELD]: submissionId(),
      },
    },
    {
      name: "POST /booking (venue tab)",
      handler: booking.action,
      path: "/booking?tab=venue",
      form: {
        tab: "venue",
        ...guest,
        venueId: "1",
        bookingDate: addDays(today, 60),
        numberOfPeople: "80",
        paymentMethod: "Cash",
        [SUBMISSION_ID_FIELD]: submissionId(),
      },
    },
    { name: "GET /reservation", handler: reservation.loader, path: "/reservation", query: { ...stay } },
    {
      name: "POST /reservation",
      handler: reservation.action,
      path: "/reservation",
      form: {
        ...guest,
        ...stay,
        roomCount: "1",
        roomId: "4",
        paymentMethod: "Mobile Money",
        message: "Hello",
        [SUBMISSION_ID_FIELD]: submissionId(),
      },
    },
    {
      name: "POST /contact",
      handler: contact.action,
      path: "/contact",
      form: { ...guest, subject: "Hello", message: "A question", [SUBMISSION_ID_FIELD]: submissionId() },
    },
    {
      name: "POST /newsletter",
      handler: newsletter.action,
      path: "/newsletter",
      form: { email: "n@example.com" },
    },
    {
      name: "GET /my-booking",
      handler: myBooking.loader,
      path: "/my-booking",
      query: { reference: "LDG-ABCDEF" },
    },
    {
      name: "POST /my-booking",
      handler: myBooking.action,
      path: "/my-booking",
      form: { reference: "LDG-ABCDEF", email: "bwalya@example.com", intent: "cancel" },
    },
    ...(
      [
        ["confirm", newsletterConfirm],
        ["unsubscribe", newsletterUnsubscribe],
      ] as const
    ).flatMap(([link, route]): Target[] => [
      // The mail's link carries the token in its address; the page's button posts it.
      { name: `GET /newsletter/${link}`, handler: route.loader, path: `/newsletter/${link}`, query: TOKEN },
      { name: `POST /newsletter/${link}`, handler: route.action, path: `/newsletter/${link}`, form: TOKEN },
    ]),
    { name: "GET /staff/sign-in", handler: signIn.loader, path: "/staff/sign-in", query: { next: "/staff" } },
    {
      name: "POST /staff/sign-in",
      handler: signIn.action,
      path: "/staff/sign-in",
      form: { email: "nobody@lodge.test", password: "a long enough password", next: "/staff" },
    },
    {
      name: "GET /staff/set-password",
      handler: setPassword.loader,
      path: "/staff/set-password",
      query: TOKEN,
    },
    {
      name: "POST /staff/set-password",
      handler: setPassword.action,
      path: "/staff/set-password",
      form: { ...TOKEN, password: "a long enough password", confirm: "a long enough password" },
    },
    { name: "POST /staff/sign-out", handler: signOut.action, path: "/staff/sign-out", form: {}, staff: true },
    { name: "GET /staff (layout)", handler: layout.loader, path: "/staff", staff: true },
    { name: "GET /staff (today)", handler: todayPage.loader, path: "/staff", staff: true },
    {
      name: "POST /staff (today's actions)",
      handler: todayPage.action,
      path: "/staff",
      form: { kind: "booking", id: "1", intent: "check-in", roomId: "1" },
      staff: true,
    },
    {
      name: "GET /staff/requests",
      handler: requests.loader,
      path: "/staff/requests",
      query: {
        kind: "booking",
        status: "Pending",
        from: today,
        to: addDays(today, 30),
        q: "Guest 1",
        page: "2",
      },
      staff: true,
    },
    {
      name: "GET /staff/requests/:kind/:id",
      handler: detail.loader,
      path: "/staff/requests/booking/1",
      params: { kind: "booking", id: "1" },
      staff: true,
    },
    {
      name: "GET /staff/requests/newsletter/:id",
      handler: detail.loader,
      path: "/staff/requests/newsletter/1",
      params: { kind: "newsletter", id: "1" },
      staff: true,
    },
    {
      name: "POST /staff/requests/:kind/:id",
      handler: detail.action,
      path: "/staff/requests/reservation/1",
      params: { kind: "reservation", id: "1" },
      form: { intent: "move", roomId: "5" },
      staff: true,
    },
    {
      name: "GET /staff/board",
      handler: board.loader,
      path: "/staff/board",
      query: { from: today, days: "30" },
      staff: true,
    },
    {
      name: "GET /staff/rooms",
      handler: staffRooms.loader,
      path: "/staff/rooms",
      query: { changes: "2" },
      staff: true,
    },
    ...(
      [
        { intent: "room-price", roomId: "1", price: "900" },
        { intent: "type-price", type: "Deluxe", price: "900" },
        { intent: "venue-price", venueId: "1", price: "900" },
        { intent: "add-venue", venue: "Garden", price: "900" },
        { intent: "close-room", roomId: "6", startsOn: addDays(today, 90), endsOn: "", reason: "Paint" },
        { intent: "reopen", closureId: "1" },
      ] as Record<string, string>[]
    ).map((form): Target => ({
      name: `POST /staff/rooms (${form.intent})`,
      handler: staffRooms.action,
      path: "/staff/rooms",
      form,
      staff: true,
    })),
    {
      name: "GET /staff/accounts",
      handler: accounts.loader,
      path: "/staff/accounts",
      query: { changes: "2" },
      staff: true,
    },
    ...(
      [
        { intent: "invite", name: "New Person", email: "new@lodge.test", role: "reception" },
        { intent: "disable", accountId: "999" },
        { intent: "reset", accountId: "999" },
      ] as Record<string, string>[]
    ).map((form): Target => ({
      name: `POST /staff/accounts (${form.intent})`,
      handler: accounts.action,
      path: "/staff/accounts",
      form,
      staff: true,
    })),
    {
      name: "GET /staff/outbox",
      handler: outbox.loader,
      path: "/staff/outbox",
      query: { status: "failed", page: "2", changes: "2" },
      staff: true,
    },
    {
      name: "POST /staff/outbox",
      handler: outbox.action,
      path: "/staff/outbox",
      form: { id: "1" },
      staff: true,
    },
    ...["requests", "outbox", "audit"].map((list): Target => ({
      name: `GET /staff/export/${list}`,
      handler: exportCsv.loader,
      path: `/staff/export/${list}`,
      params: { list },
      query: {
        kind: "booking",
        status: "failed",
        from: today,
        to: addDays(today, 30),
        q: "Guest",
        page: "1",
      },
      staff: true,
    })),
  ];
}

/** The request with `query` in its address and `form` as its body (none: a GET). */
function request(
  target: Target,
  query: Record<string, string>,
  form: Record<string, string> | undefined,
  cookie: string,
) {
  const url = new URL(target.path, ORIGIN);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const headers: Record<string, string> = { Cookie: cookie };
  if (!form) return new Request(url, { headers });
  headers.Origin = ORIGIN;
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return new Request(url, { method: "POST", headers, body: new URLSearchParams(form) });
}

/** Each variant of the target's request with one value malformed, named for the report. */
function variants(target: Target): {
  what: string;
  query: Record<string, string>;
  form?: Record<string, string>;
  params: Record<string, string>;
}[] {
  const query = target.query ?? {};
  const params = target.params ?? {};
  const out = [{ what: "as sent", query, form: target.form, params }];
  for (const bad of MALFORMED) {
    const label = JSON.stringify(bad.length > 30 ? `${bad.slice(0, 5)}…(${bad.length})` : bad);
    for (const key of Object.keys(query))
      out.push({ what: `?${key}=${label}`, query: { ...query, [key]: bad }, form: target.form, params });
    for (const key of Object.keys(target.form ?? {}))
      out.push({ what: `${key}=${label}`, query, form: { ...target.form, [key]: bad }, params });
    for (const key of Object.keys(params))
      out.push({ what: `:${key}=${label}`, query, form: target.form, params: { ...params, [key]: bad } });
    // An unknown extra parameter and an extra field: read by nothing, refused by nothing.
    out.push({ what: `?extra=${label}`, query: { ...query, extra: bad }, form: target.form, params });
  }
  return out;
}

describeEachEngine("every value read from a request", (getDatabase) => {
  let managerId = 0;
  beforeAll(async () => {
    managerId = (await createStaff(getDatabase().db, "manager")).id;
  });

  for (const target of targets(lodgeToday())) {
    it(`${target.name} answers every malformed value below 500`, async () => {
      const failures: string[] = [];
      for (const variant of variants(target)) {
        // Sign-out ends the session it is sent with: each staff request gets a live one.
        const cookie = target.staff ? (await signedIn(getDatabase().db, managerId)).cookie : "";
        const sent = request(target, variant.query, variant.form, cookie);
        try {
          const { status } = await outcome(
            target.handler(routeArgs(sent, getDatabase().context(), variant.params)),
          );
          if (status >= 500) failures.push(`${variant.what}: ${status}`);
        } catch (error) {
          failures.push(`${variant.what}: threw ${String(error)}`);
        }
      }
      expect(failures.join("\n")).toBe("");
    });
  }

  it("a NUL in the hidden submission id is the client's 400 with the form's message, nothing stored", async () => {
    const db = getDatabase().db;
    const before = await db
      .selectFrom("contactMessages")
      .select(db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const fields = {
      ...guest,
      subject: "Hello",
      message: "A question",
      [SUBMISSION_ID_FIELD]: "abc\u0000def",
    };
    const sent = request({ name: "", handler: contact.action, path: "/contact" }, {}, fields, "");
    const { status, data } = await outcome(contact.action(routeArgs(sent, getDatabase().context())));
    expect(status).toBe(400);
    expect(data).toMatchObject({
      status: "error",
      code: "invalid",
      message: FORM_UNREADABLE,
      values: { name: guest.name },
    });
    const after = await db
      .selectFrom("contactMessages")
      .select(db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("staff sign-in while the database is down: 503 and the message on the page", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    const context = getDatabase().context();
    context.set(databaseContext, {
      ...getDatabase().handle,
      ready: () =>
        Promise.reject(
          Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }),
        ),
    });
    const form = { email: "someone@lodge.test", password: "a long enough password", next: "/staff" };
    const sent = request({ name: "", handler: signIn.action, path: "/staff/sign-in" }, {}, form, "");
    const { status, data } = await outcome(signIn.action(routeArgs(sent, context)));
    expect(status).toBe(503);
    expect(data).toEqual({ error: SIGN_IN_UNAVAILABLE, email: "someone@lodge.test" });
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ form: "staff-sign-in" }), "write failed");
    log.mockRestore();
    // And it recovers by itself: the same form against the live database is an ordinary refusal.
    const again = request({ name: "", handler: signIn.action, path: "/staff/sign-in" }, {}, form, "");
    expect((await outcome(signIn.action(routeArgs(again, getDatabase().context())))).status).toBe(401);
  });

  it("any text in any hidden field or query parameter of any route is answered below 500 (fuzz)", async () => {
    const all = targets(lodgeToday());
    const anyText = anyTextArb;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: all.length - 1 }),
        fc.string({ maxLength: 12 }),
        anyText,
        async (index, extra, value) => {
          const target = all[index]!;
          const keys = [...Object.keys(target.query ?? {}), ...Object.keys(target.form ?? {})];
          const key = keys.length > 0 ? keys[value.length % keys.length]! : extra || "x";
          const inQuery = !target.form || Object.hasOwn(target.query ?? {}, key);
          const query = inQuery ? { ...target.query, [key]: value } : (target.query ?? {});
          const form = target.form && !inQuery ? { ...target.form, [key]: value } : target.form;
          const cookie = target.staff ? (await signedIn(getDatabase().db, managerId)).cookie : "";
          const sent = request(target, query, form, cookie);
          const { status } = await outcome(
            target.handler(routeArgs(sent, getDatabase().context(), target.params)),
          );
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a malformed session cookie is no session", async () => {
    for (const bad of MALFORMED) {
      const sent = new Request(`${ORIGIN}/staff/requests`, {
        headers: { Cookie: `lodge_staff=${encodeURIComponent(bad)}` },
      });
      const { status, location } = await outcome(requests.loader(routeArgs(sent, getDatabase().context())));
      expect(status).toBe(302);
      expect(location).toMatch(/^\/staff\/sign-in/);
    }
  });
});

// While the database does not answer, every action answers 503 with its
// failure text (never the router's 500) and every page either shows itself without the data or
// answers 503; nothing else.
describe("while the database is down", () => {
  for (const target of targets(lodgeToday())) {
    it(`${target.name} answers ${target.form ? "503" : "its page or 503"}`, async () => {
      const silence = vi.spyOn(logger, "error").mockImplementation(() => {});
      const sent = request(
        target,
        target.query ?? {},
        target.form,
        target.staff ? "lodge_staff=" + "a".repeat(43) : "",
      );
      const { status } = await outcome(target.handler(routeArgs(sent, databaseDownContext(), target.params)));
      if (target.form) expect(status).toBe(503);
      else expect(status < 500 || status === 503).toBe(true);
      silence.mockRestore();
    });
  }
});
