import { z } from "zod";
import { DATE_OUT_OF_RANGE, isIsoDate, isLodgeDate } from "../../shared/dates.ts";

// The reports' period picker: a GET form, read the same way by the page and by every
// report's CSV export, so a download holds what the page shows.

const REPORT_PERIOD_KINDS = ["month", "week", "range"] as const;
export type ReportPeriodKind = (typeof REPORT_PERIOD_KINDS)[number];

/** The longest custom range: a year and a day, so a leap year fits. */
export const MAX_RANGE_DAYS = 366;

/**
 * A date field of the GET form: trimmed, blank the same as absent; else a real day (`message`
 * otherwise) within the lodge's range of dates (its own message). `day` turns the typed value
 * into the day it names (a month's first day).
 */
const optionalDate = (message: string, day: (value: string) => string | undefined = (value) => value) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .superRefine((value, context) => {
      if (value === undefined) return;
      const date = day(value);
      if (!isIsoDate(date)) context.addIssue({ code: "custom", message });
      else if (!isLodgeDate(date)) context.addIssue({ code: "custom", message: DATE_OUT_OF_RANGE });
    });

export const reportPeriodSchema = z.object({
  // An unknown kind is reported (readReportQuery) rather than quietly read as a month.
  show: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .enum(REPORT_PERIOD_KINDS, {
        error: "That period was not understood. Please choose one from the list.",
      })
      .optional(),
  ),
  month: optionalDate("Please choose a month.", (value) =>
    /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : undefined,
  ),
  week: optionalDate("Please choose a day of the week."),
  from: optionalDate("Please enter the first day as a date."),
  to: optionalDate("Please enter the last day as a date."),
  compare: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});
