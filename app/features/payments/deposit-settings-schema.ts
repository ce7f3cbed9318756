// The manager's deposit and cancellation policies (staff console, /staff/deposits; decisions.md 33).
import { z } from "zod";
import { DEPOSIT_POLICY_CHOICES } from "./deposit-policy.ts";

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).int(message).min(min, message).max(max, message);

export const depositSettingsSchema = z
  .object({
    depositPolicy: z.enum(DEPOSIT_POLICY_CHOICES, "Please choose a deposit policy."),
    depositPercent: z.preprocess(
      (value) => (value === "" || value === undefined ? 0 : value),
      wholeNumber(0, 100, "Enter a percentage from 1 to 100."),
    ),
    freeCancellationDays: wholeNumber(0, 365, "Enter a number of days from 0 to 365."),
    paymentHoldMinutes: wholeNumber(5, 1440, "Enter a number of minutes from 5 to 1440."),
  })
  .superRefine((form, ctx) => {
    if (form.depositPolicy === "percent" && form.depositPercent < 1) {
      ctx.addIssue({
        code: "custom",
        path: ["depositPercent"],
        message: "Enter a percentage from 1 to 100.",
      });
    }
  })
  // The percentage means something only with the percent policy (the database insists).
  .transform((form) => ({
    ...form,
    depositPercent: form.depositPolicy === "percent" ? form.depositPercent : 0,
  }));
