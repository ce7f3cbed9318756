import { logger } from "../app/shared/logger.server.ts";
import type * as AppModule from "./app.ts";

/**
 * What the server process runs beside its requests, started and stopped here for `npm run dev`
 * and the production server alike (server/index.ts): the claim on the embedded database's folder,
 * the staff console's start-up step, the mail worker, the payment reconciler, the calendar sync,
 * housekeeping's morning and the daily backups. The stop ends them, then closes the database.
 *
 * Each worker turns itself off where a test or deployment needs it to: no SMTP_URL, no mail
 * worker; no LENCO_API_TOKEN, no reconciler; PostgreSQL or an in-memory database, no backups
 * (server/app.ts).
 */

/** What this needs of server/app.ts, whether Vite loaded it (development) or the build. */
type SiteModule = Pick<
  typeof AppModule,
  | "database"
  | "staffConsole"
  | "startMail"
  | "startBackups"
  | "startPayments"
  | "startChannels"
  | "startHousekeeping"
  | "startFiscal"
>;

interface SiteLifecycle {
  /** Stops the workers (each finishes what it has under way), then closes the database. */
  stop(): Promise<void>;
}

/**
 * Call once per process, right after the app's module is loaded: the folder is claimed before
 * PGlite, whose start the import began, reaches it (it first loads and compiles its WebAssembly).
 * While another live server holds the folder the process ends here, having started nothing.
 */
export function startSiteLifecycle(site: SiteModule): SiteLifecycle {
  try {
    // The embedded database admits one process: a second server on its folder would corrupt it
    // (app/features/staff/staff-runtime.server.ts, `claimFolder`).
    site.staffConsole.claimFolder();
  } catch (error) {
    logger.error({ error: (error as Error).message }, "not starting: the data folder is in use");
    process.exit(1);
  }
  // The pid file goes however the process ends, even if the stop below never runs or never ends.
  process.once("exit", () => site.staffConsole.stop());

  const mail = site.startMail();
  const backups = site.startBackups();
  const payments = site.startPayments();
  const channels = site.startChannels();
  const housekeeping = site.startHousekeeping();
  const fiscal = site.startFiscal();
  let stopping: Promise<void> | undefined;
  // `npm run db:backup` while the server runs asks it for a backup (scripts/db.ts): the embedded
  // database admits one process, so only the server can read it. The listener stays for the whole
  // process: without one, SIGUSR2 would end it.
  if (backups) {
    process.on("SIGUSR2", () => {
      if (!stopping) void backups.now();
    });
  }

  // The database is prepared now so the first guest does not wait for it; a failure is retried by
  // the first request that needs it. The staff console's setup link (while no account exists)
  // comes with it.
  site.staffConsole.start().catch((error: Error) => {
    logger.error({ error: error.message }, "database not ready at start");
  });

  return {
    stop() {
      stopping ??= (async () => {
        // Together: each waits only for its own work under way, and all of it needs the database.
        const workers = Promise.all([
          backups?.stop(),
          payments?.stop(),
          mail.stop(),
          channels.stop(),
          housekeeping.stop(),
          fiscal.stop(),
        ]);
        logger.info("stopping: the mail worker, payments and backups finish what they have under way");
        await workers;
        await site.database.close();
        // Only now may another server open the folder.
        site.staffConsole.stop();
      })();
      return stopping;
    },
  };
}
