import { describe, expect, it } from "vitest";
import { OTP_INVALID, parsePaymentOtpForm, paymentOtpSchema } from "./payment-otp-schema.ts";

describe("paymentOtpSchema", () => {
  it("takes six digits, as typed or read off the phone with a space or dash", () => {
    for (const otp of ["000000", " 123456 ", "123 456", "123-456"]) {
      const parsed = paymentOtpSchema.safeParse({ otp });
      expect(parsed.success && parsed.data.otp).toMatch(/^\d{6}$/);
    }
  });

  it("refuses anything else beside the code field", () => {
    for (const otp of ["", "12345", "1234567", "12345a", "١٢٣٤٥٦", "x".repeat(40), undefined]) {
      const parsed = parsePaymentOtpForm(otp === undefined ? {} : { otp });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.fieldErrors).toEqual({ otp: OTP_INVALID });
    }
  });

  it("reads the form the browser posts, its hidden intent aside", () => {
    const form = new URLSearchParams({ intent: "otp", otp: "000000" });
    expect(parsePaymentOtpForm(form)).toEqual({ ok: true, data: { otp: "000000" } });
  });
});
