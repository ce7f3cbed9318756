import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNewsletterForm } from "./newsletter-schema.ts";
import {
  EMAIL_CASES,
  anyStringRecord,
  anyValueRecord,
  emailArb,
  toFormData,
  withOverrides,
} from "../../../tests/schema-cases.ts";

describe("newsletter form", () => {
  it("accepts an address and stores it in lower case", () => {
    expect(parseNewsletterForm({ email: "  Guest@Example.COM " })).toEqual({
      ok: true,
      data: { email: "guest@example.com" },
    });
  });

  it.each(["", "   ", "guest", "guest@", "@example.com"])(
    'says exactly "Please enter a valid email" for %j',
    (email) => {
      expect(parseNewsletterForm(toFormData({ email }))).toEqual({
        ok: false,
        fieldErrors: { email: "Please enter a valid email" },
        values: { email },
      });
    },
  );

  it("says the same when the field is missing", () => {
    expect(parseNewsletterForm({})).toEqual({
      ok: false,
      fieldErrors: { email: "Please enter a valid email" },
      values: {},
    });
  });

  it.each(EMAIL_CASES)("%s", (_what, overrides, errors) => {
    const result = parseNewsletterForm(withOverrides({ email: "a@example.com" }, overrides));
    expect(result.ok ? {} : result.fieldErrors).toEqual(errors);
  });

  it("checks a very long pasted value quickly", () => {
    const started = performance.now();
    expect(parseNewsletterForm({ email: `${"a.".repeat(30_000)}@` }).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("newsletter form, properties", () => {
  it("never throws", () => {
    fc.assert(fc.property(anyStringRecord(["email"]), (record) => void parseNewsletterForm(record)));
    fc.assert(fc.property(anyValueRecord(["email"]), (record) => void parseNewsletterForm(record)));
  });

  it("accepts only short, trimmed, lower-case addresses, whatever the case typed", () => {
    fc.assert(
      fc.property(emailArb, (email) => {
        const result = parseNewsletterForm({ email });
        const upper = parseNewsletterForm({ email: email.toUpperCase() });
        expect(upper.ok).toBe(result.ok);
        if (!result.ok) return;
        expect(result.data.email).toBe(result.data.email.toLowerCase().trim());
        expect(result.data.email.length).toBeLessThanOrEqual(254);
        expect(result.data.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
        expect(upper.ok && upper.data.email).toBe(result.data.email);
      }),
    );
  });
});
