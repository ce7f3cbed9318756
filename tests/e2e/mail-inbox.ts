import { readdirSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { MAIL_SINK_DIR } from "./servers.ts";

export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function readAll(): SunkMail[] {
  return readdirSync(MAIL_SINK_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(`${MAIL_SINK_DIR}/${name}`, "utf8")) as SunkMail);
}

/** The first mail to `address` whose subject contains `subject`, once the site's worker sent it. */
export async function mailTo(address: string, subject: string): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll().find((m) => m.to.includes(address.toLowerCase()) && m.subject.includes(subject));
        return found !== undefined;
      },
      { timeout: 20_000, message: `a mail to ${address} about '${subject}'` },
    )
    .toBe(true);
  return found as SunkMail;
}

/** A link of the mail's plain-text part, as a path on the site under test. */
export function linkIn(mail: SunkMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
