// Playwright's global setup: a real SMTP server for the browser tests' site (SMTP_URL points
// here, playwright.config.ts). Each mail it accepts is parsed and written as one JSON file, so
// tests in any worker process can read what the site sent (tests/e2e/mail-inbox.ts).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { MAIL_SINK_DIR, MAIL_SINK_PORT } from "./servers.ts";

export default async function startMailSink(): Promise<() => Promise<void>> {
  rmSync(MAIL_SINK_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_SINK_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          count += 1;
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address ?? ""),
          );
          const headers = Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line]));
          const file = `${MAIL_SINK_DIR}/${String(count).padStart(5, "0")}.json`;
          writeFileSync(
            file,
            JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html, headers }),
          );
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(MAIL_SINK_PORT, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
