import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { enqueueMail, type OutgoingMail } from "../../app/features/mail/outbox.server.ts";
import { openDatabase, type DatabaseHandle } from "../../app/shared/db/database.server.ts";
import { throwawayDatabase } from "./test-database.ts";

// `npm run dev` runs the process lifecycle of production (server/lifecycle.ts): its mail worker
// sends what waits in the outbox, and its stop, on SIGTERM, lets the mail being sent finish and
// hands the rest of the batch back unsent, before the process ends. On PostgreSQL, so that this
// test can write the outbox while the server runs.

let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;
let databaseUrl: string;
beforeAll(async () => {
  const throwaway = await throwawayDatabase("postgres");
  dropDatabase = throwaway.dropDatabase;
  databaseUrl = throwaway.config.databaseUrl ?? "";
  database = openDatabase(throwaway.config);
  await database.ready();
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

/** A mail to the lodge about a contact message from `name` (its subject names them). */
function mailFrom(name: string): OutgoingMail {
  return {
    audience: "lodge",
    payload: {
      template: "new-request",
      request: {
        kind: "contact-message",
        id: "1",
        name,
        email: "guest@example.com",
        subject: null,
        message: "Hi",
      },
    },
  };
}

/**
 * An SMTP server that, once `holdNext` is called, keeps the next message's "250 OK" until
 * `release`: the server's worker is then in the middle of a send.
 */
async function holdingSmtpServer() {
  const received: string[] = [];
  let holding = false;
  let held: { subject: string; accept: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const subject = parsed.subject ?? "";
          const accept = () => {
            received.push(subject);
            callback();
          };
          if (!holding) return accept();
          holding = false;
          held = { subject, accept };
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    holdNext: () => (holding = true),
    held: () => held?.subject,
    release: () => held?.accept(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("starts the mail worker in development, and its stop finishes the mail being sent and hands back the rest", async () => {
  const smtp = await holdingSmtpServer();
  const port = 44_000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ["--conditions=development", "./server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const db = database.db;
  try {
    // Sent by the worker `npm run dev` started.
    await enqueueMail(db, mailFrom("Ada"));
    await until(`the first mail:\n${output}`, () => smtp.received.some((s) => s.includes("Ada")));

    // Two mails claimed together; the first one's send is under way when the stop begins.
    smtp.holdNext();
    await db.transaction().execute(async (trx) => {
      await enqueueMail(trx, mailFrom("Bupe"));
      await enqueueMail(trx, mailFrom("Chanda"));
    });
    await until("a send under way", () => smtp.held() !== undefined);
    expect(smtp.held()).toContain("Bupe");
    child.kill("SIGTERM");
    await until(`the workers' stop:\n${output}`, () =>
      output.includes("the mail worker, payments and backups"),
    );
    smtp.release();
    expect(await exited, output).toBe(0);
    expect(output).toContain('"msg":"stopped"');
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await smtp.close();
  }

  const rows = await db
    .selectFrom("outbox")
    .select(["subject", "status", "attempts", "lockedUntil", "claimToken"])
    .orderBy("id")
    .execute();
  expect(rows.map((row) => [row.subject.match(/Ada|Bupe|Chanda/)?.[0], row.status, row.attempts])).toEqual([
    ["Ada", "sent", 1],
    ["Bupe", "sent", 1],
    // Handed back, not claimed until its lease runs out: the next server sends it at once.
    ["Chanda", "pending", 0],
  ]);
  expect(rows.every((row) => row.lockedUntil === null && row.claimToken === null)).toBe(true);
  expect(smtp.received.map((subject) => subject.match(/Ada|Bupe|Chanda/)?.[0])).toEqual(["Ada", "Bupe"]);
}, 360_000);
