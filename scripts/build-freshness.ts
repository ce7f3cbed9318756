// Whether the production build is older than the sources it is built from: `npm start`
// (scripts/start.ts) and `npm run staff` (scripts/staff.ts) rebuild first. A stale build would
// serve last week's site, or reset a password with last week's code and migrations.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const BUILD_ENTRY = "build/server/index.js";
/** What `npm run build` reads. */
export const BUILD_SOURCES = [
  "app",
  "server",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

/** True when `root` has no build, or a source changed after it was built. */
export function buildIsStale(root: string): boolean {
  const entry = join(root, BUILD_ENTRY);
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  return builtAt < Math.max(...BUILD_SOURCES.map((source) => newestChange(join(root, source))));
}
