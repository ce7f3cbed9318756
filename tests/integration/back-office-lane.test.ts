import { sql } from "kysely";
import { expect, it } from "vitest";
import { inBackOfficeLane, LANE_EMBEDDED, LANE_SERVER } from "../../app/shared/db/back-office.server.ts";
import { describeEachEngine } from "./test-database.ts";

// Staff work's queries take turns in a lane of their own (app/shared/db/back-office.server.ts):
// one at a time on the embedded database, so a guest's query waits behind one at most however
// much the back office has queued; a few at a time on PostgreSQL, never the whole pool.

describeEachEngine("the back office's lane", (getDatabase, engine) => {
  it("runs its queries a few at a time, and a guest's query waits for one of them at most", async () => {
    const db = getDatabase().db;
    // On PostgreSQL, connections open beforehand: opening one for the guest is not what is tested.
    await Promise.all(Array.from({ length: LANE_SERVER + 2 }, () => sql`select 1`.execute(db)));
    let running = 0;
    let most = 0;
    const finished: string[] = [];
    const staff = Array.from({ length: 3 * LANE_SERVER }, (_, i) =>
      inBackOfficeLane(db, async () => {
        running += 1;
        most = Math.max(most, running);
        await sql`select pg_sleep(0.1)`.execute(db);
        running -= 1;
        finished.push(`staff ${i}`);
      }),
    );
    // A guest's request arrives as an event of its own (a timer here, a socket's data in the
    // server): PGlite runs the staff queries on this thread, and the lane lets the event loop turn
    // between them, or the guest would be read only once every one had run.
    const guest = new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => sql`select 1`.execute(db))
      .then(() => finished.push("guest"));
    await Promise.all([...staff, guest]);
    expect(most).toBe(engine === "pglite" ? LANE_EMBEDDED : LANE_SERVER);
    // On PostgreSQL the guest's query has a connection of its own.
    expect(finished.indexOf("guest")).toBeLessThanOrEqual(engine === "pglite" ? 1 : 2 * LANE_SERVER - 1);
    expect(finished).toHaveLength(3 * LANE_SERVER + 1);
  });

  it("frees its place when a query fails", async () => {
    const db = getDatabase().db;
    const failures = await Promise.allSettled(
      Array.from({ length: 2 * LANE_SERVER }, () =>
        inBackOfficeLane(db, () => sql`select 1 / 0`.execute(db)),
      ),
    );
    for (const failure of failures) {
      expect(failure.status).toBe("rejected");
      expect(String((failure as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    }
    expect((await inBackOfficeLane(db, () => sql<{ n: number }>`select 2 as n`.execute(db))).rows).toEqual([
      { n: 2 },
    ]);
  });
});
