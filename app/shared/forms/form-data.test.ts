import { HONEYPOT_FIELD } from "./form-rules.ts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FORM_ERROR, formDataToObject, parseForm } from "./form-data.ts";

const schema = z.object({
  a: z.string({ error: "A please." }),
  b: z.string().min(3, "B is short.").max(5, "B is long."),
});

describe("formDataToObject", () => {
  it("keeps the first value of a repeated name and skips files", () => {
    const formData = new FormData();
    formData.append("a", "first");
    formData.append("a", "second");
    formData.append("upload", new Blob(["x"]), "x.txt");
    expect(formDataToObject(formData)).toEqual({ a: "first" });
  });

  it("reads URLSearchParams and plain objects", () => {
    expect(formDataToObject(new URLSearchParams("a=1&b=2"))).toEqual({ a: "1", b: "2" });
    expect(formDataToObject({ a: 1 })).toEqual({ a: 1 });
  });

  it('keeps "__proto__" as plain data', () => {
    const formData = new FormData();
    formData.append("__proto__", "x");
    const object = formDataToObject(formData);
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(Object.hasOwn(object, "__proto__")).toBe(true);
  });
});

describe("parseForm", () => {
  it("returns data on success", () => {
    expect(parseForm(schema, { a: "x", b: "yyy" })).toEqual({ ok: true, data: { a: "x", b: "yyy" } });
  });

  it("returns the first message per field and the typed values, minus the honeypot", () => {
    const result = parseForm(
      schema.extend({ b: z.string().min(3, "B is short.").regex(/z/, "B needs z.") }),
      {
        b: "y",
        c: 3,
        d: { nested: true },
        [HONEYPOT_FIELD]: "spam",
      },
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: { a: "A please.", b: "B is short." },
      values: { b: "y", c: "3" },
    });
  });

  it("puts form-wide problems under FORM_ERROR", () => {
    const result = parseForm(
      schema.refine(() => false, "Nope."),
      { a: "x", b: "yyy" },
    );
    expect(result.ok || result.fieldErrors).toEqual({ [FORM_ERROR]: "Nope." });
  });
});
