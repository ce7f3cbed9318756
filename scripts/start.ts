// `npm start`: build when the sources are newer than the build, then serve
// the production build (server/index.ts) on PORT.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { buildIsStale } from "./build-freshness.ts";

if (buildIsStale(process.cwd())) {
  console.info("Building the site (sources changed since the last build)…");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

process.env.NODE_ENV ??= "production";
const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
if (missing.length > 0 && typeof process.execve === "function") {
  // V8 reads its heap limits only at start: this process becomes the server with them (same pid,
  // no second process holding memory). The flags the user gave node are kept.
  const server = fileURLToPath(new URL("../server/index.ts", import.meta.url));
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, server], process.env);
}
await import("../server/index.ts");
