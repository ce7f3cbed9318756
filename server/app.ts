import { createRequestHandler } from "@react-router/express";
import { join } from "node:path";
import express from "express";
import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import {
  clientAddressContext,
  databaseContext,
  nonceContext,
  pageKeepingContext,
  pagePipelineContext,
  siteOriginContext,
  staffSetupFileContext,
  writeAllowedContext,
} from "../app/shared/context.server.ts";
import { openDatabase, type DatabaseHandle } from "../app/shared/db/database.server.ts";
import { BACKUPS_FOLDER, scheduleBackups } from "../app/shared/db/backups.server.ts";
import { dataVersionReader } from "../app/shared/db/data-version.server.ts";
import { migrateToLatest } from "../app/shared/db/migrate.server.ts";
import { seedDatabase } from "../app/shared/db/seed.server.ts";
import { parseEnv } from "../app/shared/env.server.ts";
import { startMailDelivery } from "../app/features/mail/outbox-worker.server.ts";
import { startFiscalisation } from "../app/features/fiscal/fiscal-worker.server.ts";
import { logger } from "../app/shared/logger.server.ts";
import { staffConsoleRuntime } from "../app/features/staff/staff-runtime.server.ts";
import { startPaymentReconciler } from "../app/features/payments/deposits.server.ts";
import { startChannelSync } from "../app/features/channels/channel-sync.server.ts";
import { warmUpBackOffice } from "../app/features/reports/back-office-warm-up.server.ts";
import { startHousekeeping as startHousekeepingWorker } from "../app/features/housekeeping/housekeeping.server.ts";
import {
  channelSettingsContext,
  type ChannelSettings,
} from "../app/features/channels/channel-settings.server.ts";
import { paymentProviderContext } from "../app/features/payments/payment-provider.server.ts";
import {
  LENCO_WEBHOOK_PATH,
  paymentProviderFromEnv,
} from "../app/features/payments/payment-config.server.ts";
import { BODY_LIMIT_BYTES, bodyLimit } from "./body-limit.ts";
import { formBodiesOnly } from "./form-bodies.ts";
import { forwardedHost } from "./forwarded-host.ts";
import { sameOriginWrites } from "./origin-check.ts";
import { pagePipeline } from "./page-pipeline.ts";
import { paymentWebhook } from "./payment-webhook.ts";
import { DatabaseStore } from "./rate-limit-store.ts";
import { writeRateLimit } from "./rate-limit.ts";
import { contentSecurityPolicy, documentHeaders, servedOverHttps } from "./security-headers.ts";
import { isStaffPath } from "./staff-paths.ts";

// This module is the server build's entry (vite.config.ts): the request
// handler, the database and the router context share one module graph.

export const env = parseEnv();

// In development Vite re-evaluates this module on every change; keep one
// database across reloads, since PGlite allows one process per data folder.
const globalStore = globalThis as typeof globalThis & { __lodgeDatabase?: DatabaseHandle };
export const database: DatabaseHandle = (globalStore.__lodgeDatabase ??= openDatabase(
  { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR },
  { warmUp: warmUpBackOffice },
));

/** For `npm run db:migrate` and `npm run db:seed` (scripts/db.ts). */
export const migrate = () => migrateToLatest(database.db);
export const seed = async () => {
  await migrateToLatest(database.db);
  await seedDatabase(database.db);
};

/** The key of kept pages that show database data (server/page-pipeline.ts, ADR 0013). */
const readVersion = dataVersionReader(database.db, database.writes);
const dataVersion = async () => {
  await database.ready();
  return readVersion();
};

/**
 * Started by the process (server/lifecycle.ts), not on import: `npm run db:*` and `npm run staff`
 * load this too.
 */
export const startMail = () => startMailDelivery(() => database.ready(), env);
/** Fiscal tax invoices (decisions.md 37): sends the queue to the VSDC; does nothing without one. */
export const startFiscal = () => startFiscalisation(() => database.ready(), env);
/**
 * Daily backups of the embedded database into DATA_DIR/backups (decisions.md 29), started by the
 * process; null with a PostgreSQL server (its own tools back it up) or in memory.
 */
export const startBackups = () => {
  const { pglite } = database;
  if (!pglite || env.DATABASE_URL || env.DATA_DIR.startsWith("memory://")) return null;
  return scheduleBackups(
    async () => {
      await database.ready();
      return pglite;
    },
    join(env.DATA_DIR, BACKUPS_FOLDER),
    logger,
  );
};

/** Online deposits (ADR 0018): null without LENCO_API_TOKEN, and then nothing is paid online. */
export const paymentProvider = paymentProviderFromEnv(env);
/**
 * The payment reconciler (expired holds, webhooks that never came), started by the process
 * like the mail worker; null without a provider.
 */
export const startPayments = () =>
  paymentProvider
    ? startPaymentReconciler({ database: () => database.ready(), provider: paymentProvider })
    : null;
/** Calendar sync (decisions.md 36): reads the channels' feeds every CHANNEL_SYNC_MINUTES. */
const channelSettings: ChannelSettings = {
  intervalMinutes: env.CHANNEL_SYNC_MINUTES,
  graceMinutes: env.CHANNEL_RELEASE_GRACE_MINUTES,
};
export const startChannels = () => startChannelSync({ database: () => database.ready(), ...channelSettings });
/** Housekeeping's morning (ADR 0026): occupied rooms Dirty for their stay-over, once a day. */
export const startHousekeeping = () =>
  startHousekeepingWorker({
    database: () => database.ready(),
    stayOver: env.HOUSEKEEPING_STAYOVER === "on",
  });

/** The staff console's start-up duties and its command line (scripts/staff.ts). */
export const staffConsole = staffConsoleRuntime(database, env);

export const app = express();
app.disable("x-powered-by");
// A hop count or the proxies' addresses, never `true` (app/shared/env.server.ts, ADR 0006).
app.set("trust proxy", env.TRUST_PROXY);
// The public host from a trusted proxy is the request's Host from here on (React Router's URL).
app.use(forwardedHost());

// The payment provider's webhook: JSON signed by the provider, not a form of this site (ADR 0018).
if (paymentProvider) {
  app.post(LENCO_WEBHOOK_PATH, ...paymentWebhook(() => database.ready(), paymentProvider));
}

app.use(sameOriginWrites(env.SITE_ORIGIN));
app.use(formBodiesOnly());
app.use(bodyLimit(BODY_LIMIT_BYTES));
// The staff console is for nobody's search results and no shared cache: its pages and
// its data requests, including the index page's own `/staff.data`, which a mount on "/staff"
// would not reach.
app.use((req, res, next) => {
  if (!isStaffPath(req.path)) return next();
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
  res.setHeader("Cache-Control", "no-store");
  next();
});
// With PostgreSQL, instances share their counters; the embedded database has one instance.
const rateLimitStore = env.DATABASE_URL ? new DatabaseStore(() => database.ready()) : undefined;
app.use(writeRateLimit(env.WRITE_RATE_LIMIT, rateLimitStore));

app.get("/healthz", async (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  try {
    const db = await database.ready();
    await sql`select 1`.execute(db);
    res.json({ status: "ok" });
  } catch {
    res.status(503).json({ status: "unavailable" });
  }
});

// A production build never changes under a running process: import it once, not per request.
const serverBuild = import.meta.env.DEV ? null : await import("virtual:react-router/server-build");

// What becomes of a rendered page (ADR 0016): a kept one is answered before anything else
// (`keptPages`, mounted first by server/index.ts); the server render (app/entry.server.tsx)
// hands every other to the same pipeline, whole. Pages are kept in development too: Vite
// evaluates this module again after an edit to anything it imports, so the cache starts empty.
const pages = pagePipeline({
  csp: contentSecurityPolicy,
  production: !import.meta.env.DEV,
  keepPages: true,
  dataVersion,
  clientDir: serverBuild?.assetsBuildDirectory,
  documentHeaders: documentHeaders({ hsts: servedOverHttps(env.SITE_ORIGIN) }),
});
export const keptPages = pages.serveKept;
app.use(
  createRequestHandler({
    build: serverBuild ?? (() => import("virtual:react-router/server-build")),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(databaseContext, database);
      context.set(nonceContext, String(res.locals.nonce ?? ""));
      context.set(writeAllowedContext, res.locals.writeAllowed !== false);
      context.set(siteOriginContext, env.SITE_ORIGIN);
      context.set(clientAddressContext, req.ip ?? "unknown");
      context.set(staffSetupFileContext, staffConsole.setupTokenFile);
      context.set(pageKeepingContext, { freshValues: [], degraded: false });
      context.set(pagePipelineContext, pages.forRender(req, res));
      context.set(paymentProviderContext, paymentProvider);
      context.set(channelSettingsContext, channelSettings);
      return context;
    },
  }),
);
