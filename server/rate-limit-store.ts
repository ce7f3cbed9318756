import type { IncrementResponse, Options, Store } from "express-rate-limit";
import type { DB } from "../app/shared/db/client.server.ts";
import {
  hitRateLimit,
  readRateLimit,
  resetRateLimit,
  sweepRateLimits,
  undoRateLimitHit,
} from "../app/shared/db/rate-limit-counters.server.ts";

/**
 * express-rate-limit's counters in PostgreSQL (table rate_limit_counters), so every instance of
 * the site on one database shares one limit per client (ADR 0006). Used with DATABASE_URL; the
 * embedded database serves one process, whose memory store is enough.
 */
export class DatabaseStore implements Store {
  /** Counts are shared between instances: the library must not assume otherwise. */
  localKeys = false;
  prefix = "write:";
  private windowMs = 60_000;
  private hitsSinceSweep = 0;

  private readonly database: () => Promise<DB>;

  constructor(database: () => Promise<DB>) {
    this.database = database;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string) {
    const row = await readRateLimit(await this.database(), this.prefix + key);
    return row && { totalHits: row.hits, resetTime: row.resetsAt };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const db = await this.database();
    // Now and then, forget ended windows so the table stays as small as the set of live clients.
    if (++this.hitsSinceSweep >= 500) {
      this.hitsSinceSweep = 0;
      await sweepRateLimits(db);
    }
    const row = await hitRateLimit(db, this.prefix + key, this.windowMs);
    return { totalHits: row.hits, resetTime: row.resetsAt };
  }

  async decrement(key: string): Promise<void> {
    await undoRateLimitHit(await this.database(), this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await resetRateLimit(await this.database(), this.prefix + key);
  }
}
