import { existsSync, readFileSync } from "node:fs";

/** Whether a process with this pid runs (one of another user's counts: signalling it is refused). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid a pid file names when that process runs; null without the file, or when it is stale. */
export function livePidIn(pidFile: string): number | null {
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").trim()) : NaN;
  return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : null;
}
