import { sourceLabel } from "~/features/desk/desk-schema.ts";
import { lodgeToday, addDays } from "~/shared/dates.ts";
import {
  FORWARD_DAYS,
  kwachaNumber,
  oneDecimal,
  percentNumber,
  summaryLines,
} from "~/features/reports/report-figures.ts";
import { readReportQuery, type ReportPeriod } from "~/features/reports/report-period.ts";
import { readKeptReportsPage, type ReportsPage } from "./report-cache.server.ts";
import type { ListExport, ListFile } from "./exports.server.ts";

// Every report as CSV: the figures of the reports page for the same period, read as the page
// reads them (kept per reports version, in slices in the back office's lane), so a file and the
// page never differ and downloading what the manager is looking at costs no query.

function csvValue(line: ReturnType<typeof summaryLines>[number]): number | null {
  if (line.kind === "share") return percentNumber(line.value);
  if (line.kind === "rate") return kwachaNumber(line.value);
  if (line.kind === "decimal") return oneDecimal(line.value);
  return line.value;
}

const fileName = (report: string, period: ReportPeriod) =>
  `report-${report}-${period.from}-to-${addDays(period.until, -1)}`;

/**
 * A manager's report from the page's figures, read for the lodge's today (the forward calendar
 * starts there). A period the page would show a message for is refused with that message, never
 * swapped for another.
 */
function report(file: (page: ReportsPage) => ListFile): ListExport {
  return {
    role: "manager",
    read: async (db, params) => {
      const today = lodgeToday();
      const query = readReportQuery(params, today);
      const refused = Object.values(query.fieldErrors)[0];
      return refused ? { refused } : file(await readKeptReportsPage(db, query, today));
    },
  };
}

/** Every report as CSV, in the console's export format (app/routes/staff/export.ts). */
export const REPORT_EXPORTS: Record<string, ListExport> = {
  "report-summary": report(({ query: { period, compareWith }, summary }) => {
    const beforeLines = summary.before ? summaryLines(summary.before) : null;
    return {
      name: fileName("summary", period),
      header: ["Figure", period.label, ...(compareWith ? [compareWith.label] : [])],
      rows: summaryLines(summary.now).map((line, i) => [
        line.csv,
        csvValue(line),
        ...(beforeLines ? [csvValue(beforeLines[i] as typeof line)] : []),
      ]),
    };
  }),
  "report-occupancy": report(({ query: { period }, nights }) => ({
    name: fileName("occupancy", period),
    header: ["Night", "Rooms available", "Room-nights sold", "Occupancy (%)", "Room revenue (K)"],
    rows: nights.map((n) => [
      n.night,
      n.available,
      n.sold,
      percentNumber(n.available > 0 ? n.sold / n.available : null),
      n.revenue,
    ]),
  })),
  "report-room-types": report(({ query: { period }, bucket, roomTypes: { types, buckets } }) => ({
    name: fileName("room-types", period),
    header: [
      bucket === "week" ? "Week from" : "Month from",
      "Room type",
      "Room-nights sold",
      "Room revenue (K)",
    ],
    rows: buckets.flatMap((b) =>
      types.map((type) => [b.start, type, b.nightsByType[type] ?? 0, b.byType[type] ?? 0]),
    ),
  })),
  "report-sources": report(({ query: { period }, sources }) => ({
    name: fileName("sources", period),
    header: ["Source", "Room-nights sold", "Room revenue (K)"],
    rows: sources.map((row) => [sourceLabel(row.key), row.nights, row.revenue]),
  })),
  "report-payment-methods": report(({ query: { period }, methods }) => ({
    name: fileName("payment-methods", period),
    header: ["Payment method (as booked)", "Room-nights sold", "Room revenue (K)"],
    rows: methods.map((row) => [row.key, row.nights, row.revenue]),
  })),
  "report-money-received": report(({ query: { period }, money }) => ({
    name: fileName("money-received", period),
    header: ["Method", "Received (K)", "Refunded (K)", "Net (K)"],
    rows: money.map((row) => [row.method, row.received, row.refunded, row.received - row.refunded]),
  })),
  "report-venues": report(({ query: { period }, venues }) => ({
    name: fileName("venues", period),
    header: ["Venue", "Events", "People", "Revenue (K)", "Of which events of 25 or more (K)"],
    rows: venues.map((row) => [row.venue, row.events, row.people, row.revenue, row.levied]),
  })),
  "report-cancellations": report(({ query: { period }, lost }) => ({
    name: fileName("cancellations", period),
    header: ["Status", "Stays due to arrive", "Room-nights", "Value (K)", "Kept (K)"],
    rows: lost.map((row) => [row.status, row.stays, row.nights, row.value, row.kept]),
  })),
  "report-taxes": report(({ query: { period }, taxes: { lines } }) => ({
    name: fileName("levy-and-vat", period),
    header: ["Line", "Gross incl. taxes (K)", "Net of taxes (K)", "VAT (K)", "Tourism levy (K)"],
    rows: lines.map((line) => [line.line, line.gross, line.net, line.vat, line.levy]),
  })),
  "report-next-90-days": report(({ today, forward }) => ({
    name: `report-next-${FORWARD_DAYS}-days-from-${today}`,
    header: ["Night", "Rooms available", "Room-nights sold", "Pending", "Occupancy (%)"],
    rows: forward.map((n) => [
      n.night,
      n.available,
      n.sold,
      n.pending,
      percentNumber(n.available > 0 ? n.sold / n.available : null),
    ]),
  })),
};
