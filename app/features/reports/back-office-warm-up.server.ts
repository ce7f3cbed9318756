import type { DB } from "~/shared/db/client.server.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { readKeptReportsPage } from "./report-cache.server.ts";
import { readReportQuery } from "./report-period.ts";
import { outboxExport, requestsExport } from "./exports.server.ts";

/**
 * Runs each long staff read once, on little data, before the embedded database answers its first
 * request (database.server.ts `prepare`). The first run of a query's shape costs PGlite, on the
 * server's own thread, a few hundred milliseconds of catalog reads and planning whatever rows it
 * reads, so the first report or export after a start held every guest's request that long; the
 * same reads later cost a tenth of it. This month's report, the one managers open first, is then
 * kept for them. Reads only.
 */
export async function warmUpBackOffice(db: DB, today = lodgeToday()): Promise<void> {
  // As a manager first opens it, then with the year before (the comparison's own queries).
  for (const params of [new URLSearchParams(), new URLSearchParams({ compare: "1" })])
    await readKeptReportsPage(db, readReportQuery(params, today), today);
  for (const list of [requestsExport(1), outboxExport(1)]) {
    const file = await list.read(db, new URLSearchParams());
    if ("refused" in file || Array.isArray(file.rows)) continue;
    // The first slice only, then the reader is closed.
    const slices = file.rows[Symbol.asyncIterator]();
    await slices.next();
    await slices.return?.();
  }
}
