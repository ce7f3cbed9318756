// The payment step's one-time code (ADR 0018): Lenco may text the guest a 6-digit code to verify
// the mobile-money number before the PIN prompt ("otp-required"). One schema for the form (in the
// browser, by the progress island) and for its action.
import { z } from "zod";
import { type FormInput, parseForm } from "../../shared/forms/form-data.ts";

export const OTP_INVALID = "Please enter the 6-digit code from the text message, e.g. 123456.";

export const paymentOtpSchema = z.object({
  otp: z
    .string(OTP_INVALID)
    .max(20, OTP_INVALID)
    // '123 456' and '123-456' as read off a phone's screen are '123456'.
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, OTP_INVALID)),
});

export function parsePaymentOtpForm(input: FormInput) {
  return parseForm(paymentOtpSchema, input);
}
