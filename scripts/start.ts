// `npm start`: build when the sources are newer than the build, then serve
// the production build (server/index.ts) on PORT.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_FLAGS, withServerEnv } from "../server/node-flags.ts";
import { buildIsStale } from "./build-freshness.ts";

if (buildIsStale(process.cwd())) {
  console.info("Building the site (sources changed since the last build)…");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

process.env.NODE_ENV ??= "production";
const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
const envMissing = Object.keys(SERVER_ENV).some((name) => process.env[name] === undefined);
if ((missing.length > 0 || envMissing) && typeof process.execve === "function") {
  // V8 reads its heap limits, and the C allocator its arenas, only at start: this process becomes
  // the server with them (same pid, no second process holding memory). The flags the user gave
  // node, and the environment they set, are kept.
  const server = fileURLToPath(new URL("../server/index.ts", import.meta.url));
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...missing, server],
    withServerEnv(process.env),
  );
}
await import("../server/index.ts");
