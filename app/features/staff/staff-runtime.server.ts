import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseHandle } from "~/shared/db/database.server.ts";
import {
  countStaffAccounts,
  findAccountByEmail,
  issuePasswordReset,
  issueStaffToken,
} from "~/features/staff/staff-accounts.server.ts";
import type { Env } from "~/shared/env.server.ts";
import { livePidIn } from "../../shared/process-alive.ts";
import { hashToken, newToken } from "./staff-tokens.server.ts";

/** `claimFolder` found the embedded database's folder held by another live server. */
export class DataFolderInUse extends Error {
  readonly folder: string;
  readonly pid: number;

  constructor(folder: string, pid: number) {
    super(
      `The embedded database in ${folder} is in use by process ${pid} (its server.pid), and admits ` +
        `one process: stop that server first (if no server runs there, delete ${folder}/server.pid).`,
    );
    this.folder = folder;
    this.pid = pid;
  }
}

/** The page a one-time link opens. */
export function oneTimeLink(siteOrigin: string, token: string): string {
  return new URL(`/staff/set-password?token=${token}`, siteOrigin).href;
}

/** Whether the embedded database lives in a folder (not in memory, not a PostgreSQL server). */
function embeddedFolder(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): string | null {
  return env.DATABASE_URL || env.DATA_DIR.startsWith("memory://") ? null : env.DATA_DIR;
}

/**
 * The staff console's start-up duties and command line (docs/decisions/0011-staff-sign-in.md):
 * - While no account exists, each start prints a one-time setup link (and, with the embedded
 *   database, writes its token to DATA_DIR/staff-setup-token); the setup removes the file.
 * - With the embedded database the server writes DATA_DIR/server.pid, so `npm run staff` can
 *   refuse to open the folder a second time while the server runs, and so can a second server
 *   (`claimFolder`): two PostgreSQL instances writing one data folder corrupt it, until it no
 *   longer starts ("PGlite failed to initialize properly").
 */
export function staffConsoleRuntime(database: DatabaseHandle, env: Env) {
  const folder = embeddedFolder(env);
  const setupTokenFile = folder ? join(folder, "staff-setup-token") : null;
  const pidFile = folder ? join(folder, "server.pid") : null;

  /**
   * Makes this process the folder's server, or throws DataFolderInUse while its server.pid names
   * another live process. A pid file left by a server that did not stop cleanly is taken over.
   */
  function claimFolder(): void {
    if (!folder || !pidFile) return;
    // The database may not have created its folder yet.
    mkdirSync(folder, { recursive: true });
    const holder = livePidIn(pidFile);
    if (holder !== null && holder !== process.pid) throw new DataFolderInUse(folder, holder);
    writeFileSync(pidFile, `${process.pid}\n`);
  }

  return {
    setupTokenFile,
    pidFile,
    claimFolder,

    /** Called by the server as it starts, once it has claimed the folder (`claimFolder`). */
    async start(): Promise<void> {
      const db = await database.ready();
      if ((await countStaffAccounts(db)) > 0) {
        if (setupTokenFile) rmSync(setupTokenFile, { force: true });
        return;
      }
      const token = newToken();
      await issueStaffToken(db, "setup", hashToken(token), null);
      if (setupTokenFile) writeFileSync(setupTokenFile, `${token}\n`, { mode: 0o600 });
      console.info(
        JSON.stringify({
          level: "info",
          msg: "no staff account yet: open this one-time link within 24 hours to create the first manager",
          link: oneTimeLink(env.SITE_ORIGIN, token),
        }),
      );
    },

    /** Called by the server as it stops. */
    stop(): void {
      if (pidFile && existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() === String(process.pid)) {
        rmSync(pidFile, { force: true });
      }
    },

    /** `npm run staff -- reset-password <email>`: a one-time reset link, or undefined. */
    async resetPassword(email: string): Promise<string | undefined> {
      const db = await database.ready();
      const account = await findAccountByEmail(db, email);
      if (!account || account.disabledAt) return undefined;
      const token = newToken();
      if (!(await issuePasswordReset(db, null, account.id, hashToken(token)))) return undefined;
      return oneTimeLink(env.SITE_ORIGIN, token);
    },
  };
}
