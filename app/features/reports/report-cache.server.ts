import { sql } from "kysely";
import type { DB } from "~/shared/db/client.server.ts";
import type { ReportQuery } from "./report-period.ts";
import type { NightFigures } from "./report-queries.server.ts";
import { readForward, readReportsPage } from "./reports.server.ts";

// The reports page, kept per reports version (migration 2026-11-28-3-reports-version): a month
// or a year of figures costs the database a few hundred milliseconds at ten years of history,
// and a manager reads the same period again and again (back, forward, the year before) while the
// figures do not move. The version comes from the database, never from this process: with several
// instances on one PostgreSQL server, a payment taken by another still moves it.

export type ReportsPage = Awaited<ReturnType<typeof readReportsPage>>;

/** Pages kept at once: a manager's recent periods (a year with the year before is a few hundred KB). */
const KEPT_PAGES = 12;

/** Per database (the tests open several in one process), by version, day and query. */
const keptBy = new WeakMap<DB, Map<string, Promise<ReportsPage>>>();

/**
 * The nights on the books from today, per database, for one version and day: the same on every
 * period's page, so a period read for the first time does not read them again.
 */
const forwardBy = new WeakMap<DB, { key: string; nights: Promise<NightFigures[]> }>();

function keptForward(db: DB, version: string, today: string): Promise<NightFigures[]> {
  const key = JSON.stringify([version, today]);
  const kept = forwardBy.get(db);
  if (kept?.key === key) return kept.nights;
  const nights = readForward(db, today);
  forwardBy.set(db, { key, nights });
  nights.catch(() => {
    if (forwardBy.get(db)?.nights === nights) forwardBy.delete(db);
  });
  return nights;
}

/** The reports version now: read before the figures, so a page kept under it is never older. */
export async function readReportsVersion(db: DB): Promise<string> {
  const row = await db
    .selectFrom("reportsVersion")
    .select(sql<string>`version::text`.as("version"))
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * The reports page for `query` on the lodge's `today`: the page kept for the current reports
 * version, else read afresh (and shared with those who ask for the same page meanwhile). A read
 * that fails is not kept.
 */
export async function readKeptReportsPage(db: DB, query: ReportQuery, today: string): Promise<ReportsPage> {
  const version = await readReportsVersion(db);
  const key = JSON.stringify([version, today, query]);
  let kept = keptBy.get(db);
  if (!kept) {
    kept = new Map();
    keptBy.set(db, kept);
  }
  let page = kept.get(key);
  if (page) {
    // The most recently read last: the first key is the one to let go.
    kept.delete(key);
  } else {
    page = readReportsPage(db, query, today, keptForward(db, version, today));
    const reading = page;
    const pages = kept;
    reading.catch(() => {
      if (pages.get(key) === reading) pages.delete(key);
    });
  }
  kept.set(key, page);
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_PAGES) break;
    kept.delete(oldest);
  }
  return page;
}
