import { sql } from "kysely";
import { expect, it, vi } from "vitest";
import { warmUpBackOffice } from "../../app/features/reports/back-office-warm-up.server.ts";
import { readReportsVersion } from "../../app/features/reports/report-cache.server.ts";
import type { DB } from "../../app/shared/db/client.server.ts";
import { openDatabase } from "../../app/shared/db/database.server.ts";
import { lodgeToday } from "../../app/shared/dates.ts";
import { logger } from "../../app/shared/logger.server.ts";
import { describeEachEngine, throwawayDatabase } from "./test-database.ts";

// The back office's long reads run once before the embedded database is ready
// (app/features/reports/back-office-warm-up.server.ts): read only, and never in the way of a start.

describeEachEngine("the back office's warm-up", (getDatabase, engine) => {
  it("runs this month's report and the exports' first slices, and writes nothing", async () => {
    const db = getDatabase().db;
    const rows = () =>
      sql<{ n: string }>`select (select count(*) from outbox) + (select count(*) from request_history) as n`
        .execute(db)
        .then((result) => result.rows[0]?.n);
    const [version, before] = [await readReportsVersion(db), await rows()];
    await warmUpBackOffice(db, lodgeToday());
    expect(await readReportsVersion(db)).toBe(version);
    expect(await rows()).toBe(before);
  });

  it(`runs before the database is ready ${engine === "pglite" ? "on the embedded one" : "never on a server"}, and its failure only logs`, async () => {
    const { config, dropDatabase } = await throwawayDatabase(engine, { migrated: true });
    const seen: DB[] = [];
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const handle = openDatabase(config, {
      warmUp: async (db) => {
        seen.push(db);
        throw new Error("the warm-up failed");
      },
    });
    try {
      const db = await handle.ready();
      expect(seen).toEqual(engine === "pglite" ? [db] : []);
      expect(warn.mock.calls.map(([, message]) => message)).toEqual(
        engine === "pglite" ? ["warming up the back office's reads failed"] : [],
      );
      await handle.ready();
      expect(seen).toHaveLength(engine === "pglite" ? 1 : 0);
    } finally {
      warn.mockRestore();
      await handle.close();
      await dropDatabase();
    }
  });
});
