// The production build's server entry, built first when it is missing or older than the
// sources, for the scripts that run app code (migrations, seed, backups) outside the web server.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "./build-freshness.ts";

const BUILD_ENTRY = new URL("../build/server/index.js", import.meta.url);

export async function loadServerBuild(): Promise<{
  database: { close(): Promise<void> };
  migrate(): Promise<void>;
  seed(): Promise<void>;
}> {
  if (buildIsStale(fileURLToPath(new URL("..", import.meta.url)))) {
    // The build's output goes to stderr: stdout is the command's own answer (a backup's path).
    execFileSync("npm", ["run", "build"], { stdio: ["ignore", process.stderr, "inherit"] });
  }
  return import(BUILD_ENTRY.href);
}
