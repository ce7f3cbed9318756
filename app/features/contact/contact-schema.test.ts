import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as m from "../../shared/messages.ts";
import { parseContactForm } from "./contact-schema.ts";
import {
  type Case,
  EMAIL_CASES,
  NAME_CASES,
  anyStringRecord,
  anyValueRecord,
  emailArb,
  expectGuest,
  nameArb,
  someKeys,
  textArb,
  toFormData,
  withOverrides,
} from "../../../tests/schema-cases.ts";

const valid = {
  name: "Bwalya",
  email: "bwalya@example.com",
  subject: "Wedding",
  message: "Is the garden free in May?",
};

const cases: Case[] = [
  ...NAME_CASES,
  ...EMAIL_CASES,
  ["no subject", { subject: "" }, {}],
  ["missing subject", { subject: undefined }, {}],
  ["subject of 150 characters", { subject: "s".repeat(150) }, {}],
  ["subject of 151 characters", { subject: "s".repeat(151) }, { subject: m.SUBJECT_TOO_LONG }],
  ["blank message", { message: "  " }, { message: m.MESSAGE_REQUIRED }],
  ["missing message", { message: undefined }, { message: m.MESSAGE_REQUIRED }],
  ["message of 2000 characters", { message: "m".repeat(2000) }, {}],
  ["message of 2001 characters", { message: "m".repeat(2001) }, { message: m.MESSAGE_TOO_LONG }],
];

describe("contact form", () => {
  it("accepts a message with or without a subject", () => {
    expect(parseContactForm(valid)).toEqual({ ok: true, data: valid });
    expect(parseContactForm({ ...valid, subject: " " })).toEqual({
      ok: true,
      data: { ...valid, subject: undefined },
    });
  });

  it("requires name, e-mail and message", () => {
    expect(parseContactForm(new FormData())).toEqual({
      ok: false,
      fieldErrors: {
        name: m.NAME_REQUIRED,
        email: "Please enter a valid email",
        message: m.MESSAGE_REQUIRED,
      },
      values: {},
    });
  });

  it.each(cases)("%s", (_what, overrides, errors) => {
    const result = parseContactForm(withOverrides(valid, overrides));
    expect(result.ok ? {} : result.fieldErrors).toEqual(errors);
  });
});

describe("contact form, properties", () => {
  const fields = ["name", "email", "subject", "message"];

  it("never throws", () => {
    fc.assert(fc.property(anyStringRecord(fields), (record) => void parseContactForm(record)));
    fc.assert(fc.property(anyValueRecord(fields), (record) => void parseContactForm(record)));
  });

  it("only accepts data within the limits", () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        someKeys(
          fc.record({ name: nameArb, email: emailArb, subject: textArb(150), message: textArb(2000) }),
        ),
        (record) => {
          const result = parseContactForm(record);
          expect(parseContactForm(toFormData(record))).toEqual(result);
          if (!result.ok) return;
          accepted++;
          expectGuest(result.data);
          const { subject, message } = result.data;
          if (subject !== undefined)
            expect(subject.length >= 1 && subject.length <= 150 && subject === subject.trim()).toBe(true);
          expect(message.length >= 1 && message.length <= 2000 && message === message.trim()).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
