import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { DB } from "~/db/client.server.ts";
import {
  claimDueMails,
  countPendingMails,
  markMailAttemptFailed,
  markMailSent,
  releaseMail,
  type ClaimedMail,
  type RetryPolicy,
} from "~/db/outbox.server.ts";
import { renderMail, type MailEnvironment } from "./render-mail.server.tsx";
import { logger } from "~/lib/logger.server.ts";

// The outbox's sender (decisions.md 27, ADR 0012). In a loop: claim a few due mails in one short
// statement, send each by SMTP outside any transaction, mark it sent or schedule its next attempt.
// Any number of server instances may run it against one PostgreSQL database: a claimed row is
// skipped by the others (FOR UPDATE SKIP LOCKED, then a lease), so no mail is sent twice unless a
// process dies between the SMTP server's "250 OK" and the mark — then it goes once more, with the
// same Message-ID.

/** Sends one message; nodemailer's SMTP transport in production, anything alike in tests. */
export type MailSender = ((message: Mail.Options) => Promise<unknown>) & { close?: () => void };

export interface OutboxWorkerOptions extends Partial<RetryPolicy> {
  /** The database, once it is ready (the worker waits and retries while it is not). */
  database: () => Promise<DB>;
  mail: MailEnvironment;
  send: MailSender;
  /** How often to look for due mails when there were none. */
  pollMs?: number;
  batchSize?: number;
  /** A claimed mail is free again after this long, should its worker die. */
  leaseMs?: number;
  /** Where failures are reported; one JSON line on the console unless given. */
  log?: Logger;
}

type Logger = (level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown>) => void;

export interface OutboxWorker {
  /** Look for due mails now (after a request wrote some, or in tests). */
  wake(): void;
  /** Stops claiming, finishes the mail being sent, hands back the rest unsent. */
  stop(): Promise<void>;
}

const DEFAULTS = {
  pollMs: 2_000,
  batchSize: 10,
  // Longer than a whole batch can take at the SMTP timeouts below (10 × 50 s), so a lease never
  // runs out under a live worker and lets another instance send the same mail.
  leaseMs: 15 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, mail, send, log = logLine, ...tuning } = options;
  const settings = { ...DEFAULTS, ...stripUndefined(tuning), database, mail, send };
  const policy: RetryPolicy = settings;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function sendOne(db: DB, mail: ClaimedMail): Promise<void> {
    try {
      await settings.send(renderMail(mail, settings.mail));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markMailAttemptFailed(db, mail, reason, policy);
      log("warn", "mail not sent", { id: String(mail.id), attempts: mail.attempts, error: reason });
      return;
    }
    await markMailSent(db, mail);
  }

  /** One pass: claim and send batches until nothing is due (or the worker stops). */
  async function drain(): Promise<void> {
    const db = await settings.database();
    while (!stopping) {
      const claimed = await claimDueMails(db, { limit: settings.batchSize, leaseMs: settings.leaseMs });
      for (const [index, mail] of claimed.entries()) {
        if (stopping) {
          await Promise.all(claimed.slice(index).map((rest) => releaseMail(db, rest)));
          return;
        }
        await sendOne(db, mail);
      }
      if (claimed.length < settings.batchSize) return;
    }
  }

  function schedule(delay: number): void {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  }

  function run(): void {
    if (stopping || running) return;
    running = drain()
      .catch((error: unknown) => {
        log("error", "outbox worker pass failed", {
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        running = undefined;
        schedule(settings.pollMs);
      });
  }

  schedule(0);
  return {
    wake() {
      if (!running) schedule(0);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
      send.close?.();
    },
  };
}

/**
 * nodemailer's SMTP transport with short timeouts (a slow mail server must not hold a claim for
 * long), keeping one connection open between mails of a batch.
 */
export function smtpSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    pool: true,
    maxConnections: 1,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return Object.assign((message: Mail.Options) => transport.sendMail(message), {
    close: () => transport.close(),
  });
}

export interface MailServerSettings {
  SMTP_URL?: string;
  MAIL_FROM: string;
  LODGE_INBOX: string;
  SITE_ORIGIN: string;
}

/**
 * The server's one call: starts the worker when SMTP_URL is set; otherwise says once that mails
 * wait in the outbox, and starts nothing (nothing is lost: they are sent once SMTP is configured).
 */
export function startMailDelivery(database: () => Promise<DB>, env: MailServerSettings): OutboxWorker {
  if (!env.SMTP_URL) {
    void database()
      .then((db) => countPendingMails(db))
      .catch(() => undefined)
      .then((pending) => {
        logLine("warn", "SMTP_URL is not set: mails are not sent; they wait in the outbox", {
          ...(pending === undefined ? {} : { pending }),
        });
      });
    return { wake() {}, stop: async () => {} };
  }
  return startOutboxWorker({
    database,
    send: smtpSender(env.SMTP_URL),
    mail: { siteOrigin: env.SITE_ORIGIN, from: env.MAIL_FROM, lodgeInbox: env.LODGE_INBOX },
  });
}

const logLine: Logger = (level, msg, fields) => logger[level](fields, msg);

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
