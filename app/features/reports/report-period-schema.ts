import { z } from "zod";
import { isIsoDate } from "../../shared/dates.ts";

// The reports' period picker: a GET form, read the same way by the page and by every
// report's CSV export, so a download holds what the page shows.

const REPORT_PERIOD_KINDS = ["month", "week", "range"] as const;
export type ReportPeriodKind = (typeof REPORT_PERIOD_KINDS)[number];

/** The longest custom range: a year and a day, so a leap year fits. */
export const MAX_RANGE_DAYS = 366;

/** A field of the GET form: trimmed, blank the same as absent, else `valid` or `message`. */
const optionalField = (valid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || valid(value), message);

const optionalDate = (message: string) => optionalField(isIsoDate, message);

export const reportPeriodSchema = z.object({
  show: z.enum(REPORT_PERIOD_KINDS).catch("month"),
  month: optionalField(
    (value) => /^\d{4}-\d{2}$/.test(value) && isIsoDate(`${value}-01`),
    "Please choose a month.",
  ),
  week: optionalDate("Please choose a day of the week."),
  from: optionalDate("Please enter the first day as a date."),
  to: optionalDate("Please enter the last day as a date."),
  compare: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});
