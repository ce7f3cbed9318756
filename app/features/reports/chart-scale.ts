// The numbers and labels of the reports' chart axes, worked out apart from the drawing so they
// can be tested: round steps (1, 2 or 5 times a power of ten, never 2.5), and the weeks or
// months of a period named as they are, a week cut by the period's start or end included.

import { addDays, formatDisplayDate } from "../../shared/dates.ts";
import { formatKwacha } from "../../shared/money.ts";

export interface AxisScale {
  /** The distance between two ticks: 1, 2 or 5 × 10ⁿ, and at least `minStep`. */
  step: number;
  /** The axis's top: the first multiple of `step` at or above the largest value. */
  top: number;
  /** 0, step, 2 × step, … top. */
  ticks: number[];
}

/**
 * Round ticks from 0 up to at least `max`, with at most `intervals` steps between them. `minStep`
 * keeps labels whole (1: whole kwacha or whole percents).
 */
export function niceScale(max: number, intervals: number, minStep = 1): AxisScale {
  const wanted = Math.max(minStep, (Number.isFinite(max) && max > 0 ? max : 0) / Math.max(1, intervals));
  const power = 10 ** Math.floor(Math.log10(wanted));
  const step = Math.max(
    minStep,
    [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= wanted * (1 - 1e-9)) ?? 10 * power,
  );
  const count = Math.max(1, Math.ceil(max / step - 1e-9));
  // Whole multiples, computed from integers so 0.1 + 0.2 never shows as 0.30000000000000004.
  const ticks = Array.from({ length: count + 1 }, (_, i) => i * step);
  return { step, top: count * step, ticks };
}

/** Where an axis label sits: the first starts at its mark, the last ends at it, so none is cut. */
export function labelAnchor(index: number, count: number): "start" | "middle" | "end" {
  if (count > 1 && index === 0) return "start";
  if (count > 1 && index === count - 1) return "end";
  return "middle";
}

/** '2026-12-17' → '17 Dec'. */
export function shortDate(iso: string): string {
  return formatDisplayDate(iso).replace(/ \d{4}$/, "");
}

/**
 * A week's or month's name on the reports, given its first night and the night after its last
 * (the period's start or end may cut it): 'Week of 7 Dec', 'December 2026', and for a cut one the
 * nights it holds, 'Part week: 1–4 Dec' or 'Part month: 15–31 Dec 2026'.
 */
export function bucketLabel(kind: "week" | "month", start: string, until: string): string {
  // A date never breaks across lines in a table's narrow first column.
  const day = (iso: string) => shortDate(iso).replace(" ", "\u00a0");
  const last = addDays(until, -1);
  const span = start === last ? day(start) : `${day(start)}–${day(last)}`;
  if (kind === "week") {
    const monday = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7 === 0;
    return monday && addDays(start, 7) === until ? `Week of ${day(start)}` : `Part week: ${span}`;
  }
  const whole =
    start.endsWith("-01") && addDays(until, -1).slice(0, 7) === start.slice(0, 7) && until.endsWith("-01");
  const monthName = formatDisplayDate(start).replace(/^\d+ /, "").replace(" ", "\u00a0");
  return whole ? monthName : `Part month: ${span}\u00a0${start.slice(0, 4)}`;
}

/** An amount on a chart's axis: K2,000, and from K100,000 in thousands (K200k), so it fits. */
export function tickKwacha(value: number): string {
  return value >= 100_000 && value % 1000 === 0 ? `${formatKwacha(value / 1000)}k` : formatKwacha(value);
}

/** Under a bar: a whole week's Monday ('7 Dec'), a cut one's nights ('1–4 Dec'), a month's name. */
export function bucketAxisLabel(kind: "week" | "month", start: string, until: string): string {
  const label = bucketLabel(kind, start, until);
  if (label.startsWith("Week of ")) return shortDate(start);
  if (kind === "month" && !label.startsWith("Part ")) return label.slice(0, 3);
  const last = addDays(until, -1);
  const sameMonth = start.slice(0, 7) === last.slice(0, 7);
  return start === last
    ? shortDate(start)
    : `${sameMonth ? Number(start.slice(8, 10)) : shortDate(start)}–${shortDate(last)}`;
}
