import { describe, expect, it } from "vitest";
import { MALFORMED, submissionKey } from "./form-submission.server.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("submissionKey", () => {
  const sent = { submissionId: "abc", name: "Ada", checkIn: "2026-12-01" };

  it("is the same for the same form sent again, whatever the field order", () => {
    const again = { checkIn: "2026-12-01", name: "Ada", submissionId: "abc" };
    expect(submissionKey(form(sent), sent)).toBe(submissionKey(form(again), again));
    expect(submissionKey(form(sent), sent)).toMatch(/^abc\.[\w-]{22}$/);
  });

  it("changes when a field changes: a changed resubmission is a new request", () => {
    const changed = { ...sent, checkIn: "2026-12-02" };
    expect(submissionKey(form(changed), changed)).not.toBe(submissionKey(form(sent), sent));
  });

  it("is null without a submission id", () => {
    const { submissionId: _id, ...rest } = sent;
    expect(submissionKey(form(rest), rest)).toBeNull();
  });

  it("is MALFORMED when the id holds a control character (PostgreSQL refuses a NUL)", () => {
    for (const id of ["abc\u0000def", "\u0000", "a\u001bb", "a\u0085b"]) {
      const bad = { ...sent, submissionId: id };
      expect(submissionKey(form(bad), bad)).toBe(MALFORMED);
    }
  });
});
