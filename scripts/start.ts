// `npm start`: build when the sources are newer than the build, then serve
// the production build (server/index.ts) on PORT.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const BUILD_ENTRY = "build/server/index.js";
const SOURCES = ["app", "server", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestChange))) {
  console.info("Building the site (sources changed since the last build)…");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

process.env.NODE_ENV ??= "production";
await import("../server/index.ts");
