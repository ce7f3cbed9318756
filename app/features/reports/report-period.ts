import { addDays, addYears, daysBetween, formatDisplayDate, isIsoDate } from "../../shared/dates.ts";
import { MAX_RANGE_DAYS, reportPeriodSchema, type ReportPeriodKind } from "./report-period-schema.ts";

// The period a report covers: a calendar month (the default, the lodge's current one),
// a week from Monday, or a custom range of days; nights [from, until), as stays are.

export interface ReportPeriod {
  kind: ReportPeriodKind;
  /** The first night. */
  from: string;
  /** The day after the last night. */
  until: string;
  /** '1 Nov 2026 – 30 Nov 2026' or 'November 2026'. */
  label: string;
  days: number;
}

const REPORT_FIELDS = ["show", "month", "week", "from", "to"] as const;
type ReportField = (typeof REPORT_FIELDS)[number];

export interface ReportQuery {
  period: ReportPeriod;
  /** The same period a year earlier, when asked for. */
  compareWith: ReportPeriod | null;
  /** What the form shows (the values as typed when one is wrong). */
  values: { show: ReportPeriodKind; month: string; week: string; from: string; to: string; compare: boolean };
  fieldErrors: Partial<Record<ReportField, string>>;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function monthPeriod(month: string): ReportPeriod {
  const from = `${month}-01`;
  // Day 1 plus 31 days is always in the next month.
  const until = `${addDays(from, 31).slice(0, 7)}-01`;
  const [year, number] = month.split("-").map(Number);
  return {
    kind: "month",
    from,
    until,
    label: `${MONTH_NAMES[(number ?? 1) - 1]} ${year}`,
    days: daysBetween(from, until),
  };
}

/** The Monday on or before a date. */
function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export function weekPeriod(anyDay: string): ReportPeriod {
  const from = mondayOf(anyDay);
  const until = addDays(from, 7);
  return { kind: "week", from, until, label: rangeLabel(from, until, "Week of "), days: 7 };
}

function rangePeriod(from: string, lastDay: string): ReportPeriod {
  const until = addDays(lastDay, 1);
  return { kind: "range", from, until, label: rangeLabel(from, until), days: daysBetween(from, until) };
}

function rangeLabel(from: string, until: string, prefix = ""): string {
  const last = addDays(until, -1);
  return from === last
    ? `${prefix}${formatDisplayDate(from)}`
    : `${prefix}${formatDisplayDate(from)} – ${formatDisplayDate(last)}`;
}

/** The same period a year earlier: the same month, the week of the same date, the same days. */
export function yearEarlier(period: ReportPeriod): ReportPeriod {
  if (period.kind === "month") return monthPeriod(addYears(period.from, -1).slice(0, 7));
  if (period.kind === "week") return weekPeriod(addYears(period.from, -1));
  return rangePeriod(addYears(period.from, -1), addYears(addDays(period.until, -1), -1));
}

/** The period before and after, as query strings for the page's links. */
export function neighbours(period: ReportPeriod): { earlier: string; later: string } {
  if (period.kind === "month") {
    const earlier = addDays(period.from, -1).slice(0, 7);
    const later = period.until.slice(0, 7);
    return { earlier: `?show=month&month=${earlier}`, later: `?show=month&month=${later}` };
  }
  if (period.kind === "week") {
    return {
      earlier: `?show=week&week=${addDays(period.from, -7)}`,
      later: `?show=week&week=${period.until}`,
    };
  }
  const lastDay = (from: string) => addDays(from, period.days - 1);
  const earlierFrom = addDays(period.from, -period.days);
  return {
    earlier: `?show=range&from=${earlierFrom}&to=${lastDay(earlierFrom)}`,
    later: `?show=range&from=${period.until}&to=${lastDay(period.until)}`,
  };
}

/** The query string that asks for this period again (for CSV links). */
export function periodSearch(query: Pick<ReportQuery, "period" | "compareWith">): string {
  const { period } = query;
  const compare = query.compareWith ? "&compare=1" : "";
  if (period.kind === "month") return `?show=month&month=${period.from.slice(0, 7)}${compare}`;
  if (period.kind === "week") return `?show=week&week=${period.from}${compare}`;
  return `?show=range&from=${period.from}&to=${addDays(period.until, -1)}${compare}`;
}

/** The kind of period typed, when it is one; a month otherwise (the page's default). */
function knownKind(value: string | undefined): ReportPeriodKind {
  return value === "week" || value === "range" ? value : "month";
}

/**
 * Reads the picker's query parameters. A wrong field gets its message and the page falls back to
 * the lodge's current month, so there is always a report to show beside the message.
 */
export function readReportQuery(params: URLSearchParams, today: string): ReportQuery {
  const raw = Object.fromEntries(
    ["show", "month", "week", "from", "to", "compare"].map((key) => [key, params.get(key) ?? undefined]),
  );
  const parsed = reportPeriodSchema.safeParse(raw);
  const fieldErrors: ReportQuery["fieldErrors"] = {};
  const currentMonth = today.slice(0, 7);
  const text = (key: string) => (typeof raw[key] === "string" ? raw[key] : "");
  const show: ReportPeriodKind = (parsed.success ? parsed.data.show : undefined) ?? knownKind(raw.show);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = REPORT_FIELDS.find((field) => field === issue.path[0]);
      if (key) fieldErrors[key] ??= issue.message;
    }
  }
  const data = parsed.success ? parsed.data : undefined;
  let period: ReportPeriod | undefined;
  if (data && show === "month") period = monthPeriod(data.month ?? currentMonth);
  if (data && show === "week") period = weekPeriod(data.week ?? today);
  if (data && show === "range") {
    if (!data.from) fieldErrors.from = "Please enter the first day.";
    if (!data.to) fieldErrors.to = "Please enter the last day.";
    if (data.from && data.to) {
      if (data.to < data.from) fieldErrors.to = "The last day must be on or after the first day.";
      else if (daysBetween(data.from, data.to) + 1 > MAX_RANGE_DAYS)
        fieldErrors.to = `Please choose a range of at most ${MAX_RANGE_DAYS} days.`;
      else period = rangePeriod(data.from, data.to);
    }
  }
  const chosen = period ?? monthPeriod(currentMonth);
  const compare = params.get("compare") === "1";
  return {
    period: chosen,
    compareWith: compare ? yearEarlier(chosen) : null,
    values: {
      show,
      month: text("month") || (chosen.kind === "month" ? chosen.from.slice(0, 7) : currentMonth),
      week: text("week") || (chosen.kind === "week" ? chosen.from : ""),
      from: text("from") || (isIsoDate(chosen.from) && chosen.kind === "range" ? chosen.from : ""),
      to: text("to") || (chosen.kind === "range" ? addDays(chosen.until, -1) : ""),
      compare,
    },
    fieldErrors,
  };
}
