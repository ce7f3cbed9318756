// `npm run db:migrate` / `npm run db:seed` against DATA_DIR or DATABASE_URL.
// Both also run by themselves when the server starts; both are idempotent.
import { loadServerBuild } from "./build-entry.ts";

const task = process.argv[2];
if (task !== "migrate" && task !== "seed") {
  console.error("usage: node scripts/db.ts migrate|seed");
  process.exit(2);
}
const build = await loadServerBuild();
try {
  await (task === "migrate" ? build.migrate() : build.seed());
  console.info(task === "migrate" ? "Database migrated." : "Database seeded.");
} finally {
  await build.database.close();
}
