import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "~/db/client.server.ts";
import { insertContactMessage } from "~/db/contact-messages.server.ts";
import { claimDueMails, listOutbox, retryOutboxMail } from "~/db/outbox.server.ts";
import { subscribe } from "~/db/newsletter-subscriptions.server.ts";
import { changeStayStatus, changeVenueBookingStatus } from "~/db/request-status.server.ts";
import { insertReservation } from "~/db/reservations.server.ts";
import { bookRoom } from "~/db/rooms.server.ts";
import { insertVenueBooking } from "~/db/venue-bookings.server.ts";
import { addDays, lodgeToday } from "~/lib/dates.ts";
import { smtpSender, startOutboxWorker, type OutboxWorker } from "~/mail/outbox-worker.server.ts";
import { renderMail } from "~/mail/render-mail.server.tsx";
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
    const ics = calendarOf(toGuest as ParsedMail);
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain(`DTSTART;VALUE=DATE:${checkIn.replaceAll("-", "")}`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${addDays(checkIn, 2).replaceAll("-", "")}`);
    expect(ics).toContain(`UID:booking-${booking.id}@lodge.example`);
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
      price: room.price,
      totalPrice: room.price * 3,
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
    expect(calendarOf(subject(`Your reservation ${r.reference}`) as ParsedMail)).toContain(
      "STATUS:TENTATIVE",
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
      price: room.price,
      totalPrice: room.price,
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
    expect(mails.find((m) => m.subject?.includes(`${ref} is confirmed`))?.text).toContain("Good news");
    const cancelled = mails.find((m) => m.subject?.includes(`${ref} is cancelled`));
    expect(cancelled?.text).toContain("is cancelled");
    expect(calendarOf(cancelled as ParsedMail)).toContain("METHOD:CANCEL");
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

  it("loses nothing while the mail server is down, and sends nothing twice when it returns", async () => {
    const { db } = getDatabase();
    const base = smtp.received.length;
    await smtp.down();
    const downAt = Date.now();
    worker = startWorker(db, smtp);
    // Requests keep coming while the server is down: 20 contact messages, 40 mails.
    const written = 40;
    for (let i = 0; i < written / 2; i++) {
      await insertContactMessage(db, {
        submissionId: `outage-${i}`,
        name: `Guest ${i}`,
        email: `outage-${i}@example.com`,
        subject: null,
        message: "Down?",
      });
    }
    // Let the worker fail against the closed port until every mail has been tried several times.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.min("attempts").as("least"))
        .where("recipient", "like", "outage-%")
        .executeTakeFirstOrThrow();
      if (Number(row.least) >= 3) break;
      if (Date.now() > deadline) throw new Error("the worker did not retry");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await smtp.up();
    const downForMs = Date.now() - downAt;
    await drained(db);
    await worker.stop();
    worker = undefined;
    const rows = await db
      .selectFrom("outbox")
      .select(["status", "attempts"])
      .where((eb) =>
        eb.or([eb("recipient", "like", "outage-%"), eb("subject", "like", "New message: Guest %")]),
      )
      .execute();
    const arrived = smtp.received
      .slice(base)
      .filter((m) => /outage-|Guest \d+/.test(`${to(m)} ${m.subject}`));
    const ids = arrived.map((m) => m.messageId);
    const figures = {
      engine,
      written,
      sent: new Set(ids).size,
      duplicated: ids.length - new Set(ids).size,
      lost: written - new Set(ids).size,
    };
    // Back-off runs 1,500 times faster than in production (20 ms for 30 s): this outage stands for
    // about downForMs × 1,500 of real time.
    const failedAttempts = rows.reduce((sum, row) => sum + row.attempts - 1, 0);
    console.info(JSON.stringify({ outage: { ...figures, rows: rows.length, downForMs, failedAttempts } }));
    expect(figures).toEqual({ engine, written, sent: written, duplicated: 0, lost: 0 });
    expect(rows).toHaveLength(written);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
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
      const { openDatabase } = await import("~/db/database.server.ts");
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
      });
      const otherDb = await other.ready();
      const one = startWorker(db, smtp, { batchSize: 3 });
      const two = startWorker(otherDb, smtp, { batchSize: 3 });
      await drained(db);
      await Promise.all([one.stop(), two.stop()]);
      await other.close();
      const ids = smtp.received
        .slice(base)
        .filter((m) => /twin-|Twin \d+/.test(`${to(m)} ${m.subject}`))
        .map((m) => m.messageId);
      expect(ids).toHaveLength(written);
      expect(new Set(ids).size).toBe(written);
    });
  }
});
