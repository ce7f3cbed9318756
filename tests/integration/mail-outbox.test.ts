import ICAL from "ical.js";
import { sql, type KyselyPlugin, type RootOperationNode } from "kysely";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { DB } from "../../app/shared/db/client.server.ts";
import { insertContactMessage } from "../../app/features/contact/contact-messages.server.ts";
import {
  claimDueMails,
  listOutbox,
  markMailAttemptFailed,
  releaseMail,
  retryOutboxMail,
} from "../../app/features/mail/outbox.server.ts";
import { subscribe } from "../../app/features/newsletter/newsletter-subscriptions.server.ts";
import {
  changeStayStatus,
  changeVenueBookingStatus,
} from "../../app/features/requests/request-status.server.ts";
import { insertReservation } from "../../app/features/stays/reservations.server.ts";
import { bookRoom } from "../../app/features/stays/rooms.server.ts";
import { insertVenueBooking } from "../../app/features/venues/venue-bookings.server.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { logger } from "../../app/shared/logger.server.ts";
import {
  OUTBOX_DEFAULTS,
  smtpSender,
  startMailDelivery,
  startOutboxWorker,
  type MailSender,
  type OutboxWorker,
} from "../../app/features/mail/outbox-worker.server.ts";
import { renderMail } from "../../app/features/mail/render-mail.server.tsx";
import { describeEachEngine } from "./test-database.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./test-smtp-server.ts";

const MAIL = {
  siteOrigin: "https://lodge.example",
  from: "Lodge <bookings@lodge.example>",
  lodgeInbox: "desk@lodge.example",
};
/** Back-off in milliseconds instead of minutes: the same rule, a thousand times faster. */
const FAST = { pollMs: 25, baseDelayMs: 20, maxDelayMs: 200, giveUpAfterMs: 24 * 60 * 60_000 };

const guest = {
  name: "Bwalya Phiri",
  email: "bwalya@example.com",
  phone: "+260 96 555 1234",
  paymentMethod: "Credit Card",
} as const;

async function roomByNumber(db: DB, roomNumber: string) {
  return db.selectFrom("rooms").selectAll().where("roomNumber", "=", roomNumber).executeTakeFirstOrThrow();
}

function startWorker(
  db: DB,
  smtp: TestSmtpServer,
  extra: Partial<Parameters<typeof startOutboxWorker>[0]> = {},
) {
  return startOutboxWorker({
    database: async () => db,
    mail: MAIL,
    send: smtpSender(smtp.url),
    log: () => {},
    ...FAST,
    ...extra,
  });
}

/** Waits until no mail is pending (the worker has sent or given up on everything). */
async function drained(db: DB, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { total } = await listOutbox(db, { status: "pending" });
    if (total === 0) return;
    if (Date.now() > deadline) throw new Error(`${total} mails still pending`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function to(mail: ParsedMail): string {
  const address = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return address?.value[0]?.address ?? "";
}

function calendarOf(mail: ParsedMail): string | undefined {
  const part = mail.attachments.find(
    (a) => a.contentType.includes("calendar") || a.filename?.endsWith(".ics"),
  );
  return part?.content.toString("utf8");
}

/** The .ics read by a real iCalendar parser (RFC 5545), as a calendar app reads it. */
function parseCalendar(ics: string | undefined) {
  if (!ics) throw new Error("no calendar");
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    summary: event.summary,
    sequence: event.sequence,
    status: events[0]?.getFirstPropertyValue("status"),
    organizer: event.organizer,
    start: { date: event.startDate.toString(), allDay: event.startDate.isDate },
    end: { date: event.endDate.toString(), allDay: event.endDate.isDate },
  };
}

/**
 * A database connection that fails the next statements matching `which`, as a network blip
 * between the server and PostgreSQL would (the statement is not run).
 */
function blipping(db: DB) {
  const failures: Array<{ which: RegExp; count: number }> = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const text = describeNode(node);
      const due = failures.find((f) => f.count > 0 && f.which.test(text));
      if (due) {
        due.count -= 1;
        throw new Error("Connection terminated unexpectedly");
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    db: db.withPlugin(plugin) as DB,
    failNext(which: RegExp, count = 1) {
      failures.push({ which, count });
    },
  };
}

function describeNode(node: RootOperationNode): string {
  if (node.kind === "RawNode") return node.sqlFragments.join("?").replace(/\s+/g, " ");
  return JSON.stringify(node);
}

/** An SMTP sender that notes the Message-ID of every mail it hands to the server. */
function recordingSender(url: string, sent: string[]): MailSender {
  const inner = smtpSender(url);
  return Object.assign(
    async (message: Parameters<MailSender>[0]) => {
      const result = await inner(message);
      sent.push(String(message.messageId));
      return result;
    },
    { close: () => inner.close?.() },
  );
}

describeEachEngine("the mail outbox", (getDatabase, engine) => {
  let smtp: TestSmtpServer;
  let worker: OutboxWorker | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp.close();
  });

  async function runWorkerUntilDrained(db: DB) {
    worker = startWorker(db, smtp);
    await drained(db);
    await worker.stop();
    worker = undefined;
  }

  it("writes a confirmation to the guest and a notice to the lodge with each request, once", async () => {
    const { db } = getDatabase();
    const room = await roomByNumber(db, "121");
    const checkIn = addDays(lodgeToday(), 30);
    const request = {
      ...guest,
      roomId: room.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      adults: 2,
      children: 1,
      submissionId: "mail-booking-1",
    };
    const first = await bookRoom(db, request);
    const again = await bookRoom(db, request);
    if (first.kind !== "booked" || again.kind !== "booked") throw new Error("not booked");
    expect(again.repeated).toBe(true);
    const booking = first.booking;

    const rows = await db
      .selectFrom("outbox")
      .selectAll()
      .where("requestId", "=", booking.id)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.template, r.audience, r.recipient, r.status])).toEqual([
      ["request-received", "guest", guest.email, "pending"],
      ["new-request", "lodge", null, "pending"],
    ]);

    const before = smtp.received.length;
    await runWorkerUntilDrained(db);
    const mails = smtp.received.slice(before);
    const toGuest = mails.find((m) => to(m) === guest.email);
    const toLodge = mails.find((m) => to(m) === MAIL.lodgeInbox);
    expect(toGuest?.subject).toBe(
      `Your room booking ${booking.reference} is confirmed - Lusaka West Gardens Lodge`,
    );
    expect(toGuest?.text).toContain(booking.reference);
    expect(toGuest?.text).toContain("K" + (room.price * 2).toLocaleString("en-US"));
    expect(toGuest?.text).toContain(`https://lodge.example/my-booking?reference=${booking.reference}`);
    expect(toGuest?.html).toContain(`href="https://lodge.example/my-booking?reference=${booking.reference}"`);
    expect(toGuest?.messageId).toBe(`<${rows[0]?.messageId}@lodge.example>`);
    expect(toGuest?.from?.text).toContain("bookings@lodge.example");
    expect(parseCalendar(calendarOf(toGuest as ParsedMail))).toEqual({
      method: "PUBLISH",
      uid: `booking-${booking.id}@lodge.example`,
      summary: `Lusaka West Gardens Lodge: ${room.type} room 121 (${booking.reference})`,
      sequence: 0,
      status: "CONFIRMED",
      organizer: "mailto:desk@lodge.example",
      // All-day dates: the check-in day up to (not including) the check-out day.
      start: { date: checkIn, allDay: true },
      end: { date: addDays(checkIn, 2), allDay: true },
    });
    expect(toLodge?.subject).toContain(`New room booking ${booking.reference}: Bwalya Phiri`);
    expect(toLodge?.text).toContain(`https://lodge.example/staff/requests/booking/${booking.id}`);
    expect(toLodge?.text).toContain(guest.phone);
    expect(calendarOf(toLodge as ParsedMail)).toBeUndefined();
    const sent = await db.selectFrom("outbox").selectAll().where("requestId", "=", booking.id).execute();
    expect(sent.every((r) => r.status === "sent" && r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it("does the same for a reservation, a venue booking and a contact message", async () => {
    const { db } = getDatabase();
    const room = await roomByNumber(db, "122");
    const venue = await db.selectFrom("venues").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const checkIn = addDays(lodgeToday(), 40);
    const reservation = await insertReservation(db, {
      ...guest,
      submissionId: "mail-reservation-1",
      message: null,
      source: "reservation-page",
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      checkIn,
      checkOut: addDays(checkIn, 3),
      adults: 2,
      children: 0,
      numberOfPeople: 2,
      roomCount: 1,
    });
    const venueBooking = await insertVenueBooking(db, {
      ...guest,
      submissionId: "mail-venue-1",
      message: "Wedding",
      venueId: venue.id,
      venueName: venue.venue,
      bookingDate: addDays(lodgeToday(), 50),
      numberOfPeople: 120,
      totalPrice: venue.price,
    });
    const message = await insertContactMessage(db, {
      submissionId: "mail-contact-1",
      name: "Mutale",
      email: "mutale@example.com",
      subject: "Pool hours",
      message: "When does the pool open?",
    });
    await insertContactMessage(db, {
      submissionId: "mail-contact-1",
      name: "Mutale",
      email: "mutale@example.com",
      subject: "Pool hours",
      message: "When does the pool open?",
    });
    if (reservation.kind !== "saved" || venueBooking.kind !== "saved") throw new Error("not saved");

    const counts = await db
      .selectFrom("outbox")
      .select(["requestKind", (eb) => eb.fn.countAll<number>().as("n")])
      .where("status", "=", "pending")
      .groupBy("requestKind")
      .execute();
    expect(Object.fromEntries(counts.map((c) => [c.requestKind, Number(c.n)]))).toEqual({
      reservation: 2,
      "venue-booking": 2,
      "contact-message": 2,
    });

    const before = smtp.received.length;
    await runWorkerUntilDrained(db);
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(6);
    const subject = (s: string) => mails.find((m) => m.subject?.includes(s));
    const r = reservation.record;
    expect(subject(`Your reservation ${r.reference} is received`)?.text).toContain("We will confirm it soon");
    expect(subject(`Your reservation ${r.reference} is received`)?.text).toContain(
      `K${(room.price * 3).toLocaleString("en-US")}`,
    );
    expect(parseCalendar(calendarOf(subject(`Your reservation ${r.reference}`) as ParsedMail))).toMatchObject(
      {
        method: "PUBLISH",
        uid: `reservation-${r.id}@lodge.example`,
        status: "TENTATIVE",
        sequence: 0,
        start: { date: checkIn, allDay: true },
        end: { date: addDays(checkIn, 3), allDay: true },
      },
    );
    const v = venueBooking.record;
    const venueMail = subject(`Your venue booking ${v.reference} is received`);
    expect(venueMail?.text).toContain(venue.venue);
    expect(calendarOf(venueMail as ParsedMail)).toBeUndefined();
    expect(subject(`New venue booking ${v.reference}`)?.text).toContain(
      `/staff/requests/venue-booking/${v.id}`,
    );
    expect(to(subject("We have your message") as ParsedMail)).toBe("mutale@example.com");
    expect(subject("New message: Mutale")?.text).toContain(`/staff/requests/contact-message/${message.id}`);
    expect(subject("New message: Mutale")?.text).toContain("When does the pool open?");
  });

  it("tells the guest of a confirmation, a refusal and a cancellation, and the lodge of a guest's cancellation", async () => {
    const { db } = getDatabase();
    const room = await roomByNumber(db, "123");
    const checkIn = addDays(lodgeToday(), 60);
    const saved = await insertReservation(db, {
      ...guest,
      submissionId: null,
      message: null,
      source: "booking-page",
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      checkIn,
      checkOut: addDays(checkIn, 1),
      adults: 1,
      children: 0,
      numberOfPeople: 1,
      roomCount: 1,
    });
    if (saved.kind !== "saved") throw new Error("not saved");
    const id = saved.record.id;
    const count = async () =>
      (
        await db.selectFrom("outbox").select("template").where("requestId", "=", id).orderBy("id").execute()
      ).map((r) => r.template);
    expect(await count()).toEqual(["request-received", "new-request"]);
    await changeStayStatus(db, "reservation", id, "Confirmed", { actor: "staff" });
    expect(await count()).toEqual(["request-received", "new-request", "status-changed"]);
    // A refused change writes nothing.
    expect((await changeStayStatus(db, "reservation", id, "Declined", { actor: "staff" })).kind).toBe(
      "not-allowed",
    );
    expect(await count()).toHaveLength(3);
    await changeStayStatus(db, "reservation", id, "Cancelled", { actor: "guest" });
    expect(await count()).toEqual([
      "request-received",
      "new-request",
      "status-changed",
      "status-changed",
      "guest-cancelled",
    ]);

    const venue = await db.selectFrom("venues").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    const vb = await insertVenueBooking(db, {
      ...guest,
      submissionId: null,
      message: null,
      venueId: venue.id,
      venueName: venue.venue,
      bookingDate: addDays(lodgeToday(), 61),
      numberOfPeople: 10,
      totalPrice: venue.price,
    });
    if (vb.kind !== "saved") throw new Error("not saved");
    await changeVenueBookingStatus(db, vb.record.id, "Declined", { actor: "staff" });

    const before = smtp.received.length;
    await runWorkerUntilDrained(db);
    const mails = smtp.received.slice(before);
    const ref = saved.record.reference;
    const received = mails.find((m) => m.subject?.includes(`${ref} is received`));
    const confirmed = mails.find((m) => m.subject?.includes(`${ref} is confirmed`));
    expect(confirmed?.text).toContain("Good news");
    const cancelled = mails.find((m) => m.subject?.includes(`${ref} is cancelled`));
    expect(cancelled?.text).toContain("is cancelled");
    // One calendar entry, updated by each mail: same UID, a higher SEQUENCE each time, and the
    // cancellation from the organizer (the lodge), which calendars require to remove it.
    const invitations = [received, confirmed, cancelled].map((m) =>
      parseCalendar(calendarOf(m as ParsedMail)),
    );
    const dates = {
      start: { date: checkIn, allDay: true },
      end: { date: addDays(checkIn, 1), allDay: true },
    };
    const uid = `reservation-${id}@lodge.example`;
    const organizer = "mailto:desk@lodge.example";
    expect(invitations).toEqual([
      expect.objectContaining({
        method: "PUBLISH",
        uid,
        sequence: 0,
        status: "TENTATIVE",
        organizer,
        ...dates,
      }),
      expect.objectContaining({
        method: "PUBLISH",
        uid,
        sequence: 1,
        status: "CONFIRMED",
        organizer,
        ...dates,
      }),
      expect.objectContaining({
        method: "CANCEL",
        uid,
        sequence: 2,
        status: "CANCELLED",
        organizer,
        ...dates,
      }),
    ]);
    expect(
      mails.find((m) => m.subject?.startsWith("Cancelled by the guest") && to(m) === MAIL.lodgeInbox),
    ).toBeDefined();
    expect(mails.find((m) => m.subject?.includes(`${vb.record.reference} is declined`))?.text).toContain(
      "We are sorry",
    );
  });

  it("asks a new subscriber to confirm, with List-Unsubscribe headers, once per address", async () => {
    const { db } = getDatabase();
    await subscribe(db, "Reader@Example.com");
    await subscribe(db, "reader@example.com");
    const rows = await db
      .selectFrom("outbox")
      .selectAll()
      .where("template", "=", "newsletter-confirm")
      .execute();
    expect(rows).toHaveLength(1);
    const before = smtp.received.length;
    await runWorkerUntilDrained(db);
    const [mail] = smtp.received.slice(before);
    expect(to(mail as ParsedMail)).toBe("reader@example.com");
    expect(mail?.text).toMatch(/https:\/\/lodge\.example\/newsletter\/confirm\?token=[\w-]{40,}/);
    const header = (key: string) => mail?.headerLines.find((h) => h.key === key)?.line.replace(/\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <https:\/\/lodge\.example\/newsletter\/unsubscribe\?token=[\w-]{40,}>/,
    );
    expect(mail?.html).toContain("/newsletter/unsubscribe?token=");
  });

  it("retries after the mail server refuses (4xx, then 5xx), recording attempts and the error", async () => {
    const { db } = getDatabase();
    await insertContactMessage(db, {
      submissionId: null,
      name: "Refused",
      email: "refused@example.com",
      subject: null,
      message: "Hello",
    });
    smtp.refuseNext(2, 451, "Greylisted, try again later");
    const before = smtp.received.length;
    worker = startWorker(db, smtp, { batchSize: 1 });
    // Two mails: the first two attempts are refused, then both go.
    await smtp.waitFor(before + 2);
    await drained(db);
    await worker.stop();
    worker = undefined;
    const rows = await db
      .selectFrom("outbox")
      .selectAll()
      .where("recipient", "=", "refused@example.com")
      .execute();
    const lodge = await db
      .selectFrom("outbox")
      .selectAll()
      .where("subject", "like", "New message: Refused%")
      .execute();
    const all = [...rows, ...lodge];
    expect(all.every((r) => r.status === "sent")).toBe(true);
    expect(all.reduce((sum, r) => sum + r.attempts, 0)).toBe(4);
    expect(all.some((r) => r.lastError === null)).toBe(true);

    // A permanent refusal is retried too, and after the give-up time the mail is failed for staff.
    await insertContactMessage(db, {
      submissionId: null,
      name: "Bounced",
      email: "bounced@example.com",
      subject: null,
      message: "Hi",
    });
    smtp.refuseNext(1000, 550, "No such user here");
    worker = startWorker(db, smtp, { giveUpAfterMs: 1_000 });
    await drained(db);
    await worker.stop();
    worker = undefined;
    const failed = await listOutbox(db, { status: "failed" });
    expect(failed.total).toBe(2);
    expect(failed.rows[0]?.lastError).toContain("No such user here");
    expect(failed.rows[0]?.attempts).toBeGreaterThan(1);

    // Staff retry a failed mail: it goes once the server accepts again.
    smtp.refuseNext(0, 0);
    const countBefore = smtp.received.length;
    for (const row of failed.rows) expect(await retryOutboxMail(db, row.id)).toBe(true);
    expect(await retryOutboxMail(db, failed.rows[0]?.id ?? "0")).toBe(false);
    await runWorkerUntilDrained(db);
    expect(smtp.received.length - countBefore).toBe(2);
    expect((await listOutbox(db, { status: "failed" })).total).toBe(0);
  });

  it("hands back what it holds on stop, unsent and not counted as an attempt", async () => {
    const { db } = getDatabase();
    await insertContactMessage(db, {
      submissionId: null,
      name: "Stop",
      email: "stop@example.com",
      subject: null,
      message: "Hi",
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sends = 0;
    worker = startOutboxWorker({
      database: async () => db,
      mail: MAIL,
      ...FAST,
      batchSize: 10,
      log: () => {},
      send: async () => {
        sends += 1;
        await gate;
      },
    });
    const deadline = Date.now() + 10_000;
    while (sends === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = worker.stop();
    release();
    await stopped;
    worker = undefined;
    const message = await db
      .selectFrom("contactMessages")
      .select("id")
      .where("name", "=", "Stop")
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom("outbox")
      .selectAll()
      .where("requestId", "=", String(message.id))
      .orderBy("id")
      .execute();
    expect(sends).toBe(1);
    expect(rows.map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual([
      ["sent", 1, null],
      ["pending", 0, null],
    ]);
  });

  it("after a crash between sending and marking, sends the mail once more with the same Message-ID", async () => {
    const { db } = getDatabase();
    await insertContactMessage(db, {
      submissionId: "crash-1",
      name: "Crash",
      email: "crash@example.com",
      subject: null,
      message: "Hi",
    });
    const message = await db
      .selectFrom("contactMessages")
      .select("id")
      .where("submissionId", "=", "crash-1")
      .executeTakeFirstOrThrow();
    // A worker claims the guest's mail with a short lease, sends it, and dies before marking it.
    const claimed = await claimDueMails(db, { limit: 10, leaseMs: 300 });
    const mail = claimed.find((row) => row.recipient === "crash@example.com");
    if (!mail) throw new Error("not claimed");
    const before = smtp.received.length;
    const send = smtpSender(smtp.url);
    await send(renderMail(mail, MAIL));
    send.close?.();
    // Another worker takes it over once the lease has run out.
    worker = startWorker(db, smtp);
    await drained(db);
    await worker.stop();
    worker = undefined;
    const copies = smtp.received.slice(before).filter((m) => to(m) === "crash@example.com");
    expect(copies).toHaveLength(2);
    expect(copies[0]?.messageId).toBe(copies[1]?.messageId);
    const rows = await db
      .selectFrom("outbox")
      .selectAll()
      .where("requestId", "=", String(message.id))
      .execute();
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });

  it("counts the day before giving up from the first failed attempt, not from when the mail waited", async () => {
    const { db } = getDatabase();
    const policy = { ...OUTBOX_DEFAULTS, baseDelayMs: 30_000 };
    const day = sql`interval '1 day'`;
    await insertContactMessage(db, {
      submissionId: "waited-1",
      name: "Waited",
      email: "waited@example.com",
      subject: null,
      message: "Hi",
    });
    const ofGuest = () =>
      db
        .selectFrom("outbox")
        .selectAll()
        .where("recipient", "=", "waited@example.com")
        .executeTakeFirstOrThrow();
    const { id } = await ofGuest();
    // Time passes for this row: every timestamp it holds moves back by that much.
    const passes = (days: number) =>
      sql`update outbox set created_at = created_at - ${days} * ${day}, retry_from = retry_from - ${days} * ${day},
                            next_attempt_at = next_attempt_at - ${days} * ${day} where id = ${id}`.execute(
        db,
      );
    // Its SMTP-less wait: written two days ago, due since then, never tried.
    await passes(2);
    const failOnce = async (reason: string) => {
      const claimed = await claimDueMails(db, { limit: 100, leaseMs: 60_000 });
      const mine = claimed.find((row) => row.id === id);
      if (!mine) throw new Error("not claimed");
      await Promise.all(claimed.filter((row) => row !== mine).map((row) => releaseMail(db, row)));
      await markMailAttemptFailed(db, mine, reason, policy);
      return ofGuest();
    };

    // The first failure starts the day: the mail stays pending, to be tried again.
    const first = await failOnce("451 Try again later");
    expect(first.status).toBe("pending");
    expect(Date.now() - first.retryFrom.getTime()).toBeLessThan(60_000);
    expect(first.nextAttemptAt.getTime() - first.retryFrom.getTime()).toBeGreaterThanOrEqual(29_000);

    // Failing on and off for less than a day: still pending, the day still counted from the first.
    await passes(0.5);
    const second = await failOnce("451 Try again later");
    expect(second.status).toBe("pending");
    expect(second.retryFrom.getTime()).toBe(first.retryFrom.getTime() - 0.5 * 86_400_000);

    // A day after the first failure, the next failure is final.
    await passes(0.6);
    const last = await failOnce("550 No such user");
    expect(last.status).toBe("failed");
    expect(last.lastError).toBe("550 No such user");

    // Staff retry it, and it waits another two days before a worker tries (no SMTP_URL again):
    // its first failure after the retry starts a new day.
    expect(await retryOutboxMail(db, id)).toBe(true);
    await passes(2);
    const afterRetry = await failOnce("451 Try again later");
    expect(afterRetry.status).toBe("pending");
    expect(Date.now() - afterRetry.retryFrom.getTime()).toBeLessThan(60_000);
    await sql`update outbox set status = 'sent', sent_at = now() where id = ${id}`.execute(db);
  });

  it("hands the rest of a batch back at once when the database misses a mark, and sends nothing twice", async () => {
    const { db } = getDatabase();
    for (let i = 0; i < 3; i++) {
      await insertContactMessage(db, {
        submissionId: `blip-${i}`,
        name: `Blip ${i}`,
        email: `blip-${i}@example.com`,
        subject: null,
        message: "Hi",
      });
    }
    const blip = blipping(db);
    // The first 'sent' mark fails, and so does the first hand-back of the rest of the batch.
    blip.failNext(/"status"[^]*"sent"|'sent'/);
    blip.failNext(/attempts = greatest\(attempts - 1/);
    const messages: Array<[string, Record<string, unknown>]> = [];
    const started = Date.now();
    const base = smtp.received.length;
    // Production lease (15 minutes): a row left claimed would not go out during this test.
    worker = startWorker(blip.db, smtp, {
      batchSize: 10,
      leaseMs: OUTBOX_DEFAULTS.leaseMs,
      log: (_level, msg, fields) => messages.push([msg, fields]),
    });
    await drained(db, 15_000);
    await worker.stop();
    worker = undefined;
    // Far below the 15-minute lease that a row left claimed would wait for.
    expect(Date.now() - started).toBeLessThan(60_000);
    const arrived = smtp.received.slice(base).filter((m) => /blip-|Blip \d/.test(`${to(m)} ${m.subject}`));
    const ids = arrived.map((m) => m.messageId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    const rows = await db
      .selectFrom("outbox")
      .selectAll()
      .where((eb) => eb.or([eb("recipient", "like", "blip-%"), eb("subject", "like", "New message: Blip %")]))
      .execute();
    expect(rows.map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual(
      Array.from({ length: 6 }, () => ["sent", 1, null]),
    );
    expect(messages.map(([msg]) => msg)).toEqual(
      expect.arrayContaining(["mail outcome not recorded; retrying", "outbox worker pass failed"]),
    );
  });

  it("without SMTP_URL sends nothing and says so once at start, with the number waiting", async () => {
    const { db } = getDatabase();
    await insertContactMessage(db, {
      submissionId: "no-smtp-1",
      name: "Unsent",
      email: "unsent@example.com",
      subject: null,
      message: "Hi",
    });
    const { total: pending } = await listOutbox(db, { status: "pending" });
    expect(pending).toBeGreaterThanOrEqual(2);
    const settings = { MAIL_FROM: MAIL.from, LODGE_INBOX: MAIL.lodgeInbox, SITE_ORIGIN: MAIL.siteOrigin };
    // Through the server's own logger, as `npm start` writes it.
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    try {
      const before = smtp.received.length;
      const delivery = startMailDelivery(async () => db, { ...settings, SMTP_URL: undefined });
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 300));
      delivery.wake();
      await delivery.stop();
      expect(warn.mock.calls).toEqual([
        [{ pending }, "SMTP_URL is not set: mails are not sent; they wait in the outbox"],
      ]);
      expect(info).not.toHaveBeenCalled();
      expect(smtp.received.length).toBe(before);
      expect((await listOutbox(db, { status: "pending" })).total).toBe(pending);

      // A database that is not there yet: the line still comes, without the count.
      warn.mockClear();
      startMailDelivery(() => Promise.reject(new Error("no database")), settings);
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      expect(warn.mock.calls).toEqual([
        [{}, "SMTP_URL is not set: mails are not sent; they wait in the outbox"],
      ]);

      // With SMTP_URL set there is no such line, and the waiting mails go out.
      warn.mockClear();
      const sending = startMailDelivery(async () => db, { ...settings, SMTP_URL: smtp.url }, { pollMs: 25 });
      await drained(db);
      await sending.stop();
      expect(warn.mock.calls.map((call) => call[1])).not.toContain(
        "SMTP_URL is not set: mails are not sent; they wait in the outbox",
      );
      expect(smtp.received.slice(before).some((m) => to(m) === "unsent@example.com")).toBe(true);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  if (engine === "postgres") {
    it("sends each mail once with two workers (two instances) on one PostgreSQL", async () => {
      const { db } = getDatabase();
      const base = smtp.received.length;
      const written = 100;
      for (let i = 0; i < written / 2; i++) {
        await insertContactMessage(db, {
          submissionId: `twin-${i}`,
          name: `Twin ${i}`,
          email: `twin-${i}@example.com`,
          subject: null,
          message: "Twice?",
        });
      }
      // A second connection pool, as a second server process would have.
      const { openDatabase } = await import("../../app/shared/db/database.server.ts");
      const url = await db
        .selectNoFrom((eb) => eb.fn<string>("current_database", []).as("name"))
        .executeTakeFirstOrThrow();
      const other = openDatabase({
        databaseUrl:
          `${process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"}`.replace(
            /\/[^/]*$/,
            `/${url.name}`,
          ),
        dataDir: "unused",
        connectTimeoutMs: 30_000,
      });
      const otherDb = await other.ready();
      const sentByOne: string[] = [];
      const sentByTwo: string[] = [];
      const one = startWorker(db, smtp, { batchSize: 3, send: recordingSender(smtp.url, sentByOne) });
      const two = startWorker(otherDb, smtp, { batchSize: 3, send: recordingSender(smtp.url, sentByTwo) });
      await drained(db);
      await Promise.all([one.stop(), two.stop()]);
      await other.close();
      const ids = smtp.received
        .slice(base)
        .filter((m) => /twin-|Twin \d+/.test(`${to(m)} ${m.subject}`))
        .map((m) => m.messageId);
      expect(ids).toHaveLength(written);
      expect(new Set(ids).size).toBe(written);
      // Both instances took part, neither sent what the other did, and together they sent all.
      const rows = await db
        .selectFrom("outbox")
        .select("messageId")
        .where((eb) =>
          eb.or([eb("recipient", "like", "twin-%"), eb("subject", "like", "New message: Twin %")]),
        )
        .execute();
      const all = rows.map((row) => `<${row.messageId}@lodge.example>`).sort();
      expect(sentByOne.length).toBeGreaterThan(0);
      expect(sentByTwo.length).toBeGreaterThan(0);
      expect(sentByOne.filter((id) => sentByTwo.includes(id))).toEqual([]);
      expect(sentByOne.length + sentByTwo.length).toBe(written);
      expect([...sentByOne, ...sentByTwo].sort()).toEqual(all);
      expect([...ids].sort()).toEqual(all);
    });
  }
});
