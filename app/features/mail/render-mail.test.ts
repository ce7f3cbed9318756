import { describe, expect, it } from "vitest";
import type { MailPayload, StayFacts } from "./mail-payload.ts";
import { renderMail, senderDomain } from "./render-mail.server.tsx";

const env = {
  siteOrigin: "https://lodge.example",
  from: "Lodge <bookings@lodge.example>",
  lodgeInbox: "desk@lodge.example",
};
const stay: StayFacts = {
  kind: "reservation",
  id: "7f0c1b9e-1111-4222-8333-944445555666",
  reference: "LDG-7K3QX9",
  name: "Ann <script>alert(1)</script>",
  email: "ann@example.com",
  phone: "+260 97 000 0000",
  roomType: "Deluxe",
  roomNumber: "101",
  checkIn: "2026-12-24",
  checkOut: "2026-12-24",
  adults: 2,
  children: 1,
  total: 1200,
  status: "Pending",
  message: null,
};

function render(payload: MailPayload, recipient: string | null = "ann@example.com") {
  return renderMail(
    { subject: "S", payload, messageId: "0b8f5c1e-2222-4333-8444-955556666777", recipient },
    env,
  );
}

describe("renderMail", () => {
  it("writes HTML and plain text from one content, with a stable Message-ID", () => {
    const mail = render({ template: "request-received", request: stay });
    expect(mail.messageId).toBe("<0b8f5c1e-2222-4333-8444-955556666777@lodge.example>");
    expect(mail.to).toBe("ann@example.com");
    expect(mail.replyTo).toBe("desk@lodge.example");
    for (const part of [String(mail.text), String(mail.html)]) {
      expect(part).toContain("LDG-7K3QX9");
      expect(part).toContain("K1,200");
      expect(part).toContain("24 Dec 2026");
      expect(part).toContain("https://lodge.example/my-booking?reference=LDG-7K3QX9");
    }
    // The guest's words are text, never markup.
    expect(String(mail.html)).not.toContain("<script>");
    expect(String(mail.html)).toContain("&lt;script&gt;");
    expect(String(mail.html)).toContain('name="viewport"');
  });

  it("shows the bill under the total: each night's price where they differ and the tax lines", () => {
    const bill = {
      nights: [
        { night: "2026-12-18", price: 480 },
        { night: "2026-12-19", price: 720 },
      ],
      taxes: [
        { kind: "vat" as const, rateBp: 1600, amount: 163 },
        { kind: "levy" as const, rateBp: 150, amount: 15 },
      ],
    };
    const mail = render({ template: "request-received", request: { ...stay, bill } });
    for (const part of [String(mail.text), String(mail.html)]) {
      expect(part).toContain("18 Dec 2026 K480, 19 Dec 2026 K720");
      expect(part).toContain("Of which VAT 16%");
      expect(part).toContain("K163");
      expect(part).toContain("Of which Tourism levy 1.5%");
    }
    // A mail written before the bill existed still renders, without it.
    expect(String(render({ template: "request-received", request: stay }).text)).not.toContain("Of which");
  });

  it("attaches a calendar invitation to a stay: all-day dates, one night for a same-day stay", () => {
    const mail = render({ template: "request-received", request: stay });
    const ics =
      typeof mail.icalEvent === "object" && mail.icalEvent && "content" in mail.icalEvent
        ? String(mail.icalEvent.content)
        : "";
    expect(ics).toContain("DTSTART;VALUE=DATE:20261224");
    expect(ics).toContain("DTEND;VALUE=DATE:20261225");
    expect(ics).toContain("STATUS:TENTATIVE");
    const cancelled = render({
      template: "status-changed",
      request: { ...stay, status: "Cancelled" },
      from: "Pending",
      to: "Cancelled",
    });
    expect(cancelled.icalEvent).toMatchObject({ method: "CANCEL" });
  });

  it("tells the guest what changed in their stay, with the stay as it is now and its next invitation", () => {
    const mail = render({
      template: "stay-changed",
      request: { ...stay, roomNumber: "102", status: "Confirmed" },
      change: "Moved from room 101 to room 102, price kept.",
      sequence: 3,
    });
    for (const part of [String(mail.text), String(mail.html)]) {
      expect(part).toContain("Moved from room 101 to room 102, price kept.");
      expect(part).toContain("room 102");
    }
    const ics =
      typeof mail.icalEvent === "object" && mail.icalEvent && "content" in mail.icalEvent
        ? String(mail.icalEvent.content)
        : "";
    expect(ics).toContain("SEQUENCE:3");
  });

  it("numbers a stay's invitations (SEQUENCE) and names the lodge as ORGANIZER, also on a cancellation", () => {
    const ics = (mail: ReturnType<typeof render>) =>
      typeof mail.icalEvent === "object" && mail.icalEvent && "content" in mail.icalEvent
        ? String(mail.icalEvent.content)
        : "";
    const change = (to: string, sequence?: number): MailPayload => ({
      template: "status-changed",
      request: { ...stay, status: to },
      from: "Pending",
      to,
      ...(sequence === undefined ? {} : { sequence }),
    });
    expect(ics(render({ template: "request-received", request: stay }))).toContain("SEQUENCE:0");
    expect(ics(render(change("Confirmed", 1)))).toContain("SEQUENCE:1");
    const cancelled = ics(render(change("Cancelled", 4)));
    expect(cancelled).toContain("METHOD:CANCEL");
    expect(cancelled).toContain("SEQUENCE:4");
    expect(cancelled).toMatch(/ORGANIZER;CN="?Lusaka West Gardens Lodge"?:mailto:desk@lodge\.example/);
    // Mails written before the payload kept their place: confirmed after the first, cancelled after that.
    expect(ics(render(change("Confirmed")))).toContain("SEQUENCE:1");
    expect(ics(render(change("Declined")))).toContain("SEQUENCE:2");
  });

  it("sends the lodge's mail to LODGE_INBOX, with the staff console link and no calendar", () => {
    const mail = render({ template: "new-request", request: stay }, null);
    expect(mail.to).toBe("desk@lodge.example");
    expect(mail.replyTo).toEqual({ name: stay.name, address: "ann@example.com" });
    expect(String(mail.text)).toContain(`https://lodge.example/staff/requests/reservation/${stay.id}`);
    expect(mail.icalEvent).toBeUndefined();
  });

  it("gives mails to subscribers List-Unsubscribe headers and a visible unsubscribe link", () => {
    const mail = render({
      template: "newsletter-confirm",
      confirmToken: "c".repeat(43),
      unsubscribeToken: "u".repeat(43),
    });
    expect(mail.list).toEqual({
      unsubscribe: {
        url: `https://lodge.example/newsletter/unsubscribe?token=${"u".repeat(43)}`,
        comment: "Unsubscribe",
      },
    });
    expect(mail.headers).toEqual({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(String(mail.html)).toContain(`/newsletter/unsubscribe?token=${"u".repeat(43)}`);
    expect(String(mail.text)).toContain(`https://lodge.example/newsletter/confirm?token=${"c".repeat(43)}`);
  });

  it("takes the domain of the sender's address", () => {
    expect(senderDomain("Lodge <a@mail.lodge.example>")).toBe("mail.lodge.example");
    expect(senderDomain("a@b.example")).toBe("b.example");
  });
});
