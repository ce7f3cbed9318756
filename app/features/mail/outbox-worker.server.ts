import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { DB } from "~/shared/db/client.server.ts";
import {
  claimDueMails,
  countPendingMails,
  markMailAttemptFailed,
  markMailSent,
  releaseMail,
  type ClaimedMail,
  type RetryPolicy,
} from "~/features/mail/outbox.server.ts";
import { renderMail, type MailEnvironment } from "./render-mail.server.tsx";
import { logger } from "~/shared/logger.server.ts";

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

/** The production back-off and batch settings; tests and other deployments pass their own. */
export const OUTBOX_DEFAULTS = {
  pollMs: 2_000,
  batchSize: 10,
  // Longer than a whole batch can take at the SMTP timeouts below (10 × 50 s), so a lease never
  // runs out under a live worker and lets another instance send the same mail.
  leaseMs: 15 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
} as const;

/** What became of a claimed mail; written to its row (or kept until the database answers). */
type Outcome = { kind: "sent" } | { kind: "failed"; reason: string } | { kind: "release" };

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, mail, send, log = logLine, ...tuning } = options;
  const settings = { ...OUTBOX_DEFAULTS, ...stripUndefined(tuning), database, mail, send };
  const policy: RetryPolicy = settings;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // Outcomes the database did not take (a blip while marking). The rows stay claimed by this
  // worker (the lease), so nobody else sends them; they are written first thing next pass. A
  // mail sent but not yet marked is therefore not sent again, unless this process dies first.
  const owed = new Map<string, { mail: ClaimedMail; outcome: Outcome; since: number }>();

  /** Sends one mail; answers what became of it, and whether the server could not be reached. */
  async function attempt(mail: ClaimedMail): Promise<{ outcome: Outcome; unreachable: boolean }> {
    let rendered = false;
    try {
      const message = renderMail(mail, settings.mail);
      rendered = true;
      await settings.send(message);
      return { outcome: { kind: "sent" }, unreachable: false };
    } catch (error) {
      const reason = errorMessage(error);
      log("warn", "mail not sent", { id: String(mail.id), attempts: mail.attempts, error: reason });
      return { outcome: { kind: "failed", reason }, unreachable: rendered && serverUnreachable(error) };
    }
  }

  async function record(db: DB, mail: ClaimedMail, outcome: Outcome): Promise<void> {
    if (outcome.kind === "sent") await markMailSent(db, mail);
    else if (outcome.kind === "failed") await markMailAttemptFailed(db, mail, outcome.reason, policy);
    else await releaseMail(db, mail);
  }

  /**
   * Writes the outcomes owed from an earlier pass; throws (keeping the rest) if it cannot. One
   * whose lease has run out is dropped: the row is free again, so another claim decides it.
   */
  async function settleOwed(db: DB): Promise<void> {
    for (const [id, { mail, outcome, since }] of owed) {
      if (Date.now() - since >= settings.leaseMs) {
        owed.delete(id);
        log("error", "mail outcome never recorded; its lease ran out", { id, outcome: outcome.kind });
        continue;
      }
      await record(db, mail, outcome);
      owed.delete(id);
    }
  }

  function owe(mail: ClaimedMail, outcome: Outcome): void {
    owed.set(mail.id, { mail, outcome, since: Date.now() });
  }

  /** One pass: claim and send batches until nothing is due (or the worker stops). */
  async function drain(): Promise<void> {
    const db = await settings.database();
    await settleOwed(db);
    while (!stopping) {
      const claimed = await claimDueMails(db, { limit: settings.batchSize, leaseMs: settings.leaseMs });
      // Once the server cannot be reached (refused, timed out), the rest of the batch is not
      // tried: each would wait out the same timeouts. They count as failed attempts, with back-off.
      let unreachable: string | undefined;
      for (const [index, mail] of claimed.entries()) {
        if (stopping) {
          for (const rest of claimed.slice(index)) owe(rest, { kind: "release" });
          await settleOwed(db);
          return;
        }
        let outcome: Outcome;
        if (unreachable !== undefined) {
          outcome = { kind: "failed", reason: `not tried: ${unreachable}` };
        } else {
          const result = await attempt(mail);
          outcome = result.outcome;
          if (result.unreachable && outcome.kind === "failed") unreachable = outcome.reason;
        }
        try {
          await record(db, mail, outcome);
        } catch (error) {
          // The database did not take the mark. Keep it, and hand back the rest of the batch
          // now rather than leave it to the lease (15 minutes): if that fails too, next pass.
          owe(mail, outcome);
          for (const rest of claimed.slice(index + 1)) owe(rest, { kind: "release" });
          log("warn", "mail outcome not recorded; retrying", {
            id: String(mail.id),
            outcome: outcome.kind,
            error: errorMessage(error),
          });
          await settleOwed(db);
          return;
        }
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
        log("error", "outbox worker pass failed", { error: errorMessage(error), owed: owed.size });
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
      if (owed.size > 0) {
        // Last try; what stays unrecorded is claimed until its lease ends, then sent (again,
        // with the same Message-ID) by whichever worker claims it.
        await settings
          .database()
          .then((db) => settleOwed(db))
          .catch((error: unknown) => {
            log("error", "mail outcomes not recorded at stop", {
              error: errorMessage(error),
              owed: owed.size,
            });
          });
      }
      send.close?.();
    },
  };
}

/**
 * Whether a send failed because the server could not be reached or went away (connection
 * refused or dropped, a timeout, 421 "closing channel"), not because it refused this one mail.
 */
function serverUnreachable(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (responseCode === 421) return true;
  if (typeof responseCode === "number") return false;
  return typeof code === "string" && UNREACHABLE_CODES.has(code);
}
const UNREACHABLE_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
]);

/** Milliseconds nodemailer waits for a connection, the greeting, and any answer on the socket. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/**
 * nodemailer's SMTP transport with short timeouts (a slow mail server must not hold a claim for
 * long), keeping one connection open between mails of a batch.
 */
export function smtpSender(smtpUrl: string, timeouts: Partial<SmtpTimeouts> = {}): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...SMTP_TIMEOUTS,
    ...stripUndefined(timeouts),
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

/** What a deployment (or a test) may change of the worker and its SMTP connection. */
export type MailDeliveryTuning = Omit<OutboxWorkerOptions, "database" | "mail" | "send"> & {
  timeouts?: Partial<SmtpTimeouts>;
};

/**
 * The server's one call: starts the worker when SMTP_URL is set; otherwise says once that mails
 * wait in the outbox, and starts nothing (nothing is lost: they are sent once SMTP is configured).
 */
export function startMailDelivery(
  database: () => Promise<DB>,
  env: MailServerSettings,
  { timeouts, ...tuning }: MailDeliveryTuning = {},
): OutboxWorker {
  const log = tuning.log ?? logLine;
  if (!env.SMTP_URL) {
    void database()
      .then((db) => countPendingMails(db))
      .catch(() => undefined)
      .then((pending) => {
        log("warn", "SMTP_URL is not set: mails are not sent; they wait in the outbox", {
          ...(pending === undefined ? {} : { pending }),
        });
      });
    return { wake() {}, stop: async () => {} };
  }
  return startOutboxWorker({
    ...tuning,
    database,
    send: smtpSender(env.SMTP_URL, timeouts),
    mail: { siteOrigin: env.SITE_ORIGIN, from: env.MAIL_FROM, lodgeInbox: env.LODGE_INBOX },
  });
}

const logLine: Logger = (level, msg, fields) => logger[level](fields, msg);

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
