import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { insertContactMessage } from "../../app/features/contact/contact-messages.server.ts";
import { subscribe } from "../../app/features/newsletter/newsletter-subscriptions.server.ts";
import { findUsableToken } from "../../app/features/staff/staff-accounts.server.ts";
import { AUDIT_PAGE_SIZE, recordAudit } from "../../app/features/staff/staff-audit.server.ts";
import { insertVenueBooking } from "../../app/features/venues/venue-bookings.server.ts";
import type { Env } from "../../app/shared/env.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { staffConsoleRuntime } from "../../app/features/staff/staff-runtime.server.ts";
import { hashToken, newToken } from "../../app/features/staff/staff-tokens.server.ts";
import * as accounts from "~/routes/staff/accounts.tsx";
import * as exportCsv from "~/routes/staff/export.ts";
import * as outbox from "~/routes/staff/outbox.tsx";
import * as detail from "~/routes/staff/request-detail.tsx";
import * as requests from "~/routes/staff/requests.tsx";
import * as rooms from "~/routes/staff/rooms.tsx";
import * as setPassword from "~/routes/staff/set-password.tsx";
import * as today from "~/routes/staff/today.tsx";
import { parseCsv } from "../parse-csv.ts";
import { describeEachEngine } from "./test-database.ts";
import {
  afterRedirect,
  createStaff,
  ORIGIN,
  outcome,
  PASSWORD,
  routeArgs,
  signedIn,
  staffGet,
  staffPost,
  type Outcome,
} from "./staff-support.ts";

// The staff console's history, for every kind of request: every change
// names who made it (a staff account, the command line), newsletter subscriptions have a real
// status and a page, venue bookings are confirmed, declined and cancelled from their page, and a
// password reset ends the account's sessions.

type Loader = (args: never) => unknown;

interface AuditEntry {
  change: string;
  staffName: string;
}

describeEachEngine("staff history", (getDatabase) => {
  let manager: { id: number; email: string };
  let reception: { id: number; email: string };
  let managerCookie: string;
  let receptionCookie: string;

  const db = () => getDatabase().db;
  // A write's success is a redirect to its page (303), its notice read there (`afterRedirect`).
  const run = async (fn: Loader, request: Request, params: Record<string, string> = {}): Promise<Outcome> => {
    const context = getDatabase().context();
    return afterRedirect(await outcome(fn(routeArgs(request, context, params))), request, context);
  };

  beforeAll(async () => {
    manager = await createStaff(db(), "manager");
    reception = await createStaff(db(), "reception", manager.id);
    managerCookie = (await signedIn(db(), manager.id)).cookie;
    receptionCookie = (await signedIn(db(), reception.id)).cookie;
  });

  const accountChanges = async (query = "") =>
    (await run(accounts.loader as Loader, staffGet(`/staff/accounts${query}`, managerCookie))).data as {
      audit: AuditEntry[];
      changes: { page: number; hasOlder: boolean };
    };

  it("records the first manager, an accepted invitation and a password set through a reset link", async () => {
    const { audit } = await accountChanges();
    const changes = audit.map((entry) => `${entry.staffName}: ${entry.change}`);
    // createStaff made both through the real links (tests/integration/staff-support.ts).
    expect(changes).toContainEqual(
      expect.stringMatching(/^Manager \d+: Created the first manager account, Manager \d+ <manager-/),
    );
    expect(changes).toContainEqual(
      expect.stringMatching(/^reception \d+: reception \d+ <reception-.*> accepted the invitation/),
    );

    const person = await createStaff(db(), "reception", manager.id);
    const reset = await run(
      accounts.action as Loader,
      staffPost("/staff/accounts", { intent: "reset", accountId: String(person.id) }, managerCookie),
    );
    const token = new URL((reset.data as { link: string }).link).searchParams.get("token") as string;
    const set = await run(
      setPassword.action as Loader,
      staffPost("/staff/set-password", { token, password: PASSWORD, confirm: PASSWORD }),
    );
    expect(set.status).toBe(302);
    const after = (await accountChanges()).audit;
    expect(after[0]?.change).toMatch(/<reception-.*> set a new password through a reset link/);
    expect(after[1]?.change).toMatch(/^Issued a password reset link for reception \d+ <reception-/);
    expect(after[1]?.staffName).toMatch(/^Manager /);
  });

  it("ends every session of an account whose password is reset through its link", async () => {
    const person = await createStaff(db(), "reception", manager.id);
    const phone = await signedIn(db(), person.id);
    const desk = await signedIn(db(), person.id);
    expect((await run(today.loader as Loader, staffGet("/staff", phone.cookie))).status).toBe(200);
    const reset = await run(
      accounts.action as Loader,
      staffPost("/staff/accounts", { intent: "reset", accountId: String(person.id) }, managerCookie),
    );
    // Issuing the link alone signs nobody out (the person may not have asked for it) ...
    expect((await run(today.loader as Loader, staffGet("/staff", desk.cookie))).status).toBe(200);
    const token = new URL((reset.data as { link: string }).link).searchParams.get("token") as string;
    const set = await run(
      setPassword.action as Loader,
      staffPost("/staff/set-password", { token, password: PASSWORD, confirm: PASSWORD }),
    );
    expect(set.status).toBe(302);
    // ... using it does: both old sessions are refused, the new one (the redirect's cookie) works.
    for (const old of [phone, desk]) {
      const got = await run(today.loader as Loader, staffGet("/staff", old.cookie));
      expect(got.status).toBe(302);
      expect(got.location).toMatch(/^\/staff\/sign-in/);
    }
    // The answer also clears the cookie of the console's old path (ADR 0011): take the one set.
    const fresh =
      set.headers
        ?.getSetCookie()
        .map((cookie) => cookie.split(";")[0] ?? "")
        .find((pair) => !pair.endsWith("=")) ?? "";
    expect((await run(today.loader as Loader, staffGet("/staff", fresh))).status).toBe(200);
  });

  it("records a reset link issued from the command line as the system's", async () => {
    const person = await createStaff(db(), "reception", manager.id);
    const runtime = staffConsoleRuntime(getDatabase().handle, {
      SITE_ORIGIN: ORIGIN,
      DATA_DIR: "memory://",
      DATABASE_URL: undefined,
    } as unknown as Env);
    const link = await runtime.resetPassword(person.email);
    expect(link).toContain("/staff/set-password?token=");
    const token = new URL(link as string).searchParams.get("token") as string;
    expect((await findUsableToken(db(), hashToken(token)))?.purpose).toBe("reset");
    const { audit } = await accountChanges();
    expect(audit[0]).toMatchObject({
      staffName: "System (command line)",
      change: expect.stringMatching(
        /^Issued a password reset link for .* \(npm run staff -- reset-password\)\.$/,
      ),
    });
  });

  it("records who sent a failed mail again, shown on the outbox page", async () => {
    await insertContactMessage(db(), {
      submissionId: null,
      name: "Retry Guest",
      email: "retry.guest@example.com",
      subject: null,
      message: "Please call me back.",
    });
    const mail = await db()
      .selectFrom("outbox")
      .select(["id", "subject"])
      .where("recipient", "=", "retry.guest@example.com")
      .executeTakeFirstOrThrow();
    await sql`update outbox set status = 'failed' where id = ${mail.id}::bigint`.execute(db());
    const retried = await run(
      outbox.action as Loader,
      staffPost("/staff/outbox", { id: mail.id }, receptionCookie),
    );
    expect(retried.data).toMatchObject({ tone: "success" });
    // A mail that has not failed is not sent again, and nothing is recorded for it.
    await run(outbox.action as Loader, staffPost("/staff/outbox", { id: mail.id }, receptionCookie));
    const page = await run(outbox.loader as Loader, staffGet("/staff/outbox", managerCookie));
    const audit = (page.data as { audit: AuditEntry[] }).audit;
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staffName).toMatch(/^reception /);
    expect(audit[0]?.change).toBe(
      `Sent mail ${mail.id} again: "${mail.subject}" to retry.guest@example.com.`,
    );
  });

  it("shows older changes a page at a time", async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1) {
      await recordAudit(db(), {
        staffAccountId: manager.id,
        subject: "venue",
        subjectId: i,
        change: `Paging change ${i}.`,
      });
    }
    const first = (await run(rooms.loader as Loader, staffGet("/staff/rooms", managerCookie))).data as {
      audit: AuditEntry[];
      changes: { page: number; hasOlder: boolean };
    };
    expect(first.audit).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.changes).toEqual({ page: 1, hasOlder: true });
    const second = (await run(rooms.loader as Loader, staffGet("/staff/rooms?changes=2", managerCookie)))
      .data as { audit: AuditEntry[]; changes: { page: number; hasOlder: boolean } };
    expect(second.changes).toEqual({ page: 2, hasOlder: false });
    const all = [...first.audit, ...second.audit].map((entry) => entry.change);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((change) => change.startsWith("Paging change"))).toHaveLength(AUDIT_PAGE_SIZE + 5);
  });

  it("derives a newsletter subscription's status from its dates: list, filter, CSV and its page", async () => {
    const tag = newToken()
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "x");
    const addresses = {
      Unconfirmed: `asked-${tag}@example.com`,
      Subscribed: `joined-${tag}@example.com`,
      Unsubscribed: `left-${tag}@example.com`,
    };
    for (const email of Object.values(addresses)) await subscribe(db(), email);
    await sql`update newsletter_subscriptions set confirmed_at = now(), confirm_token_hash = null
      where email in (${addresses.Subscribed}, ${addresses.Unsubscribed})`.execute(db());
    await sql`update newsletter_subscriptions set unsubscribed_at = now() + interval '1 second'
      where email = ${addresses.Unsubscribed}`.execute(db());

    const listed = await run(
      requests.loader as Loader,
      staffGet(`/staff/requests?kind=newsletter&q=${tag}`, receptionCookie),
    );
    const rows = (listed.data as { rows: { id: string; email: string; status: string }[] }).rows;
    expect(Object.fromEntries(rows.map((row) => [row.email, row.status]))).toEqual({
      [addresses.Unconfirmed]: "Unconfirmed",
      [addresses.Subscribed]: "Subscribed",
      [addresses.Unsubscribed]: "Unsubscribed",
    });

    for (const [status, email] of Object.entries(addresses)) {
      const filtered = await run(
        requests.loader as Loader,
        staffGet(`/staff/requests?kind=newsletter&status=${status}&q=${tag}`, receptionCookie),
      );
      expect((filtered.data as { rows: { email: string }[] }).rows.map((row) => row.email)).toEqual([email]);
    }

    const response = (await exportCsv.loader(
      routeArgs(
        staffGet(`/staff/export/requests?kind=newsletter&q=${tag}`, receptionCookie),
        getDatabase().context(),
        { list: "requests" },
      ),
    )) as Response;
    const csv = parseCsv(new TextDecoder().decode(await response.arrayBuffer()));
    const statusColumn = csv[0]!.indexOf("Status");
    const emailColumn = csv[0]!.indexOf("E-mail");
    expect(Object.fromEntries(csv.slice(1).map((row) => [row[emailColumn], row[statusColumn]]))).toEqual({
      [addresses.Unconfirmed]: "Unconfirmed",
      [addresses.Subscribed]: "Subscribed",
      [addresses.Unsubscribed]: "Unsubscribed",
    });

    // Each row's link opens a page: the record without its tokens, and the steps it went through.
    const left = rows.find((row) => row.email === addresses.Unsubscribed)!;
    const params = { kind: "newsletter", id: left.id };
    const page = await run(
      detail.loader as Loader,
      staffGet(`/staff/requests/newsletter/${left.id}`, receptionCookie),
      params,
    );
    expect(page.status).toBe(200);
    const data = page.data as {
      status: string;
      name: string;
      fields: { key: string; value: string }[];
      history: { fromStatus: string | null; toStatus: string }[];
    };
    expect(data.status).toBe("Unsubscribed");
    expect(data.name).toBe(addresses.Unsubscribed);
    expect(data.fields.map((field) => field.key).join()).not.toMatch(/token/);
    expect(data.history.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([
      [null, "Unconfirmed"],
      ["Unconfirmed", "Subscribed"],
      ["Subscribed", "Unsubscribed"],
    ]);
    const action = await run(
      detail.action as Loader,
      staffPost(`/staff/requests/newsletter/${left.id}`, { intent: "confirm" }, receptionCookie),
      params,
    );
    expect(action.status).toBe(400);
    const missing = await run(
      detail.loader as Loader,
      staffGet("/staff/requests/newsletter/999999", receptionCookie),
      { kind: "newsletter", id: "999999" },
    );
    expect(missing.status).toBe(404);
  });

  it("confirms, declines and cancels venue bookings from their page, each in the history", async () => {
    const venue = await db().selectFrom("venues").select(["id", "venue", "price"]).executeTakeFirstOrThrow();
    let day = 200;
    const book = async () => {
      day += 1;
      const result = await insertVenueBooking(db(), {
        venueId: venue.id,
        venueName: venue.venue,
        bookingDate: addDays(lodgeToday(), day),
        numberOfPeople: 40,
        totalPrice: venue.price,
        name: "Venue Guest",
        email: "venue.guest@example.com",
        phone: "+260 955 000111",
        paymentMethod: "Cash",
        message: null,
        submissionId: null,
      });
      if (result.kind !== "saved") throw new Error("venue taken");
      return result.record.id;
    };
    const act = (id: string, intent: string, cookie = receptionCookie) =>
      run(detail.action as Loader, staffPost(`/staff/requests/venue-booking/${id}`, { intent }, cookie), {
        kind: "venue-booking",
        id,
      });
    const historyOf = async (id: string) =>
      (
        (
          await run(
            detail.loader as Loader,
            staffGet(`/staff/requests/venue-booking/${id}`, receptionCookie),
            { kind: "venue-booking", id },
          )
        ).data as { status: string; history: { toStatus: string; staffName: string | null }[] }
      ).history.map((entry) => `${entry.toStatus}${entry.staffName ? ` by ${entry.staffName}` : ""}`);

    const confirmed = await book();
    expect((await act(confirmed, "confirm")).data).toMatchObject({
      tone: "success",
      message: "Venue booking: Pending → Confirmed.",
    });
    expect((await act(confirmed, "check-in")).status).toBe(400);
    expect((await act(confirmed, "decline")).status).toBe(409);
    expect((await act(confirmed, "cancel", managerCookie)).data).toMatchObject({
      message: "Venue booking: Confirmed → Cancelled.",
    });
    expect(await historyOf(confirmed)).toEqual([
      "Pending",
      expect.stringMatching(/^Confirmed by reception /),
      expect.stringMatching(/^Cancelled by Manager /),
    ]);

    const declined = await book();
    expect((await act(declined, "decline")).data).toMatchObject({
      message: "Venue booking: Pending → Declined.",
    });
    expect((await act(declined, "confirm")).status).toBe(409);
    expect(await historyOf(declined)).toEqual(["Pending", expect.stringMatching(/^Declined by reception /)]);

    const cancelled = await book();
    expect((await act(cancelled, "cancel")).data).toMatchObject({
      message: "Venue booking: Pending → Cancelled.",
    });
    const statuses = await db()
      .selectFrom("venueBookings")
      .select(["id", "status"])
      .where("id", "in", [confirmed, declined, cancelled])
      .execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [confirmed]: "Cancelled",
      [declined]: "Declined",
      [cancelled]: "Cancelled",
    });
    // Signed out, nothing changes.
    const signedOut = await run(
      detail.action as Loader,
      staffPost(`/staff/requests/venue-booking/${declined}`, { intent: "cancel" }),
      { kind: "venue-booking", id: declined },
    );
    expect(signedOut.status).toBe(302);
  });
});
