import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addYears } from "../../shared/dates.ts";
import * as m from "../../shared/messages.ts";
import { parseRoomBookingForm, roomBookingSchema } from "./room-booking-schema.ts";
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
  toFormData,
  todayArb,
  withOverrides,
} from "../../../tests/schema-cases.ts";

const TODAY = "2026-11-21";
const FIELDS = [
  "name",
  "email",
  "phone",
  "checkIn",
  "checkOut",
  "adults",
  "children",
  "roomId",
  "paymentMethod",
];

const valid = {
  name: "Chanda Mwila",
  email: "chanda@example.com",
  phone: "+260 97 123 4567",
  checkIn: "2026-11-23",
  checkOut: "2026-11-26",
  adults: "2",
  children: "1",
  roomId: "12",
  paymentMethod: "Mobile Money",
};

const cases: Case[] = [
  ...NAME_CASES,
  ...EMAIL_CASES,
  ...PHONE_CASES,
  ...PAYMENT_CASES,
  ...roomIdCases(),
  ...stayCases(TODAY),
  ...adultsCases(),
  ...childrenCases({ children: m.CHILDREN_REQUIRED }),
];

describe("room booking form", () => {
  it("accepts a complete booking and returns typed, trimmed data", () => {
    const result = parseRoomBookingForm({ ...valid, name: "  Chanda Mwila ", adults: " 2 " }, TODAY);
    expect(result).toEqual({
      ok: true,
      data: { ...valid, adults: 2, children: 1 },
    });
  });

  it("reads FormData the same way", () => {
    expect(parseRoomBookingForm(toFormData(valid), TODAY)).toEqual(parseRoomBookingForm(valid, TODAY));
  });

  it.each(cases)("%s", (_what, overrides, errors) => {
    const result = parseRoomBookingForm(withOverrides(valid, overrides), TODAY);
    if (Object.keys(errors).length === 0) {
      expect(result.ok).toBe(true);
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors).toEqual(errors);
    }
  });

  it("requires every field, each with its own message", () => {
    const result = parseRoomBookingForm({}, TODAY);
    expect(result).toEqual({
      ok: false,
      values: {},
      fieldErrors: {
        name: m.NAME_REQUIRED,
        email: m.VALID_EMAIL,
        phone: m.PHONE_REQUIRED,
        checkIn: m.CHECK_IN_REQUIRED,
        checkOut: m.CHECK_OUT_REQUIRED,
        adults: m.ADULTS_REQUIRED,
        children: m.CHILDREN_REQUIRED,
        roomId: m.SELECT_ROOM,
        paymentMethod: m.PAYMENT_METHOD_REQUIRED,
      },
    });
  });

  it('says "Please select a room to continue." exactly when no room is chosen', () => {
    const result = parseRoomBookingForm({ ...valid, roomId: "" }, TODAY);
    expect(result.ok || result.fieldErrors.roomId).toBe("Please select a room to continue.");
  });

  it("reports check-out before check-in alongside errors in other fields", () => {
    const result = parseRoomBookingForm(
      { ...valid, name: "", checkIn: "2026-11-25", checkOut: "2026-11-24" },
      TODAY,
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.fieldErrors).toEqual({ name: m.NAME_REQUIRED, checkOut: m.CHECK_OUT_BEFORE_CHECK_IN });
  });

  it("echoes what was typed, without the honeypot", () => {
    const result = parseRoomBookingForm({ ...valid, adults: "0", website: "http://spam" }, TODAY);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.values).toEqual({ ...valid, adults: "0" });
  });

  it("ignores a filled honeypot (the server handles it)", () => {
    expect(parseRoomBookingForm({ ...valid, website: "x" }, TODAY).ok).toBe(true);
  });

  it("moves the window with the lodge date, also from a leap day", () => {
    expect(
      roomBookingSchema("2028-02-29").safeParse({ ...valid, checkIn: "2029-02-28", checkOut: "2029-02-28" })
        .success,
    ).toBe(true);
    expect(
      roomBookingSchema("2028-02-29").safeParse({ ...valid, checkIn: "2029-03-01", checkOut: "2029-03-01" })
        .success,
    ).toBe(false);
    expect(
      roomBookingSchema("2026-12-31").safeParse({ ...valid, checkIn: "2026-12-31", checkOut: "2027-01-01" })
        .success,
    ).toBe(true);
  });
});

describe("room booking form, properties", () => {
  it("never throws on arbitrary records of strings, and always answers with strings", () => {
    fc.assert(
      fc.property(todayArb, anyStringRecord(FIELDS), (today, record) => {
        const result = parseRoomBookingForm(record, today);
        if (!result.ok) {
          for (const message of Object.values(result.fieldErrors)) expect(typeof message).toBe("string");
          for (const value of Object.values(result.values)) expect(typeof value).toBe("string");
          expect(result.values).not.toHaveProperty("website");
        }
      }),
    );
  });

  it("never throws on records of arbitrary values", () => {
    fc.assert(fc.property(anyValueRecord(FIELDS), (record) => void parseRoomBookingForm(record, TODAY)));
  });

  it("only accepts data that satisfies every rule", () => {
    let accepted = 0;
    const form = (today: string) =>
      someKeys(
        fc.record({
          name: nameArb,
          email: emailArb,
          phone: phoneArb,
          checkIn: dateNear(today),
          checkOut: dateNear(today),
          adults: countArb(1, 20),
          children: countArb(0, 20),
          roomId: idArb,
          paymentMethod: paymentArb,
        }),
      );
    fc.assert(
      fc.property(
        todayArb.chain((today) => fc.tuple(fc.constant(today), form(today))),
        ([today, record]) => {
          const result = parseRoomBookingForm(record, today);
          expect(parseRoomBookingForm(toFormData(record), today)).toEqual(result);
          if (!result.ok) return;
          accepted++;
          const data = result.data;
          expectGuest(data);
          expectStay(today, data);
          expectCount(data.adults, 1, 20);
          expectCount(data.children, 0, 20);
          expectPayment(data.paymentMethod);
          expect(data.roomId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        },
      ),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(5);
  });

  it("accepts every in-window stay with check-out on or after check-in", () => {
    fc.assert(
      fc.property(todayArb, fc.nat(400), fc.nat(400), (today, a, b) => {
        const max = addYears(today, 1);
        const [checkIn, checkOut] = [addDays(today, Math.min(a, b)), addDays(today, Math.max(a, b))];
        const inWindow = checkOut <= max;
        expect(parseRoomBookingForm({ ...valid, checkIn, checkOut }, today).ok).toBe(inWindow);
      }),
    );
  });
});
