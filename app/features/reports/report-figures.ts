// The reports' arithmetic, written once for the page, its CSV files and the tests.
// Definitions (also on the page and in docs/staff-guide.md):
// - occupancy = room-nights sold ÷ room-nights available, net of out-of-service nights;
// - ADR (average daily rate) = room revenue ÷ room-nights sold;
// - RevPAR (revenue per available room) = room revenue ÷ room-nights available.

export interface NightTotals {
  available: number;
  sold: number;
  revenue: number;
}

export interface RoomKpis extends NightTotals {
  /** 0–1, or null when no room was available. */
  occupancy: number | null;
  adr: number | null;
  revpar: number | null;
}

export function roomKpis(nights: readonly NightTotals[]): RoomKpis {
  const totals = nights.reduce(
    (sum, night) => ({
      available: sum.available + night.available,
      sold: sum.sold + night.sold,
      revenue: sum.revenue + night.revenue,
    }),
    { available: 0, sold: 0, revenue: 0 },
  );
  return {
    ...totals,
    occupancy: totals.available > 0 ? totals.sold / totals.available : null,
    adr: totals.sold > 0 ? totals.revenue / totals.sold : null,
    revpar: totals.available > 0 ? totals.revenue / totals.available : null,
  };
}

/**
 * Beyond two months of nights, the table beside the nightly chart gives weeks: a year would be
 * 366 rows nobody reads down, and most of the page's weight to render; its CSV keeps every night.
 */
export const NIGHTS_TABLE_AT_MOST = 62;

export interface WeekTotals extends NightTotals {
  /** The week's first night in the period (a Monday, unless the period starts later). */
  start: string;
  /** The night after its last (the next Monday, unless the period ends sooner). */
  until: string;
}

/**
 * Consecutive nights, in order, added up by week from Monday; the period's `until` (the night
 * after its last) ends the last week.
 */
export function nightsByWeek(
  nights: readonly (NightTotals & { night: string })[],
  until: string,
): WeekTotals[] {
  const weeks: WeekTotals[] = [];
  for (const { night, available, sold, revenue } of nights) {
    const monday = new Date(`${night}T00:00:00Z`).getUTCDay() === 1;
    const week = weeks.at(-1);
    if (!week || monday) {
      if (week) week.until = night;
      weeks.push({ start: night, until, available, sold, revenue });
    } else {
      week.available += available;
      week.sold += sold;
      week.revenue += revenue;
    }
  }
  return weeks;
}

/** 0.4567 → '45.7%'; null → '–'. */
export function formatPercent(share: number | null, digits = 1): string {
  return share === null ? "–" : `${(share * 100).toFixed(digits)}%`;
}

/** A share as a CSV number with one decimal (45.7), or empty. */
export function percentNumber(share: number | null): number | null {
  return share === null ? null : Math.round(share * 1000) / 10;
}

/** Kwacha to two decimals for CSV (ADR, RevPAR), or empty. */
export function kwachaNumber(amount: number | null): number | null {
  return amount === null ? null : Math.round(amount * 100) / 100;
}

/** One decimal (average nights, lead time), or empty. */
export function oneDecimal(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10;
}

/** The change from a year earlier, '+4.2 points' style for shares and '+12%' for amounts. */
export function changeText(now: number | null, before: number | null, kind: "share" | "amount"): string {
  if (now === null || before === null) return "–";
  if (kind === "share") {
    const points = (now - before) * 100;
    return `${points >= 0 ? "+" : "−"}${Math.abs(points).toFixed(1)} points`;
  }
  if (before === 0) return now === 0 ? "no change" : "–";
  const percent = ((now - before) / before) * 100;
  return `${percent >= 0 ? "+" : "−"}${Math.abs(percent).toFixed(0)}%`;
}

export interface TaxReturnLine {
  line: "Accommodation" | "Events of 25 or more people" | "Other events" | "Total";
  /** As guests paid, taxes included. */
  gross: number;
  /** Without VAT and levy: the taxable value. */
  net: number;
  vat: number;
  levy: number;
}

export const TAX_RETURN_LINES = ["Accommodation", "Events of 25 or more people", "Other events"] as const;

/**
 * A tax return from its lines' gross (tax-inclusive) revenue and the VAT and levy the requests
 * kept (decisions.md 32): each line's net is what is left without taxes, and a Total follows.
 */
export function taxReturn(lines: readonly Omit<TaxReturnLine, "net">[]): TaxReturnLine[] {
  const withNet = lines.map((line) => ({ ...line, net: line.gross - line.vat - line.levy }));
  const total = withNet.reduce(
    (sum, line) => ({
      ...sum,
      gross: sum.gross + line.gross,
      net: sum.net + line.net,
      vat: sum.vat + line.vat,
      levy: sum.levy + line.levy,
    }),
    { line: "Total" as const, gross: 0, net: 0, vat: 0, levy: 0 },
  );
  return [...withNet, total];
}

const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 411.277 → 'K411.28' (ADR and RevPAR, where the ngwee tell); null → '–'. */
export function formatRate(amount: number | null): string {
  return amount === null ? "–" : `K${twoDecimals.format(amount)}`;
}

/** 2.6667 → '2.7'; null → '–'. */
export function formatDecimal(value: number | null): string {
  return value === null ? "–" : (Math.round(value * 10) / 10).toFixed(1);
}

/** How far ahead the calendar of nights on the books looks. */
export const FORWARD_DAYS = 90;

/** The period's figures in the summary (app/features/reports/reports.server.ts `readSummary`). */
export interface SummaryFigures extends RoomKpis {
  /** Sold stays due to arrive in the period. */
  arrivals: number;
  averageNights: number | null;
  averageLeadDays: number | null;
  venueRevenue: number;
  events: number;
  cancelled: number;
  cancelledNights: number;
  noShows: number;
  noShowNights: number;
}

/** The lines of the summary table, for the page and the CSV, in one order. */
export function summaryLines(figures: SummaryFigures): {
  label: string;
  csv: string;
  value: number | null;
  kind: "count" | "share" | "kwacha" | "rate" | "decimal";
}[] {
  return [
    { label: "Room-nights available", csv: "Room-nights available", value: figures.available, kind: "count" },
    { label: "Room-nights sold", csv: "Room-nights sold", value: figures.sold, kind: "count" },
    { label: "Occupancy", csv: "Occupancy (%)", value: figures.occupancy, kind: "share" },
    { label: "Room revenue", csv: "Room revenue (K)", value: figures.revenue, kind: "kwacha" },
    { label: "Average daily rate (ADR)", csv: "ADR (K)", value: figures.adr, kind: "rate" },
    { label: "Revenue per available room (RevPAR)", csv: "RevPAR (K)", value: figures.revpar, kind: "rate" },
    { label: "Venue revenue", csv: "Venue revenue (K)", value: figures.venueRevenue, kind: "kwacha" },
    { label: "Events", csv: "Events", value: figures.events, kind: "count" },
    { label: "Arrivals (sold stays)", csv: "Arrivals", value: figures.arrivals, kind: "count" },
    {
      label: "Average length of stay (nights)",
      csv: "Average length of stay (nights)",
      value: figures.averageNights,
      kind: "decimal",
    },
    {
      label: "Average lead time (days)",
      csv: "Average lead time (days)",
      value: figures.averageLeadDays,
      kind: "decimal",
    },
    { label: "Cancelled stays", csv: "Cancelled stays", value: figures.cancelled, kind: "count" },
    {
      label: "Cancelled room-nights",
      csv: "Cancelled room-nights",
      value: figures.cancelledNights,
      kind: "count",
    },
    { label: "No-shows", csv: "No-shows", value: figures.noShows, kind: "count" },
    { label: "No-show room-nights", csv: "No-show room-nights", value: figures.noShowNights, kind: "count" },
  ];
}
