import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addYears } from "../../shared/dates.ts";
import * as m from "../../shared/messages.ts";
import { parseBookingForm } from "./booking-schemas.ts";
import {
  type Case,
  EMAIL_CASES,
  NAME_CASES,
  PAYMENT_CASES,
  PHONE_CASES,
  adultsCases,
  anyStringRecord,
  anyValueRecord,
  childrenCases,
  countArb,
  dateNear,
  emailArb,
  expectCount,
  expectGuest,
  expectPayment,
  expectStay,
  idArb,
  nameArb,
  paymentArb,
  phoneArb,
  roomIdCases,
  someKeys,
  stayCases,
  textArb,
  toFormData,
  todayArb,
  withOverrides,
} from "../../../tests/schema-cases.ts";

const TODAY = "2026-11-21";
const MAX = addYears(TODAY, 1);
const FIELDS = [
  "tab",
  "name",
  "email",
  "phone",
  "paymentMethod",
  "message",
  "roomId",
  "checkIn",
  "checkOut",
  "adults",
  "children",
  "venueId",
  "bookingDate",
  "numberOfPeople",
];

const guest = {
  name: "Mutale Banda",
  email: "mutale@example.com",
  phone: "0977 123456",
  paymentMethod: "Cash",
};
const stay = {
  ...guest,
  tab: "room",
  roomId: "5",
  checkIn: "2026-12-01",
  checkOut: "2026-12-04",
  adults: "2",
  children: "0",
};
const venue = { ...guest, tab: "venue", venueId: "2", bookingDate: "2026-12-20", numberOfPeople: "120" };

const messageCases: Case[] = [
  ["no message", { message: "" }, {}],
  ["message of 2000 characters", { message: "m".repeat(2000) }, {}],
  ["message of 2001 characters", { message: "m".repeat(2001) }, { message: m.MESSAGE_TOO_LONG }],
];

const guestCases: Case[] = [...NAME_CASES, ...EMAIL_CASES, ...PHONE_CASES, ...PAYMENT_CASES, ...messageCases];

const stayOnlyCases: Case[] = [...roomIdCases(), ...stayCases(TODAY), ...adultsCases(), ...childrenCases({})];

const venueOnlyCases: Case[] = [
  ["venue chosen", { venueId: "7" }, {}],
  ["no venue chosen", { venueId: "" }, { venueId: m.SELECT_VENUE }],
  ["missing venue", { venueId: undefined }, { venueId: m.SELECT_VENUE }],
  ["booking today", { bookingDate: TODAY }, {}],
  ["booking yesterday", { bookingDate: addDays(TODAY, -1) }, { bookingDate: m.BOOKING_DATE_PAST }],
  ["booking on the last day", { bookingDate: MAX }, {}],
  ["booking a day too far", { bookingDate: addDays(MAX, 1) }, { bookingDate: m.BOOKING_DATE_TOO_LATE }],
  ["impossible booking date", { bookingDate: "2027-02-29" }, { bookingDate: m.BOOKING_DATE_INVALID }],
  ["missing booking date", { bookingDate: "" }, { bookingDate: m.BOOKING_DATE_REQUIRED }],
  ["0 people", { numberOfPeople: "0" }, { numberOfPeople: m.PEOPLE_RANGE }],
  ["1 person", { numberOfPeople: "1" }, {}],
  ["1000 people", { numberOfPeople: "1000" }, {}],
  ["1001 people", { numberOfPeople: "1001" }, { numberOfPeople: m.PEOPLE_RANGE }],
  ["people as text", { numberOfPeople: "many" }, { numberOfPeople: m.PEOPLE_WHOLE }],
  ["missing people", { numberOfPeople: "" }, { numberOfPeople: m.PEOPLE_REQUIRED }],
];

function expectCase(
  base: Record<string, string>,
  overrides: Record<string, string | undefined>,
  errors: Record<string, string>,
) {
  const result = parseBookingForm(withOverrides(base, overrides), TODAY);
  if (Object.keys(errors).length === 0) {
    expect(result.ok).toBe(true);
  } else {
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors).toEqual(errors);
  }
}

describe("/booking form", () => {
  it("accepts a room booking", () => {
    expect(parseBookingForm(stay, TODAY)).toEqual({
      ok: true,
      data: { ...stay, tab: "room", adults: 2, children: 0, message: undefined, extras: [] },
    });
  });

  it("gathers the extras ticked, one checkbox each", () => {
    const result = parseBookingForm({ ...stay, "extra-3": "on", "extra-12": "on", "extra-x": "on" }, TODAY);
    expect(result.ok && result.data).toMatchObject({ extras: [3, 12] });
  });

  it("accepts a reservation with a message", () => {
    const result = parseBookingForm({ ...stay, tab: "reservation", message: "  Late arrival " }, TODAY);
    expect(result.ok && result.data).toMatchObject({ tab: "reservation", message: "Late arrival" });
  });

  it("accepts a venue booking", () => {
    expect(parseBookingForm(venue, TODAY)).toEqual({
      ok: true,
      data: { ...venue, tab: "venue", numberOfPeople: 120, message: undefined },
    });
  });

  it("narrows on the tab", () => {
    const result = parseBookingForm(venue, TODAY);
    if (!result.ok) throw new Error("expected success");
    if (result.data.tab === "venue") expect(result.data.venueId).toBe("2");
    else expect.unreachable();
  });

  it("counts a blank children field as none on the stay tabs", () => {
    const result = parseBookingForm({ ...stay, children: "" }, TODAY);
    expect(result.ok && result.data.tab !== "venue" && result.data.children).toBe(0);
  });

  it("ignores the other tab’s fields", () => {
    const result = parseBookingForm({ ...venue, roomId: "", checkIn: "junk", adults: "99" }, TODAY);
    expect(result.ok && result.data).not.toHaveProperty("roomId");
  });

  it.each(["", "rooms", "ROOM", "venue "])("rejects the unknown tab %j", (tab) => {
    const result = parseBookingForm({ ...stay, tab }, TODAY);
    expect(result.ok || result.fieldErrors).toEqual({ tab: m.BOOKING_TYPE_REQUIRED });
  });

  it("lists every required field of the room tab", () => {
    const result = parseBookingForm({ tab: "room" }, TODAY);
    expect(result.ok || result.fieldErrors).toEqual({
      name: m.NAME_REQUIRED,
      email: m.VALID_EMAIL,
      phone: m.PHONE_REQUIRED,
      paymentMethod: m.PAYMENT_METHOD_REQUIRED,
      roomId: m.SELECT_ROOM,
      checkIn: m.CHECK_IN_REQUIRED,
      checkOut: m.CHECK_OUT_REQUIRED,
      adults: m.ADULTS_REQUIRED,
    });
  });

  it("lists every required field of the venue tab", () => {
    const result = parseBookingForm({ tab: "venue" }, TODAY);
    expect(result.ok || result.fieldErrors).toEqual({
      name: m.NAME_REQUIRED,
      email: m.VALID_EMAIL,
      phone: m.PHONE_REQUIRED,
      paymentMethod: m.PAYMENT_METHOD_REQUIRED,
      venueId: "Please select a venue to continue.",
      bookingDate: m.BOOKING_DATE_REQUIRED,
      numberOfPeople: m.PEOPLE_REQUIRED,
    });
  });

  describe.each(["room", "reservation"])("%s tab", (tab) => {
    it.each([...guestCases, ...stayOnlyCases])("%s", (_what, overrides, errors) =>
      expectCase({ ...stay, tab }, overrides, errors),
    );
  });

  describe("venue tab", () => {
    it.each([...guestCases, ...venueOnlyCases])("%s", (_what, overrides, errors) =>
      expectCase(venue, overrides, errors),
    );
  });
});

describe("/booking form, properties", () => {
  it("never throws on arbitrary records of strings", () => {
    fc.assert(
      fc.property(
        todayArb,
        anyStringRecord(FIELDS),
        fc.constantFrom("room", "reservation", "venue", undefined),
        (today, record, tab) => {
          void parseBookingForm(tab === undefined ? record : { ...record, tab }, today);
        },
      ),
    );
  });

  it("never throws on records of arbitrary values", () => {
    fc.assert(fc.property(anyValueRecord(FIELDS), (record) => void parseBookingForm(record, TODAY)));
  });

  // 1,500 forms: 2–3 s alone, but pure computing, and in CI it shares two cores with the browser
  // tests' servers as they start (31 s there once).
  it("only accepts data that satisfies every rule", { timeout: 120_000 }, () => {
    const accepted = { room: 0, reservation: 0, venue: 0 };
    const form = (today: string) =>
      someKeys(
        fc.record({
          tab: fc.constantFrom("room", "reservation", "venue"),
          name: nameArb,
          email: emailArb,
          phone: phoneArb,
          paymentMethod: paymentArb,
          message: textArb(2000),
          roomId: idArb,
          checkIn: dateNear(today),
          checkOut: dateNear(today),
          adults: countArb(1, 20),
          children: countArb(0, 20),
          venueId: idArb,
          bookingDate: dateNear(today),
          numberOfPeople: countArb(1, 1000),
        }),
      );
    fc.assert(
      fc.property(
        todayArb.chain((today) => fc.tuple(fc.constant(today), form(today))),
        ([today, record]) => {
          const result = parseBookingForm(record, today);
          expect(parseBookingForm(toFormData(record), today)).toEqual(result);
          if (!result.ok) return;
          const data = result.data;
          accepted[data.tab]++;
          expectGuest(data);
          expectPayment(data.paymentMethod);
          if (data.message !== undefined) expect(data.message.length).toBeLessThanOrEqual(2000);
          if (data.tab === "venue") {
            expect(data.bookingDate >= today && data.bookingDate <= addYears(today, 1)).toBe(true);
            expectCount(data.numberOfPeople, 1, 1000);
            expect(data.venueId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          } else {
            expectStay(today, data);
            expectCount(data.adults, 1, 20);
            expectCount(data.children, 0, 20);
            expect(data.roomId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          }
        },
      ),
      { numRuns: 1500 },
    );
    expect(accepted.room + accepted.reservation).toBeGreaterThan(0);
    expect(accepted.venue).toBeGreaterThan(0);
  });
});
