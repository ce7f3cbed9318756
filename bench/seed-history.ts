// `npm run db:seed-history`: adds ten years of a busy lodge's history (bench/history-seed.ts)
// to the configured database (DATA_DIR, or DATABASE_URL), for measuring the staff console at
// scale (docs/performance.md). Never run by `npm start`; refuses a database that
// already holds guest requests, so it cannot mix invented guests into a real lodge's data.
import { seedHistory } from "./history-seed.ts";
import type { DB } from "../app/shared/db/client.server.ts";
import { loadServerBuild } from "../scripts/build-entry.ts";
import { refuseWhileServerRuns } from "../scripts/running-server.ts";

const dataDir = process.env.DATA_DIR || "./data";
if (!process.env.DATABASE_URL) await refuseWhileServerRuns(dataDir, "run npm run db:seed-history again");
const build = (await loadServerBuild()) as Awaited<ReturnType<typeof loadServerBuild>> & {
  database: { db: DB };
};
try {
  await build.migrate();
  await build.seed();
  const started = Date.now();
  const counts = await seedHistory(build.database.db);
  console.info(`History added in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await build.database.close();
}
