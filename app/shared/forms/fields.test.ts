import { HONEYPOT_FIELD } from "./form-rules.ts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as m from "../messages.ts";
import { blankToUndefined, bookingWindow, countField, stayFields, withStayOrder } from "./fields.ts";

describe("fields", () => {
  it('names the honeypot "website"', () => {
    expect(HONEYPOT_FIELD).toBe("website");
  });

  it("trims and treats blank as missing", () => {
    expect(blankToUndefined("  a b ")).toBe("a b");
    expect(blankToUndefined(" \t\n")).toBeUndefined();
    expect(blankToUndefined(3)).toBe(3);
  });

  it("opens bookings from today through the same date next year", () => {
    expect(bookingWindow("2026-11-21")).toEqual({ min: "2026-11-21", max: "2027-11-21" });
    expect(bookingWindow("2028-02-29")).toEqual({ min: "2028-02-29", max: "2029-02-28" });
  });

  it("parses counts from strings and numbers, with an optional fallback", () => {
    const count = countField({ min: 1, max: 5, required: "R.", whole: "W.", range: "X.", fallback: 2 });
    expect(count.parse("3")).toBe(3);
    expect(count.parse(" +4 ")).toBe(4);
    expect(count.parse(4)).toBe(4);
    expect(count.parse("5.0")).toBe(5);
    expect(count.parse("")).toBe(2);
    expect(count.safeParse("0x3").error?.issues[0]?.message).toBe("W.");
    expect(count.safeParse(Number.NaN).error?.issues[0]?.message).toBe("W.");
    expect(count.safeParse("6").error?.issues[0]?.message).toBe("X.");
  });

  it("checks the stay order only once both dates are valid", () => {
    const schema = withStayOrder(z.object(stayFields("2026-11-21")));
    expect(schema.safeParse({ checkIn: "2026-11-25", checkOut: "2026-11-24" }).error?.issues).toMatchObject([
      { path: ["checkOut"], message: m.CHECK_OUT_BEFORE_CHECK_IN },
    ]);
    expect(schema.safeParse({ checkIn: "2026-11-20", checkOut: "2026-11-24" }).error?.issues).toMatchObject([
      { path: ["checkIn"], message: m.CHECK_IN_PAST },
    ]);
    expect(schema.safeParse("not an object").success).toBe(false);
  });
});

describe("control characters", () => {
  it("refuses a NUL byte or an escape in a single-line field, with a message beside it", async () => {
    const { nameField, CONTROL_CHARACTERS } = await import("./fields.ts");
    expect(nameField.safeParse("Ann\u0000a").error?.issues[0]?.message).toBe(CONTROL_CHARACTERS);
    expect(nameField.safeParse("Ann\u001b[31m").error?.issues[0]?.message).toBe(CONTROL_CHARACTERS);
    expect(nameField.safeParse("Ann\nBanda").error?.issues[0]?.message).toBe(CONTROL_CHARACTERS);
    expect(nameField.safeParse("Ann\u0085").error?.issues[0]?.message).toBe(CONTROL_CHARACTERS);
    expect(nameField.parse("Chileshe Mwansa-Banda")).toBe("Chileshe Mwansa-Banda");
  });

  it("keeps tab and line breaks in message fields, and refuses the other controls there", async () => {
    const { optionalMessageField, CONTROL_CHARACTERS } = await import("./fields.ts");
    const { contactSchema } = await import("../../features/contact/contact-schema.ts");
    expect(optionalMessageField.parse("Line one\r\n\tLine two")).toBe("Line one\r\n\tLine two");
    expect(optionalMessageField.safeParse("a\u0000b").error?.issues[0]?.message).toBe(CONTROL_CHARACTERS);
    const contact = { name: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello\nthere" };
    expect(contactSchema.safeParse(contact).success).toBe(true);
    const nul = contactSchema.safeParse({ ...contact, message: "Hello\u0000" });
    expect(nul.error?.issues[0]).toMatchObject({ path: ["message"], message: CONTROL_CHARACTERS });
    const subject = contactSchema.safeParse({ ...contact, subject: "Hi\u0007" });
    expect(subject.error?.issues[0]).toMatchObject({ path: ["subject"], message: CONTROL_CHARACTERS });
  });
});
