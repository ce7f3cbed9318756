import { extrasRevenueByCategory } from "../extras/extras.server.ts";
import { inBackOfficeLane } from "~/shared/db/back-office.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import {
  bucketFor,
  cancellationsAndNoShows,
  moneyReceived,
  occupancyByNight,
  ON_THE_BOOKS_STATUSES,
  readPeriodRooms,
  stayPattern,
  venueRevenue,
  type LostStays,
  type NightFigures,
  type NightRange,
  type VenueFigures,
} from "~/features/reports/report-queries.server.ts";
import { addDays } from "~/shared/dates.ts";
import { FORWARD_DAYS, roomKpis, type SummaryFigures } from "~/features/reports/report-figures.ts";
import { neighbours, periodSearch, type ReportQuery } from "~/features/reports/report-period.ts";

// What the reports page and its CSV files read (report-exports.server.ts), one way for both. Each
// query takes its turn in the back office's lane (back-office.server.ts): a report is staff work.

/** A period's summary, from its nights (`nightsRead`, the page's room figures). */
async function readSummary(
  db: DB,
  range: NightRange,
  nightsRead: Promise<NightFigures[]>,
): Promise<{ nights: NightFigures[]; venues: VenueFigures[]; lost: LostStays[]; figures: SummaryFigures }> {
  const [nights, venues, lost, pattern] = await Promise.all([
    nightsRead,
    inBackOfficeLane(db, () => venueRevenue(db, range)),
    inBackOfficeLane(db, () => cancellationsAndNoShows(db, range)),
    inBackOfficeLane(db, () => stayPattern(db, range)),
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
  return inBackOfficeLane(db, () =>
    occupancyByNight(db, { from: today, until: addDays(today, FORWARD_DAYS) }, ON_THE_BOOKS_STATUSES),
  );
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
  // Everything at once: on PostgreSQL the lane runs a few side by side.
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
    inBackOfficeLane(db, () => moneyReceived(db, period)),
    forwardRead,
    inBackOfficeLane(db, () => extrasRevenueByCategory(db, period)),
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
