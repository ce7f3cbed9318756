import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../app/shared/db/client.server.ts";
import { insertContactMessage } from "../../app/features/contact/contact-messages.server.ts";
import {
  OUTBOX_DEFAULTS,
  smtpSender,
  startOutboxWorker,
  type MailSender,
  type SmtpTimeouts,
} from "../../app/features/mail/outbox-worker.server.ts";
import { describeEachEngine, type Engine } from "./test-database.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./test-smtp-server.ts";

// Nothing is lost when the SMTP server is down for minutes and then returns. A real SMTP
// server (smtp-server, 127.0.0.1) goes away for minutes in real time while requests keep writing
// mails; the worker keeps trying with the production back-off's shape (a base delay doubling up
// to a cap) at a fifteenth of its length (2 s doubling up to 20 s, for 30 s up to 1 h), so the
// test ends within one capped delay of the server's return. Then the same through a black hole:
// connections accepted and never answered, which only the short SMTP timeouts end.
//
// MAIL_OUTAGE_SECONDS (default 120) and MAIL_BLACK_HOLE_SECONDS (default 15) set how long; both
// engines and both kinds of outage run at once (the tests mostly wait). Each prints one JSON line:
// {"outage":{"mode","engine","written","sent","duplicated","lost","downForMs","failedAttempts",…}}.

const OUTAGE_SECONDS = seconds("MAIL_OUTAGE_SECONDS", 120);
const BLACK_HOLE_SECONDS = seconds("MAIL_BLACK_HOLE_SECONDS", 15);
const BACKOFF = {
  baseDelayMs: 2_000,
  maxDelayMs: 20_000,
  giveUpAfterMs: OUTBOX_DEFAULTS.giveUpAfterMs,
  pollMs: 250,
};
/** Production waits 10 s for a connection and the greeting; here 1.5 s. */
const TIMEOUTS: SmtpTimeouts = { connectionTimeout: 1_500, greetingTimeout: 1_500, socketTimeout: 3_000 };
const MAIL = {
  siteOrigin: "https://lodge.example",
  from: "Lodge <bookings@lodge.example>",
  lodgeInbox: "desk@lodge.example",
};

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a number of seconds, not ${raw}`);
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function to(mail: ParsedMail): string {
  const address = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return address?.value[0]?.address ?? "";
}

/** The SMTP sender with the short test timeouts, timing every failed send. */
function timedSender(
  url: string,
  failures: Array<{ ms: number; code: string; message: string }>,
): MailSender {
  const inner = smtpSender(url, TIMEOUTS);
  return Object.assign(
    async (message: Parameters<MailSender>[0]) => {
      const started = Date.now();
      try {
        return await inner(message);
      } catch (error) {
        const { code = "", message: text = "" } = error as { code?: string; message?: string };
        failures.push({ ms: Date.now() - started, code, message: text });
        throw error;
      }
    },
    { close: () => inner.close?.() },
  );
}

interface Outage {
  mode: "refused" | "black-hole";
  downMs: number;
  /** One request (two mails: the guest's and the lodge's) this often while the server is away. */
  writeEveryMs: number;
}

async function throughOutage(db: DB, smtp: TestSmtpServer, engine: Engine, outage: Outage) {
  const tag = `${outage.mode}-${engine}`;
  const failedSends: Array<{ ms: number; code: string; message: string }> = [];
  const base = smtp.received.length;
  let requests = 0;
  const writeRequest = () =>
    insertContactMessage(db, {
      submissionId: `${tag}-${requests}`,
      name: `Outage ${tag} ${requests}`,
      email: `${tag}-${requests++}@example.com`,
      subject: null,
      message: "Is anyone there?",
    });

  await smtp.down(outage.mode);
  const downAt = Date.now();
  const worker = startOutboxWorker({
    database: async () => db,
    mail: MAIL,
    send: timedSender(smtp.url, failedSends),
    log: () => {},
    ...BACKOFF,
  });
  try {
    // Requests keep coming while the server is away.
    while (Date.now() - downAt < outage.downMs) {
      await writeRequest();
      await sleep(Math.max(0, Math.min(outage.writeEveryMs, outage.downMs - (Date.now() - downAt))));
    }
    const during = await rowsOf(db, tag);
    await smtp.up();
    const upAt = Date.now();
    const downForMs = upAt - downAt;
    // And one more just as it returns.
    await writeRequest();

    // Nothing went out and nothing was given up while it was away; the worker kept trying.
    expect(during.every((row) => row.status === "pending")).toBe(true);
    const tries = expectedTries(outage.downMs, outage.mode === "black-hole" ? TIMEOUTS.greetingTimeout : 0);
    // A busy machine runs timers late, so a try or two fewer than the back-off's schedule.
    expect(Math.max(...during.map((row) => row.attempts))).toBeGreaterThanOrEqual(Math.max(1, tries - 2));

    // Everything goes within about one capped delay (plus a poll) of the server's return.
    const deadline = upAt + BACKOFF.maxDelayMs * 2 + 15_000;
    for (;;) {
      const rows = await rowsOf(db, tag);
      if (rows.every((row) => row.status === "sent")) break;
      if (Date.now() > deadline) {
        throw new Error(`${rows.filter((row) => row.status !== "sent").length} mails not sent in time`);
      }
      await sleep(100);
    }
    const catchUpMs = Date.now() - upAt;
    expect(catchUpMs).toBeLessThan(BACKOFF.maxDelayMs + 10_000);
    // Give a stray second copy time to arrive, were there one.
    await sleep(1_000);

    const rows = await rowsOf(db, tag);
    const arrived = smtp.received
      .slice(base)
      .filter((mail) => to(mail).startsWith(`${tag}-`) || mail.subject?.includes(`Outage ${tag} `));
    const ids = arrived.map((mail) => mail.messageId ?? "");
    const distinct = new Set(ids);
    const written = rows.length;
    const figures = {
      mode: outage.mode,
      engine,
      written,
      sent: distinct.size,
      duplicated: ids.length - distinct.size,
      lost: rows.filter((row) => !distinct.has(`<${row.messageId}@lodge.example>`)).length,
      downForMs,
      failedAttempts: rows.reduce((sum, row) => sum + row.attempts - 1, 0),
      failedSends: failedSends.length,
      catchUpMs,
    };
    console.info(JSON.stringify({ outage: figures }));
    expect(written).toBe(2 * requests);
    expect(figures).toMatchObject({ written, sent: written, duplicated: 0, lost: 0 });
    expect(rows.every((row) => row.status === "sent" && row.lockedUntil === null)).toBe(true);
    return { figures, failedSends };
  } finally {
    await worker.stop();
  }
}

/**
 * How often the first mail is tried while the server is away: at once, then after each delay of
 * the back-off, each try costing `costMs` (the timeout, for a black hole).
 */
function expectedTries(downMs: number, costMs: number): number {
  let tries = 0;
  for (let at = 0; at < downMs; tries++) {
    at += costMs + Math.min(BACKOFF.baseDelayMs * 2 ** tries, BACKOFF.maxDelayMs);
  }
  return tries;
}

function rowsOf(db: DB, tag: string) {
  return db
    .selectFrom("outbox")
    .select(["status", "attempts", "messageId", "lockedUntil", "lastError"])
    .where((eb) =>
      eb.or([eb("recipient", "like", `${tag}-%`), eb("subject", "like", `New message: Outage ${tag} %`)]),
    )
    .execute();
}

// Both engines, both kinds of outage, at once: each suite has its own database and SMTP server.
describe.concurrent("the mail outbox through an outage", () => {
  describeEachEngine("the mail server gone for minutes", (getDatabase, engine) => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startTestSmtpServer();
    });
    afterAll(() => smtp.close());

    it(
      `loses nothing and sends nothing twice when it is down ${OUTAGE_SECONDS} s and returns`,
      { timeout: OUTAGE_SECONDS * 1_000 + 120_000 },
      async () => {
        const { failedSends } = await throughOutage(getDatabase().db, smtp, engine, {
          mode: "refused",
          downMs: OUTAGE_SECONDS * 1_000,
          writeEveryMs: 5_000,
        });
        // The worker tried on and off all along: about once per capped delay at the end.
        expect(failedSends.length).toBeGreaterThanOrEqual(Math.min(5, Math.floor(OUTAGE_SECONDS / 20)));
        expect(
          // Refused at once; or, on a machine too busy to see the refusal within the short
          // connection timeout, timed out. Never a message the server turned away.
          failedSends.every((failure) => ["ECONNECTION", "ESOCKET", "ETIMEDOUT"].includes(failure.code)),
        ).toBe(true);
      },
    );
  });

  describeEachEngine("the mail server a black hole", (getDatabase, engine) => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startTestSmtpServer();
    });
    afterAll(() => smtp.close());

    it(
      `gives up on a server that never answers after the short timeouts, and loses nothing (${BLACK_HOLE_SECONDS} s)`,
      { timeout: BLACK_HOLE_SECONDS * 1_000 + 120_000 },
      async () => {
        const { failedSends } = await throughOutage(getDatabase().db, smtp, engine, {
          mode: "black-hole",
          downMs: BLACK_HOLE_SECONDS * 1_000,
          writeEveryMs: 2_000,
        });
        expect(smtp.swallowed).toBeGreaterThan(0);
        expect(failedSends.length).toBeGreaterThan(0);
        for (const failure of failedSends) {
          // The greeting timeout ended each try, not the operating system's two-minute one. The
          // upper bound is loose: a busy machine delays timers by seconds, never by minutes.
          expect(failure.code).toBe("ETIMEDOUT");
          expect(failure.ms).toBeGreaterThanOrEqual(TIMEOUTS.greetingTimeout - 100);
          expect(failure.ms).toBeLessThan(30_000);
        }
      },
    );
  });
});
