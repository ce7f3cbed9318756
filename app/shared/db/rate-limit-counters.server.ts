import { sql } from "kysely";
import type { DB } from "./client.server.ts";

export interface RateLimitHit {
  hits: number;
  resetsAt: Date;
}

/**
 * Counts one hit for `key` in its current window, in one statement: the first hit (or the
 * first after the window ran out) starts a new window of `windowMs`; others add one. Several
 * instances hitting one key at once each get a distinct count, as the row is locked by the
 * upsert. The window runs on the database's clock, shared by every instance.
 */
export async function hitRateLimit(db: DB, key: string, windowMs: number): Promise<RateLimitHit> {
  const resetsAt = sql<Date>`now() + make_interval(secs => ${windowMs / 1000})`;
  const expired = sql<boolean>`rate_limit_counters.resets_at <= now()`;
  return db
    .insertInto("rateLimitCounters")
    .values({ key, hits: 1, resetsAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limit_counters.hits + 1 end`,
        resetsAt: sql<Date>`case when ${expired} then excluded.resets_at else rate_limit_counters.resets_at end`,
      }),
    )
    .returning(["hits", "resetsAt"])
    .executeTakeFirstOrThrow();
}

/** The count and window end for `key`, if it has a live window. */
export async function readRateLimit(db: DB, key: string): Promise<RateLimitHit | undefined> {
  return db
    .selectFrom("rateLimitCounters")
    .select(["hits", "resetsAt"])
    .where("key", "=", key)
    .where("resetsAt", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

/** Takes back one hit (express-rate-limit's skip options). */
export async function undoRateLimitHit(db: DB, key: string): Promise<void> {
  await db
    .updateTable("rateLimitCounters")
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where("key", "=", key)
    .execute();
}

export async function resetRateLimit(db: DB, key: string): Promise<void> {
  await db.deleteFrom("rateLimitCounters").where("key", "=", key).execute();
}

/** Forgets windows that ended: they would only be reset by the next hit anyway. */
export async function sweepRateLimits(db: DB): Promise<void> {
  await db
    .deleteFrom("rateLimitCounters")
    .where("resetsAt", "<=", sql<Date>`now()`)
    .execute();
}
