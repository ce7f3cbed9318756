// The "guest waits" figure: the slowest /healthz (one database query) while staff work on the
// same server: a requests export, a year-long report with the year before, several of both at once,
// and, on the embedded database, the backup. On the embedded database every query waits for the
// one before it, so this is how long a guest's request can wait behind the back office.
import { addDays } from "../app/shared/dates.ts";

export interface GuestWait {
  /** What staff did. */
  work: string;
  /** How long that took, ms. */
  workMs: number;
  /** The slowest /healthz answered meanwhile, ms (probes one after the other). */
  slowestMs: number;
  /** How many probes were answered meanwhile. */
  probes: number;
}

async function fetchAll(url: string, cookie: string): Promise<number> {
  const response = await fetch(url, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  return response.status;
}

/** Probes /healthz one request after another until `work` settles; the work's time and the slowest probe. */
async function whileWorking(base: string, work: string, run: () => Promise<unknown>): Promise<GuestWait> {
  const started = performance.now();
  let done = false;
  const finished = run().finally(() => (done = true));
  let slowestMs = 0;
  let probes = 0;
  while (!done) {
    const probeStart = performance.now();
    await fetchAll(`${base}/healthz`, "");
    slowestMs = Math.max(slowestMs, performance.now() - probeStart);
    probes += 1;
  }
  await finished;
  return { work, workMs: Math.round(performance.now() - started), slowestMs: Math.round(slowestMs), probes };
}

/**
 * The guest-waits figures on a running server with a manager's `cookie`; `backUp` writes the
 * daily backup (null on PostgreSQL, whose backups are pg_dump's).
 */
export async function guestWaits(
  base: string,
  cookie: string,
  today: string,
  backUp: (() => Promise<void>) | null,
): Promise<GuestWait[]> {
  const requestsExport = () => fetchAll(`${base}/staff/export/requests`, cookie);
  const yearReport = () =>
    fetchAll(`${base}/staff/reports?show=range&from=${addDays(today, -365)}&to=${today}&compare=1`, cookie);
  const monthReport = () => fetchAll(`${base}/staff/reports?month=${today.slice(0, 7)}`, cookie);
  const waits = [
    await whileWorking(base, "Requests → Export (every request)", requestsExport),
    await whileWorking(base, "three exports and three year-long reports at once", () =>
      Promise.all([
        requestsExport(),
        requestsExport(),
        requestsExport(),
        yearReport(),
        yearReport(),
        yearReport(),
      ]),
    ),
    await whileWorking(base, "Reports, 366 days with the year before", yearReport),
    await whileWorking(base, "Reports, this month", monthReport),
  ];
  if (backUp) waits.push(await whileWorking(base, "the daily backup (npm run db:backup)", backUp));
  return waits;
}
