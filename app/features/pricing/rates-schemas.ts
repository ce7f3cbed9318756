// The manager's rates, stay rules and tax settings forms, one schema each, shared by
// the pages and their actions. Checkbox groups (room types, weekdays) arrive as arrays:
// `rulesFormInput` reads a form that way.
import { z } from "zod";
import { isIsoDate } from "../../shared/dates.ts";
import { RATE_RULE_KINDS } from "../../shared/db/schema.ts";
import { requiredText } from "../../shared/forms/fields.ts";

const isoDate = (message: string) => z.string().refine(isIsoDate, { error: message, abort: true });
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

/** When a rules form is checked: the lodge's today, and the rule it edits, if it edits one. */
export interface RuleDates {
  today: string;
  /** The first night the edited rule has now: one already past may stay as it is. */
  keptStartsOn?: string;
}

/**
 * A rule's dates, named as its form names them: real dates, neither in the past (the lodge's
 * today, as the stay forms count it), the last not before the first. A rule that has already
 * begun may be edited without moving its first night: only a changed first night must not be past.
 */
function ruleDates({ today, keptStartsOn }: RuleDates, first: string, last: string) {
  return z
    .object({
      startsOn: isoDate(`Please enter the ${first}.`).refine(
        (date) => date >= today || date === keptStartsOn,
        `The ${first} cannot be in the past.`,
      ),
      endsOn: isoDate(`Please enter the ${last}.`).refine(
        (date) => date >= today,
        `The ${last} cannot be in the past.`,
      ),
    })
    .refine((form) => form.endsOn >= form.startsOn, {
      path: ["endsOn"],
      message: `The ${last} cannot be before the first.`,
    });
}

const RATE_DATES = ["first night", "last night"] as const;
const STAY_DATES = ["first arrival night", "last arrival night"] as const;

/** A supplement a night, in whole kwacha (`label` names it in the messages). */
const supplement = (label: string) =>
  z.coerce
    .number({ message: `Please enter the ${label} as a whole number of kwacha.` })
    .int(`Please enter the ${label} as a whole number of kwacha.`)
    .min(0, `The ${label} cannot be negative.`)
    .max(10_000_000, `The ${label} is at most K10,000,000.`);

/** A rule's own supplement, or empty: the room type's applies. */
const ownSupplement = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    supplement(label).nullable(),
  );

const price = z.coerce
  .number({ message: "Please enter the price or the change as a whole number." })
  .int("Please enter the price or the change as a whole number.");

export function rateRuleSchema(dates: RuleDates) {
  return z
    .object({
      name,
      roomTypes,
      weekdays,
      kind: z.enum(RATE_RULE_KINDS, { message: "Please choose how the rule sets the price." }),
      value: price,
      adultSupplement: ownSupplement("supplement for an extra adult"),
      childSupplement: ownSupplement("supplement for a child"),
    })
    .and(ruleDates(dates, ...RATE_DATES))
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
}

export function stayRuleSchema(dates: RuleDates) {
  return z
    .object({
      name,
      roomTypes,
      minNights: optionalNights("minimum stay"),
      maxNights: optionalNights("maximum stay"),
      closedToArrival: weekdays,
    })
    .and(ruleDates(dates, ...STAY_DATES))
    .refine(
      (rule) => rule.minNights === null || rule.maxNights === null || rule.minNights <= rule.maxNights,
      {
        path: ["maxNights"],
        message: "The maximum stay cannot be shorter than the minimum.",
      },
    )
    .refine((rule) => rule.minNights !== null || rule.maxNights !== null || rule.closedToArrival.length > 0, {
      path: ["minNights"],
      message: "Please set a minimum stay, a maximum stay or days closed to arrival.",
    });
}

/** The field of a season's price for one room type. */
export function seasonPriceField(roomType: string): string {
  return `price:${roomType}`;
}

const seasonPrice = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.coerce
    .number({ message: "Please enter the price as a whole number of kwacha." })
    .int("Please enter the price as a whole number of kwacha.")
    .min(0, "A price cannot be negative.")
    .max(10_000_000, "A price is at most K10,000,000.")
    .optional(),
);

/**
 * A season: one name, dates and weekdays, and a fixed price a night for each room type given one
 * (a type left empty is skipped). It is kept as one fixed-price rate rule per priced type.
 * `types` are the room types the lodge has: a price for any other is not read.
 */
export function seasonSchema(dates: RuleDates, types: readonly string[]) {
  const prices = z.object(Object.fromEntries(types.map((type) => [seasonPriceField(type), seasonPrice])));
  return z
    .object({ name, weekdays })
    .and(ruleDates(dates, ...RATE_DATES))
    .and(prices)
    .transform((season, ctx) => {
      const priced = types.flatMap((type) => {
        const value = (season as Record<string, unknown>)[seasonPriceField(type)];
        return typeof value === "number" ? [{ type, price: value }] : [];
      });
      if (priced.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: ["prices"],
          message: "Please enter a price for at least one room type.",
        });
        return z.NEVER;
      }
      return {
        name: season.name,
        startsOn: season.startsOn,
        endsOn: season.endsOn,
        weekdays: season.weekdays,
        prices: priced,
      };
    });
}

/**
 * What a room type's base rate covers (ADR 0031): the adults included, and the supplements a
 * night for each adult beyond them and for each child. Set for every room of the type.
 */
export const occupancySchema = z.object({
  roomType: requiredText(100, "Please choose a room type.", "Please choose a room type."),
  coveredAdults: z.coerce
    .number({ message: "Please enter the adults the rate covers as a whole number." })
    .int("Please enter the adults the rate covers as a whole number.")
    .min(1, "The rate covers at least 1 adult.")
    .max(20, "The rate covers at most 20 adults."),
  adultSupplement: supplement("supplement for an extra adult"),
  childSupplement: supplement("supplement for a child"),
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
