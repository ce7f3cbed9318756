import { describe, expect, it } from "vitest";
import { mailSubject } from "~/features/mail/mail-payload.ts";
import { renderMail } from "~/features/mail/render-mail.server.tsx";

// The lodge's mail about a channel's double booking: both guests, the rooms still free, a link to
// the page where it is handled, and no calendar invitation (it is no stay of a guest's).

describe("the channel conflict mail", () => {
  it("tells both sides and the free rooms", () => {
    const payload = {
      template: "channel-conflict" as const,
      conflict: {
        roomNumber: "109",
        roomType: "Deluxe",
        channel: "Airbnb",
        checkIn: "2026-12-01",
        checkOut: "2026-12-04",
        channelSummary: "Reserved",
        channelDetails: "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMX",
        heldHere: [
          { label: "Held here by", value: "Room booking LW-ABC123, 2026-11-30 to 2026-12-02" },
          { label: "Guest", value: "Chanda Mwila" },
          { label: "Phone", value: "+260 97 123 4567" },
        ],
        freeRooms: ["110 (Deluxe)", "121 (Executive Suite)"],
      },
    };
    const subject = mailSubject(payload, "Lodge");
    expect(subject).toBe("Double booking: room 109, 1 Dec 2026 to 4 Dec 2026 (Airbnb)");
    const mail = renderMail(
      { subject, payload, messageId: "m1", recipient: null },
      {
        siteOrigin: "https://lodge.example",
        from: "Lodge <lodge@lodge.example>",
        lodgeInbox: "inbox@lodge.example",
      },
    );
    expect(mail.to).toBe("inbox@lodge.example");
    expect(mail.icalEvent).toBeUndefined();
    for (const text of ["Chanda Mwila", "+260 97 123 4567", "HMX", "110 (Deluxe), 121 (Executive Suite)"])
      expect(mail.text).toContain(text);
    expect(mail.text).toContain("https://lodge.example/staff/channels");
  });
});
