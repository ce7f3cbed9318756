// Whether the server runs on the embedded database in a data folder. The embedded database
// admits one process: the scripts that open it (`npm run db:*`, `npm run staff`) must not while
// the server runs, and `npm run db:backup` asks the server instead.
import { join } from "node:path";
import { livePidIn } from "../app/shared/process-alive.ts";

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

/**
 * The pid of the server running on `dataDir` (its DATA_DIR/server.pid, written at start, names a
 * live process), 0 when one answers on PORT without such a file, or null when none runs.
 */
export async function runningServer(dataDir: string): Promise<number | null> {
  const pid = livePidIn(join(dataDir, "server.pid"));
  if (pid !== null) return pid;
  return (await serverAnswers()) ? 0 : null;
}

/** Ends the script with a clear message while the server runs on the embedded `dataDir`. */
export async function refuseWhileServerRuns(dataDir: string, what: string): Promise<void> {
  if ((await runningServer(dataDir)) === null) return;
  console.error(
    `The server is running on the embedded database in ${dataDir}, which admits one process.\n` +
      `Stop the server (Ctrl+C or SIGTERM), ${what}, then start the server again.\n` +
      "(With DATABASE_URL, the database is a server of its own and this does not apply.)",
  );
  process.exit(1);
}
