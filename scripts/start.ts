// `npm start`: build when the sources are newer than the build, then serve
// the production build (server/index.ts) on PORT.
import { execFileSync } from "node:child_process";
import { buildIsStale } from "./build-freshness.ts";

if (buildIsStale(process.cwd())) {
  console.info("Building the site (sources changed since the last build)…");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

process.env.NODE_ENV ??= "production";
await import("../server/index.ts");
