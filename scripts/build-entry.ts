// The production build's server entry, built first when it is missing, for
// the scripts that run app code (migrations, seed) outside the web server.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const BUILD_ENTRY = new URL("../build/server/index.js", import.meta.url);

export async function loadServerBuild(): Promise<{
  database: { close(): Promise<void> };
  migrate(): Promise<void>;
  seed(): Promise<void>;
}> {
  if (!existsSync(BUILD_ENTRY)) {
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }
  return import(BUILD_ENTRY.href);
}
