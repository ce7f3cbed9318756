// `npm run staff -- reset-password <email>`: prints a one-time password reset link for a staff
// account, e.g. for a manager who is locked out (docs/decisions/0011-staff-sign-in.md).
//
// The embedded database admits one process. With it, this command refuses while the server runs
// on the same folder (its DATA_DIR/server.pid names a live process, or its health check answers)
// and never opens the folder a second time. With DATABASE_URL it works beside the server.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { refuseWhileServerRuns } from "./running-server.ts";
import { BUILD_ENTRY, buildIsStale } from "./build-freshness.ts";

const [command, email] = process.argv.slice(2);
if (command !== "reset-password" || !email) {
  console.error("usage: npm run staff -- reset-password <email>");
  process.exit(2);
}

const dataDir = process.env.DATA_DIR || "./data";
const embedded = !process.env.DATABASE_URL;

if (embedded) await refuseWhileServerRuns(dataDir, "run this command again");

// The build's code does the work: rebuilt first when the sources are newer, as `npm start` does,
// so the command never runs code (or migrations) older than the checkout. The build's output goes
// to stderr: stdout holds only the link.
const ROOT = fileURLToPath(new URL("..", import.meta.url));
if (buildIsStale(ROOT)) {
  console.error("Building the site (sources changed since the last build)…");
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", process.stderr, process.stderr] });
}
const build = (await import(new URL(`../${BUILD_ENTRY}`, import.meta.url).href)) as {
  database: { close(): Promise<void> };
  staffConsole: { resetPassword(email: string): Promise<string | undefined> };
};
try {
  const link = await build.staffConsole.resetPassword(email);
  if (!link) {
    console.error(`No enabled staff account has the e-mail address ${email}.`);
    process.exitCode = 1;
  } else {
    console.info(`One-time password reset link for ${email} (works once, for one hour):\n${link}`);
  }
} finally {
  await build.database.close();
}
