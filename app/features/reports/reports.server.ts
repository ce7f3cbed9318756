import { extrasRevenueByCategory } from "../extras/extras.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import {
  bucketFor,
  cancellationsAndNoShows,
  moneyReceived,
  occupancyByNight,
  ON_THE_BOOKS_STATUSES,
  readPeriodRooms,
  readTaxReturn,
  roomRevenueBy,
  roomRevenueByTypeAndBucket,
  stayPattern,
  venueRevenue,
  type LostStays,
  type NightFigures,
  type NightRange,
  type VenueFigures,
} from "~/features/reports/report-queries.server.ts";
import { addDays, lodgeToday } from "~/shared/dates.ts";
import { sourceLabel } from "~/features/desk/desk-schema.ts";
import {
  FORWARD_DAYS,
  kwachaNumber,
  oneDecimal,
  percentNumber,
  roomKpis,
  summaryLines,
  type SummaryFigures,
} from "~/features/reports/report-figures.ts";
import {
  neighbours,
  periodSearch,
  readReportQuery,
  type ReportPeriod,
  type ReportQuery,
} from "~/features/reports/report-period.ts";
import type { ListExport, ListFile } from "./exports.server.ts";

// What the reports page and its CSV files read, one way for both.

/** A period's summary; `nightsRead` when its nights are being read already (the page's query). */
async function readSummary(
  db: DB,
  range: NightRange,
  nightsRead: Promise<NightFigures[]> = occupancyByNight(db, range),
): Promise<{ nights: NightFigures[]; venues: VenueFigures[]; lost: LostStays[]; figures: SummaryFigures }> {
  const [nights, venues, lost, pattern] = await Promise.all([
    nightsRead,
    venueRevenue(db, range),
    cancellationsAndNoShows(db, range),
    stayPattern(db, range),
  ]);
  const cancelled = lost.find((line) => line.status === "Cancelled");
  const noShows = lost.find((line) => line.status === "No-show");
  return {
    nights,
    venues,
    lost,
    figures: {
      ...roomKpis(nights),
      ...pattern,
      venueRevenue: venues.reduce((sum, venue) => sum + venue.revenue, 0),
      events: venues.reduce((sum, venue) => sum + venue.events, 0),
      cancelled: cancelled?.stays ?? 0,
      cancelledNights: cancelled?.nights ?? 0,
      noShows: noShows?.stays ?? 0,
      noShowNights: noShows?.nights ?? 0,
    },
  };
}

/** The nights on the books from today: sold and pending, per night. */
export function readForward(db: DB, today: string): Promise<NightFigures[]> {
  return occupancyByNight(db, { from: today, until: addDays(today, FORWARD_DAYS) }, ON_THE_BOOKS_STATUSES);
}

/**
 * Everything the reports page shows for a period (its loader; the bench times this). `forwardRead`
 * when the nights on the books from today are being read already: they are the same whatever the
 * period.
 */
export async function readReportsPage(
  db: DB,
  query: ReportQuery,
  today: string,
  forwardRead: Promise<NightFigures[]> = readForward(db, today),
) {
  const { period, compareWith } = query;
  const bucket = bucketFor(period.days);
  // Everything at once: on PostgreSQL the pool runs them side by side.
  const rooms = readPeriodRooms(db, period, compareWith, bucket);
  const [now, before, { roomTypes, sources, methods, taxes }, money, forward, extras] = await Promise.all([
    readSummary(
      db,
      period,
      rooms.then((read) => read.nights),
    ),
    compareWith
      ? readSummary(
          db,
          compareWith,
          rooms.then((read) => read.nightsBefore ?? []),
        )
      : null,
    rooms,
    moneyReceived(db, period),
    forwardRead,
    extrasRevenueByCategory(db, period),
  ]);
  return {
    today,
    query,
    search: periodSearch(query),
    links: neighbours(period),
    bucket,
    summary: { now: now.figures, before: before?.figures ?? null },
    nights: now.nights,
    nightsBefore: before?.nights ?? null,
    roomTypes,
    sources,
    methods,
    money,
    venues: now.venues,
    lost: now.lost,
    taxes,
    forward,
    extras,
  };
}

function csvValue(line: ReturnType<typeof summaryLines>[number]): number | null {
  if (line.kind === "share") return percentNumber(line.value);
  if (line.kind === "rate") return kwachaNumber(line.value);
  if (line.kind === "decimal") return oneDecimal(line.value);
  return line.value;
}

const fileName = (report: string, period: ReportPeriod) =>
  `report-${report}-${period.from}-to-${addDays(period.until, -1)}`;

type Reader = (db: DB, query: ReportQuery, today: string) => Promise<ListFile>;

/**
 * A manager's report, read for the lodge's today (the forward calendar starts there). A period
 * the page would show a message for is refused with that message, never swapped for another.
 */
function report(read: Reader): ListExport {
  return {
    role: "manager",
    read: (db, params) => {
      const today = lodgeToday();
      const query = readReportQuery(params, today);
      const refused = Object.values(query.fieldErrors)[0];
      return refused ? Promise.resolve({ refused }) : read(db, query, today);
    },
  };
}

/** Every report as CSV, in the console's export format (app/routes/staff/export.ts). */
export const REPORT_EXPORTS: Record<string, ListExport> = {
  "report-summary": report(async (db, { period, compareWith }) => {
    const [now, before] = await Promise.all([
      readSummary(db, period),
      compareWith ? readSummary(db, compareWith) : null,
    ]);
    const beforeLines = before ? summaryLines(before.figures) : null;
    return {
      name: fileName("summary", period),
      header: ["Figure", period.label, ...(compareWith ? [compareWith.label] : [])],
      rows: summaryLines(now.figures).map((line, i) => [
        line.csv,
        csvValue(line),
        ...(beforeLines ? [csvValue(beforeLines[i] as typeof line)] : []),
      ]),
    };
  }),
  "report-occupancy": report(async (db, { period }) => {
    const nights = await occupancyByNight(db, period);
    return {
      name: fileName("occupancy", period),
      header: ["Night", "Rooms available", "Room-nights sold", "Occupancy (%)", "Room revenue (K)"],
      rows: nights.map((n) => [
        n.night,
        n.available,
        n.sold,
        percentNumber(n.available > 0 ? n.sold / n.available : null),
        n.revenue,
      ]),
    };
  }),
  "report-room-types": report(async (db, { period }) => {
    const bucket = bucketFor(period.days);
    const { types, buckets } = await roomRevenueByTypeAndBucket(db, period, bucket);
    return {
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
    };
  }),
  "report-sources": report(async (db, { period }) => {
    const rows = await roomRevenueBy(db, period, "channel");
    return {
      name: fileName("sources", period),
      header: ["Source", "Room-nights sold", "Room revenue (K)"],
      rows: rows.map((row) => [sourceLabel(row.key), row.nights, row.revenue]),
    };
  }),
  "report-payment-methods": report(async (db, { period }) => {
    const rows = await roomRevenueBy(db, period, "paymentMethod");
    return {
      name: fileName("payment-methods", period),
      header: ["Payment method (as booked)", "Room-nights sold", "Room revenue (K)"],
      rows: rows.map((row) => [row.key, row.nights, row.revenue]),
    };
  }),
  "report-money-received": report(async (db, { period }) => {
    const rows = await moneyReceived(db, period);
    return {
      name: fileName("money-received", period),
      header: ["Method", "Received (K)", "Refunded (K)", "Net (K)"],
      rows: rows.map((row) => [row.method, row.received, row.refunded, row.received - row.refunded]),
    };
  }),
  "report-venues": report(async (db, { period }) => {
    const rows = await venueRevenue(db, period);
    return {
      name: fileName("venues", period),
      header: ["Venue", "Events", "People", "Revenue (K)", "Of which events of 25 or more (K)"],
      rows: rows.map((row) => [row.venue, row.events, row.people, row.revenue, row.levied]),
    };
  }),
  "report-cancellations": report(async (db, { period }) => {
    const rows = await cancellationsAndNoShows(db, period);
    return {
      name: fileName("cancellations", period),
      header: ["Status", "Stays due to arrive", "Room-nights", "Value (K)", "Kept (K)"],
      rows: rows.map((row) => [row.status, row.stays, row.nights, row.value, row.kept]),
    };
  }),
  "report-taxes": report(async (db, { period }) => {
    const { lines } = await readTaxReturn(db, period);
    return {
      name: fileName("levy-and-vat", period),
      header: ["Line", "Gross incl. taxes (K)", "Net of taxes (K)", "VAT (K)", "Tourism levy (K)"],
      rows: lines.map((line) => [line.line, line.gross, line.net, line.vat, line.levy]),
    };
  }),
  "report-next-90-days": report(async (db, _query, today) => {
    const nights = await readForward(db, today);
    return {
      name: `report-next-${FORWARD_DAYS}-days-from-${today}`,
      header: ["Night", "Rooms available", "Room-nights sold", "Pending", "Occupancy (%)"],
      rows: nights.map((n) => [
        n.night,
        n.available,
        n.sold,
        n.pending,
        percentNumber(n.available > 0 ? n.sold / n.available : null),
      ]),
    };
  }),
};
