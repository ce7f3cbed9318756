// `npm run staff -- reset-password <email>`: prints a one-time password reset link for a staff
// account, e.g. for a manager who is locked out (docs/decisions/0011-staff-sign-in.md).
//
// The embedded database admits one process. With it, this command refuses while the server runs
// on the same folder (its DATA_DIR/server.pid names a live process, or its health check answers)
// and never opens the folder a second time. With DATABASE_URL it works beside the server.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";

const [command, email] = process.argv.slice(2);
if (command !== "reset-password" || !email) {
  console.error("usage: npm run staff -- reset-password <email>");
  process.exit(2);
}

const dataDir = process.env.DATA_DIR || "./data";
const embedded = !process.env.DATABASE_URL;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`, {
      signal: AbortSignal.timeout(1500),
    });
    return response.status > 0;
  } catch {
    return false;
  }
}

if (embedded) {
  const pidFile = join(dataDir, "server.pid");
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").trim()) : NaN;
  if ((Number.isInteger(pid) && pid > 0 && processAlive(pid)) || (await serverAnswers())) {
    console.error(
      `The server is running on the embedded database in ${dataDir}, which admits one process.\n` +
        "Stop the server (Ctrl+C or SIGTERM), run this command again, then start the server.\n" +
        "(With DATABASE_URL, this command works while the server runs.)",
    );
    process.exit(1);
  }
}

const BUILD_ENTRY = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(BUILD_ENTRY)) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
const build = (await import(BUILD_ENTRY.href)) as {
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
