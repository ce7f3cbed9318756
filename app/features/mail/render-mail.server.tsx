import type Mail from "nodemailer/lib/mailer";
import { renderToStaticMarkup } from "react-dom/server";
import { mailContent, myBookingUrl, type MailContent } from "./mail-content.ts";
import { MailLayout } from "./mail-layout.tsx";
import type { MailPayload } from "./mail-payload.ts";
import { calendarSequence, stayCalendar } from "./stay-calendar.server.ts";

export interface MailEnvironment {
  siteOrigin: string;
  /** The sender: an address or 'Name <address>'. */
  from: string;
  lodgeInbox: string;
}

/** What the outbox keeps of a mail, as the renderer needs it. */
export interface StoredMail {
  subject: string;
  payload: unknown;
  messageId: string;
  recipient: string | null;
}

/** The sender's domain: Message-IDs and calendar UIDs are made unique under it. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split("@")[1]?.trim() || "localhost";
}

/** The plain-text part, drawn from the same content as the HTML. */
function mailText(content: MailContent): string {
  const width = Math.max(0, ...content.details.map((row) => row.label.length)) + 2;
  const lines = [content.greeting, "", ...content.paragraphs.flatMap((p) => [p, ""])];
  if (content.details.length > 0) {
    lines.push(...content.details.map((row) => `${`${row.label}:`.padEnd(width)}${row.value}`), "");
  }
  if (content.action) lines.push(`${content.action.label}:`, content.action.href, "");
  for (const link of content.links) lines.push(`${link.label}: ${link.href}`);
  if (content.unsubscribeUrl) lines.push(`Unsubscribe: ${content.unsubscribeUrl}`);
  return lines.join("\n").trimEnd() + "\n";
}

/**
 * Renders an outbox row into the message nodemailer sends: HTML and plain text, a stable
 * Message-ID, a calendar invitation for stays, List-Unsubscribe headers for subscribers.
 */
export function renderMail(stored: StoredMail, env: MailEnvironment): Mail.Options {
  const payload = stored.payload as MailPayload;
  const content = mailContent(payload, { siteOrigin: env.siteOrigin });
  const domain = senderDomain(env.from);
  const message: Mail.Options = {
    from: env.from,
    to: stored.recipient ?? env.lodgeInbox,
    subject: stored.subject,
    messageId: `<${stored.messageId}@${domain}>`,
    text: mailText(content),
    html: `<!doctype html>${renderToStaticMarkup(<MailLayout content={content} />)}`,
  };
  if (content.unsubscribeUrl) {
    message.list = { unsubscribe: { url: content.unsubscribeUrl, comment: "Unsubscribe" } };
    message.headers = { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  }
  const request = "request" in payload ? payload.request : undefined;
  const toGuest = stored.recipient !== null && payload.template !== "newsletter-confirm";
  // A guest's reply reaches the lodge's inbox; the lodge's reply to a notice reaches the guest.
  if (toGuest) message.replyTo = env.lodgeInbox;
  else if (stored.recipient === null && request?.email)
    message.replyTo = { name: request.name, address: request.email };
  if (toGuest && request && (request.kind === "booking" || request.kind === "reservation")) {
    message.icalEvent = {
      filename: `${request.reference}.ics`,
      method: request.status === "Cancelled" || request.status === "Declined" ? "CANCEL" : "PUBLISH",
      content: stayCalendar(request, {
        domain,
        manageUrl: myBookingUrl(env.siteOrigin, request.reference),
        sequence: calendarSequence(payload),
        organizer: env.lodgeInbox,
      }),
    };
  }
  return message;
}
