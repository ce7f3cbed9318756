import { clampCheckOut } from "../../shared/forms/form-rules.ts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIsoDate } from "../../shared/dates.ts";
import * as m from "../../shared/messages.ts";
import { parseReservationForm } from "./reservation-schema.ts";
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
const FIELDS = [
  "name",
  "email",
  "phone",
  "checkIn",
  "checkOut",
  "adults",
  "children",
  "roomCount",
  "roomId",
  "paymentMethod",
  "message",
];

const valid = {
  name: "Natasha Phiri",
  email: "natasha@example.com",
  phone: "+260 96 555 0101",
  checkIn: "2027-01-10",
  checkOut: "2027-01-12",
  adults: "2",
  children: "2",
  roomCount: "2",
  roomId: "31",
  paymentMethod: "Credit Card",
  message: "Two rooms next to each other, please.",
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
  ["0 rooms", { roomCount: "0" }, { roomCount: m.ROOM_COUNT_RANGE }],
  ["1 room", { roomCount: "1" }, {}],
  ["35 rooms", { roomCount: "35" }, {}],
  ["36 rooms", { roomCount: "36" }, { roomCount: m.ROOM_COUNT_RANGE }],
  ["2.5 rooms", { roomCount: "2.5" }, { roomCount: m.ROOM_COUNT_WHOLE }],
  ["blank room count", { roomCount: "" }, { roomCount: m.ROOM_COUNT_RANGE }],
  ["missing message", { message: "" }, { message: m.MESSAGE_REQUIRED }],
  ["message of 2000 characters", { message: "m".repeat(2000) }, {}],
  ["message of 2001 characters", { message: "m".repeat(2001) }, { message: m.MESSAGE_TOO_LONG }],
];

describe("/reservation form", () => {
  it("accepts a complete reservation", () => {
    expect(parseReservationForm(valid, TODAY)).toEqual({
      ok: true,
      data: { ...valid, adults: 2, children: 2, roomCount: 2 },
    });
  });

  it("requires the room count too (the form starts it at 1)", () => {
    const result = parseReservationForm({ ...valid, roomCount: undefined }, TODAY);
    expect(result.ok || result.fieldErrors).toEqual({ roomCount: m.ROOM_COUNT_RANGE });
  });

  it.each(cases)("%s", (_what, overrides, errors) => {
    const result = parseReservationForm(withOverrides(valid, overrides), TODAY);
    if (Object.keys(errors).length === 0) {
      expect(result.ok).toBe(true);
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors).toEqual(errors);
    }
  });

  it("requires every field", () => {
    const result = parseReservationForm(new FormData(), TODAY);
    expect(result.ok || result.fieldErrors).toEqual({
      name: m.NAME_REQUIRED,
      email: m.VALID_EMAIL,
      phone: m.PHONE_REQUIRED,
      checkIn: m.CHECK_IN_REQUIRED,
      checkOut: m.CHECK_OUT_REQUIRED,
      adults: m.ADULTS_REQUIRED,
      children: m.CHILDREN_REQUIRED,
      roomCount: m.ROOM_COUNT_RANGE,
      roomId: "Please select a room to continue.",
      paymentMethod: m.PAYMENT_METHOD_REQUIRED,
      message: m.MESSAGE_REQUIRED,
    });
  });
});

describe("clampCheckOut", () => {
  it("sets an earlier check-out to the check-in date", () => {
    expect(clampCheckOut("2026-12-10", "2026-12-09")).toBe("2026-12-10");
    expect(clampCheckOut("2027-01-01", "2026-12-31")).toBe("2027-01-01");
  });

  it("leaves later or equal check-outs and incomplete input alone", () => {
    expect(clampCheckOut("2026-12-10", "2026-12-10")).toBe("2026-12-10");
    expect(clampCheckOut("2026-12-10", "2026-12-11")).toBe("2026-12-11");
    expect(clampCheckOut("", "2026-12-11")).toBe("2026-12-11");
    expect(clampCheckOut("2026-12-10", "")).toBe("");
  });

  it("never returns a check-out before a valid check-in", () => {
    const date = fc
      .integer({ min: 0, max: 3000 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, date, (checkIn, checkOut) => {
        const clamped = clampCheckOut(checkIn, checkOut);
        expect(isIsoDate(clamped)).toBe(true);
        expect(clamped >= checkIn).toBe(true);
        expect(clamped === checkOut || clamped === checkIn).toBe(true);
      }),
    );
  });
});

describe("/reservation form, properties", () => {
  it("never throws on arbitrary records of strings", () => {
    fc.assert(
      fc.property(
        todayArb,
        anyStringRecord(FIELDS),
        (today, record) => void parseReservationForm(record, today),
      ),
    );
  });

  it("never throws on records of arbitrary values", () => {
    fc.assert(fc.property(anyValueRecord(FIELDS), (record) => void parseReservationForm(record, TODAY)));
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
          roomCount: countArb(1, 35),
          roomId: idArb,
          paymentMethod: paymentArb,
          message: textArb(2000),
        }),
      );
    fc.assert(
      fc.property(
        todayArb.chain((today) => fc.tuple(fc.constant(today), form(today))),
        ([today, record]) => {
          const result = parseReservationForm(record, today);
          expect(parseReservationForm(toFormData(record), today)).toEqual(result);
          if (!result.ok) return;
          accepted++;
          const data = result.data;
          expectGuest(data);
          expectStay(today, data);
          expectCount(data.adults, 1, 20);
          expectCount(data.children, 0, 20);
          expectCount(data.roomCount, 1, 35);
          expectPayment(data.paymentMethod);
          expect(data.message.length >= 1 && data.message.length <= 2000).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
