import { takingTurns, type TakingTurns } from "../taking-turns.server.ts";
import type { DB } from "./client.server.ts";

// The back office's lane (docs/decisions/0030-long-work-in-slices.md). Long staff work (an export
// of every request, a report read for the first time) is many short queries, and those queries
// take turns in a lane of their own: one at a time on the embedded database, which runs one query
// at a time for everybody, so a guest's query waits behind one of them at most however many
// exports and reports run; a few at a time on PostgreSQL, so that staff work never holds every
// connection of the pool the guests share.

/** Back-office queries at once: the embedded database runs one query at a time in all. */
export const LANE_EMBEDDED = 1;
/** Of the pool's 10 connections (client.server.ts), the rest stay free for guests. */
export const LANE_SERVER = 4;

const lanes = new WeakMap<DB, TakingTurns>();

/** Gives `db` its lane; `embedded` for PGlite (client.server.ts `connect`). */
export function openBackOfficeLane(db: DB, embedded: boolean): void {
  lanes.set(db, takingTurns(embedded ? LANE_EMBEDDED : LANE_SERVER));
}

/**
 * Runs one back-office query in `db`'s lane, after those queued before it and a turn of the event
 * loop (taking-turns.server.ts): PGlite runs its queries on this thread, and a request that arrives
 * during a report's slice is read before the next slice. `read` must be one short query (or a few
 * in a row) and must not itself wait for the lane, or it would wait for itself. A database opened
 * without a lane (a transaction's) runs it at once.
 */
export function inBackOfficeLane<T>(db: DB, read: () => Promise<T>): Promise<T> {
  const lane = lanes.get(db);
  return lane ? lane(read) : read();
}
