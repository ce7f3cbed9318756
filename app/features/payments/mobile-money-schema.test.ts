import { describe, expect, it } from "vitest";
import {
  MOBILE_MONEY_OPERATOR_REQUIRED,
  MOBILE_MONEY_PHONE_INVALID,
  mobileMoneyPaymentSchema,
} from "./mobile-money-schema.ts";

describe("mobileMoneyPaymentSchema", () => {
  it("takes Zambian mobile numbers as people write them", () => {
    for (const phone of ["0961111111", "+260 96 111 1111", "260971111111", "097-111-1111"]) {
      const parsed = mobileMoneyPaymentSchema.safeParse({ phone, operator: "mtn" });
      expect(parsed.success && parsed.data.phone).toMatch(/^09[67]1111111$/);
    }
  });
  it("refuses other numbers and operators beside their field", () => {
    const parsed = mobileMoneyPaymentSchema.safeParse({ phone: "12345", operator: "zamtel" });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toEqual([
      ["phone", MOBILE_MONEY_PHONE_INVALID],
      ["operator", MOBILE_MONEY_OPERATOR_REQUIRED],
    ]);
  });
});
