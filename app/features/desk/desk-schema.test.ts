import { describe, expect, it } from "vitest";
import { PHONE_REQUIRED, VALID_EMAIL } from "../../shared/messages.ts";
import {
  CHECK_IN_NOW_NOT_TODAY,
  parseDeskBookingForm,
  parseLedgerEntryForm,
  sourceLabel,
  TRANSACTION_ID_REQUIRED,
} from "./desk-schema.ts";

const today = "2026-11-25";
const form = (fields: Record<string, string>) => ({
  tab: "room",
  channel: "phone",
  submissionId: "7d0c1a52-4a8e-4c55-9a55-0e8a3a1b2c3d",
  name: "Mutale Banda",
  phone: "0977 555 123",
  roomId: "3",
  checkIn: today,
  checkOut: "2026-11-27",
  adults: "2",
  children: "",
  paymentMethod: "Cash",
  ...fields,
});

describe("the desk's booking form", () => {
  it("takes a booking without an e-mail, and requires the phone", () => {
    const ok = parseDeskBookingForm(form({ email: "" }), today);
    expect(ok).toMatchObject({ ok: true, data: { email: undefined, channel: "phone", checkInNow: false } });
    const bad = parseDeskBookingForm(form({ phone: "", email: "nope" }), today);
    expect(bad).toMatchObject({ ok: false, fieldErrors: { phone: PHONE_REQUIRED, email: VALID_EMAIL } });
  });

  it("keeps the public forms' rules: dates in order, no past dates, a channel from the desk", () => {
    const bad = parseDeskBookingForm(form({ checkIn: "2026-11-24", channel: "web" }), today);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.fieldErrors.checkIn).toBeTruthy();
      expect(bad.fieldErrors.channel).toBeTruthy();
    }
    const order = parseDeskBookingForm(form({ checkIn: "2026-11-28", checkOut: "2026-11-27" }), today);
    expect(order.ok ? undefined : order.fieldErrors.checkOut).toBeTruthy();
  });

  it("checks in now only a room booking that starts today", () => {
    expect(parseDeskBookingForm(form({ checkInNow: "on" }), today)).toMatchObject({
      ok: true,
      data: { checkInNow: true },
    });
    expect(parseDeskBookingForm(form({ checkInNow: "on", checkIn: "2026-11-26" }), today)).toMatchObject({
      ok: false,
      fieldErrors: { checkInNow: CHECK_IN_NOW_NOT_TODAY },
    });
    expect(parseDeskBookingForm(form({ checkInNow: "on", tab: "reservation" }), today)).toMatchObject({
      ok: false,
      fieldErrors: { checkInNow: CHECK_IN_NOW_NOT_TODAY },
    });
  });

  it("takes a venue booking by phone", () => {
    const venue = parseDeskBookingForm(
      form({ tab: "venue", venueId: "1", bookingDate: "2026-12-24", numberOfPeople: "80" }),
      today,
    );
    expect(venue).toMatchObject({ ok: true, data: { tab: "venue", numberOfPeople: 80 } });
  });
});

describe("a payment recorded at the desk", () => {
  it("reads the amount as staff type it and requires mobile money's transaction id", () => {
    expect(parseLedgerEntryForm({ entryKind: "payment", method: "Cash", amount: "K1,200" })).toMatchObject({
      ok: true,
      data: { amount: 1200 },
    });
    expect(
      parseLedgerEntryForm({ entryKind: "payment", method: "Mobile Money", amount: "50" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { transactionId: TRANSACTION_ID_REQUIRED },
    });
    for (const amount of ["", "0", "12.5", "-4", "abc", "99999999"]) {
      const parsed = parseLedgerEntryForm({ entryKind: "refund", method: "Cash", amount });
      expect(parsed.ok ? undefined : parsed.fieldErrors.amount, amount).toBeTruthy();
    }
    expect(parseLedgerEntryForm({ entryKind: "gift", method: "Barter", amount: "5" })).toMatchObject({
      ok: false,
      fieldErrors: { entryKind: expect.any(String), method: expect.any(String) },
    });
  });
});

describe("a request's source", () => {
  it("reads in the console's words, and an unknown one as stored", () => {
    expect(["web", "phone", "walk-in", "fax"].map(sourceLabel)).toEqual([
      "The website",
      "By phone",
      "At the door (walk-in)",
      "fax",
    ]);
  });
});
