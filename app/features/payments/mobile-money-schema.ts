// The payment step (ADR 0018): the mobile-money number that gets the PIN prompt, and its network.
// One schema for the form and its action.
import { z } from "zod";

export const MOBILE_MONEY_PHONE_INVALID = "Please enter a Zambian mobile money number, e.g. 0961234567.";
export const MOBILE_MONEY_OPERATOR_REQUIRED = "Please choose MTN or Airtel.";

export const MOBILE_MONEY_OPERATORS = [
  { value: "mtn", label: "MTN MoMo" },
  { value: "airtel", label: "Airtel Money" },
] as const;

/** '+260 96 123 4567', '260961234567' and '096-123-4567' are all '0961234567'. */
function normalizeZambianMobile(value: string): string {
  const digits = value.replace(/[\s()-]/g, "");
  if (/^\+?260\d{9}$/.test(digits)) return `0${digits.slice(-9)}`;
  return digits;
}

export const mobileMoneyPaymentSchema = z.object({
  phone: z
    .string(MOBILE_MONEY_PHONE_INVALID)
    .max(30, MOBILE_MONEY_PHONE_INVALID)
    .transform(normalizeZambianMobile)
    .pipe(z.string().regex(/^0[79]\d{8}$/, MOBILE_MONEY_PHONE_INVALID)),
  operator: z.enum(["mtn", "airtel"], MOBILE_MONEY_OPERATOR_REQUIRED),
});
