// The manager's rates, stay rules and tax settings forms, one schema each, shared by
// the pages and their actions. Checkbox groups (room types, weekdays) arrive as arrays:
// `rulesFormInput` reads a form that way.
import { z } from "zod";
import { isIsoDate } from "../../shared/dates.ts";
import { RATE_RULE_KINDS } from "../../shared/db/schema.ts";
import { requiredText } from "../../shared/forms/fields.ts";

const isoDate = (message: string) => z.string().refine(isIsoDate, message);
const name = requiredText(
  80,
  "Please give the rule a name.",
  "That name is too long (80 characters at most).",
);
const roomTypes = z.array(z.string().trim().min(1).max(100)).max(50).default([]);
const weekdays = z.array(z.coerce.number().int().min(1).max(7)).max(7).default([]);
const optionalNights = (label: string) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.coerce
      .number({ message: `Please enter the ${label} as a whole number of nights.` })
      .int(`Please enter the ${label} as a whole number of nights.`)
      .min(1, `The ${label} is at least 1 night.`)
      .max(365, `The ${label} is at most 365 nights.`)
      .nullable(),
  );

const scope = {
  name,
  roomTypes,
  startsOn: isoDate("Please enter the first night."),
  endsOn: isoDate("Please enter the last night."),
};
const endsAfterStart = {
  check: (form: { startsOn: string; endsOn: string }) => form.endsOn >= form.startsOn,
  issue: { path: ["endsOn"], message: "The last night cannot be before the first." },
};

export const rateRuleSchema = z
  .object({
    ...scope,
    weekdays,
    kind: z.enum(RATE_RULE_KINDS, { message: "Please choose how the rule sets the price." }),
    value: z.coerce
      .number({ message: "Please enter the price or the change as a whole number." })
      .int("Please enter the price or the change as a whole number."),
  })
  .refine(endsAfterStart.check, endsAfterStart.issue)
  .refine((rule) => rule.kind !== "fixed" || (rule.value >= 0 && rule.value <= 10_000_000), {
    path: ["value"],
    message: "A fixed price is between K0 and K10,000,000.",
  })
  .refine((rule) => rule.kind !== "percent" || (rule.value >= -100 && rule.value <= 1000), {
    path: ["value"],
    message: "A change by percent is between -100 and 1000.",
  })
  .refine((rule) => rule.kind !== "amount" || Math.abs(rule.value) <= 10_000_000, {
    path: ["value"],
    message: "A change by amount is at most K10,000,000 either way.",
  });

export const stayRuleSchema = z
  .object({
    ...scope,
    minNights: optionalNights("minimum stay"),
    maxNights: optionalNights("maximum stay"),
    closedToArrival: weekdays,
  })
  .refine(endsAfterStart.check, endsAfterStart.issue)
  .refine((rule) => rule.minNights === null || rule.maxNights === null || rule.minNights <= rule.maxNights, {
    path: ["maxNights"],
    message: "The maximum stay cannot be shorter than the minimum.",
  })
  .refine((rule) => rule.minNights !== null || rule.maxNights !== null || rule.closedToArrival.length > 0, {
    path: ["minNights"],
    message: "Please set a minimum stay, a maximum stay or days closed to arrival.",
  });

const percent = (label: string) =>
  z.coerce
    .number({ message: `Please enter the ${label} in percent.` })
    .min(0, `The ${label} cannot be negative.`)
    .max(100, `The ${label} is at most 100%.`)
    .transform((value) => Math.round(value * 100));

export const taxSettingsSchema = z.object({
  vatRegistered: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
  vatRateBp: percent("VAT rate"),
  levyRateBp: percent("tourism levy rate"),
});

export const priceChangeSchema = z.object({
  totalPrice: z.coerce
    .number({ message: "Please enter the new total in kwacha." })
    .int("Please enter a whole number of kwacha.")
    .min(0, "A total cannot be negative.")
    .max(10_000_000, "That total is too high."),
  reason: requiredText(200, "Please give a reason for the change.", "That reason is too long."),
});

/** A rules form as an object, its checkbox groups as arrays. */
export function rulesFormInput(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || key in fields) continue;
    fields[key] = ["roomTypes", "weekdays", "closedToArrival"].includes(key) ? form.getAll(key) : value;
  }
  return fields;
}
