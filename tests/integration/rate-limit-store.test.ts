import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, it } from "vitest";
import { hitRateLimit } from "../../app/shared/db/rate-limit-counters.server.ts";
import { DatabaseStore } from "../../server/rate-limit-store.ts";
import { writeRateLimit } from "../../server/rate-limit.ts";
import { describeEachEngine } from "./test-database.ts";

// With PostgreSQL the write counters live in the database, so several
// instances of the site share one limit per client.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describeEachEngine("rate-limit counters in the database", (getDatabase) => {
  /** One instance of the site: its own Express app and store object, on the shared database. */
  async function instance(limit: number): Promise<string> {
    const app = express();
    app.use(writeRateLimit(limit, new DatabaseStore(async () => getDatabase().db)));
    app.post("/", (_req, res) => res.json({ writeAllowed: res.locals.writeAllowed }));
    const server = http.createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("shares one limit between two instances", async () => {
    await getDatabase().db.deleteFrom("rateLimitCounters").execute();
    const [first, second] = [await instance(3), await instance(3)];
    const verdicts: boolean[] = [];
    for (const url of [first, second, first, second, first, second]) {
      const response = await fetch(url, { method: "POST" });
      verdicts.push(((await response.json()) as { writeAllowed: boolean }).writeAllowed);
      if (verdicts.length > 3) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(verdicts).toEqual([true, true, true, false, false, false]);
  });

  it("counts simultaneous hits exactly once each, and starts a new window after the last ends", async () => {
    const db = getDatabase().db;
    const hits = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(db, "burst", 60_000)));
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );

    await hitRateLimit(db, "short", 1);
    await db
      .updateTable("rateLimitCounters")
      .set({ resetsAt: new Date(Date.now() - 60_000) })
      .where("key", "=", "short")
      .execute();
    expect((await hitRateLimit(db, "short", 60_000)).hits).toBe(1);
  });
});
