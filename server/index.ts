// The process entry: static files, compression and security headers, then
// the app (server/app.ts) — from Vite in development, from the build otherwise.
import closeWithGrace from "close-with-grace";
import express from "express";
import { cardWidgetScriptUrl } from "../app/features/payments/card-widget-url.ts";
import { answerCompression } from "./answer-compression.ts";
import { gracefulClose } from "./graceful-close.ts";
import { logger } from "../app/shared/logger.server.ts";
import { lastResort } from "./last-resort.ts";
import { requestLog } from "./request-log.ts";
import { securityHeaders, servedOverHttps } from "./security-headers.ts";
import { staticFiles } from "./static-files.ts";
import { createSiteServer, REQUEST_GRACE_MS, SHUTDOWN_GRACE_MS, siteServerTimeouts } from "./timeouts.ts";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUILD_PATH = new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href;

const server = express();
server.disable("x-powered-by");
// One JSON line per request (server/request-log.ts), first so it times the whole answer.
server.use(requestLog());
// The production build, its app and its kept pages (server/page-pipeline.ts). Kept pages come
// next: one is answered from memory with its own policy and headers, so it costs neither
// compression (it is compressed already), helmet's per-request nonce, a static file lookup nor
// the write guards' middleware.
const build = DEVELOPMENT ? null : await import(BUILD_PATH);
if (build) server.use(build.keptPages);
// Brotli where the browser takes it, else gzip (server/answer-compression.ts).
server.use(answerCompression());
// Vite's development client needs inline scripts; the CSP applies in production.
// The card widget's origin is let in on the payment step only (ADR 0018 "Cards").
const cardWidget = cardWidgetScriptUrl(process.env);
const security = securityHeaders({
  csp: !DEVELOPMENT,
  hsts: servedOverHttps(process.env.SITE_ORIGIN),
  cardWidgetOrigin: cardWidget ? new URL(cardWidget).origin : null,
});
// Built assets (scripts, styles, images) need only nosniff: a document's policies mean nothing
// to them, and ~600 bytes of headers on each of a page's dozens of asset responses cost a
// phone on a slow link real time.
server.use((req, res, next) => {
  if (DEVELOPMENT || !req.path.startsWith("/assets/")) return security(req, res, next);
  res.setHeader("X-Content-Type-Options", "nosniff");
  next();
});

let port = Number(process.env.PORT ?? 3000);
let shutdown: () => Promise<void> = async () => {};

if (DEVELOPMENT) {
  // `npm run dev` starts Node with --conditions=development, as Vite loads the
  // app: otherwise @react-router/express and the app would each get their own
  // copy of react-router, and the router context would not be recognised.
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  // The staff console's start-up step as in production (below): the setup link while no account
  // exists, its token file and DATA_DIR/server.pid. The pid file goes at exit, however the process
  // ends: in development another SIGTERM handler (Vite's) can end it before the stop below runs.
  const { staffConsole } = await vite.ssrLoadModule("./server/app.ts");
  claimDataFolder(staffConsole);
  staffConsole.start().catch((error: Error) => {
    logger.error({ error: error.message }, "database not ready at start");
  });
  process.once("exit", () => staffConsole.stop());
  server.use(vite.middlewares);
  server.use(async (req, res, next) => {
    try {
      const source = await vite.ssrLoadModule("./server/app.ts");
      return source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  port = build.env.PORT;
  // Before the mail, backup and payment workers, and before PGlite, whose start the build's
  // import began, reaches the folder (it first loads and compiles its WebAssembly).
  claimDataFolder(build.staffConsole);
  // Hashed file names never change content: cache them for a year. Unhashed files (favicon,
  // social card) may change with a deploy: a short cache.
  server.use("/assets", staticFiles(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  server.use(staticFiles(`${BUILD_DIR}/client`, { maxAge: "1h" }));
  // Every other page is rendered, and finished by the same pipeline.
  server.use(build.app);
  const mail = build.startMail();
  const backups = build.startBackups();
  const payments = build.startPayments?.();
  // `npm run db:backup` while the server runs asks it for a backup (scripts/db.ts): the embedded
  // database admits one process, so only the server can read it.
  if (backups) process.on("SIGUSR2", () => void backups.now());
  shutdown = async () => {
    build.staffConsole.stop();
    await backups?.stop();
    await payments?.stop();
    await mail.stop();
    await build.database.close();
  };
  // Prepare the database at start so the first guest does not wait for it;
  // a failure here is retried by the first request that needs it.
  // The staff console's setup link (while no account exists) comes with it.
  build.staffConsole.start().catch((error: Error) => {
    logger.error({ error: error.message }, "database not ready at start");
  });
}

server.use(lastResort);

/**
 * The embedded database admits one process: a second server on its data folder would corrupt it
 * (app/features/staff/staff-runtime.server.ts, `claimFolder`). Refuse to start instead.
 */
function claimDataFolder(staffConsole: { claimFolder: () => void }): void {
  try {
    staffConsole.claimFolder();
  } catch (error) {
    logger.error({ error: (error as Error).message }, "not starting: the data folder is in use");
    process.exit(1);
  }
}

const listener = createSiteServer(server);
// Installed now: a graceful stop must know every connection (server/graceful-close.ts).
const closeListener = gracefulClose(listener);
listener.listen(port, () => {
  // The timeouts as Node applies them (tests/e2e/edge.spec.ts reads them from this line).
  logger.info({ timeouts: siteServerTimeouts(listener) }, `listening on http://localhost:${port}`);
});

// SIGTERM/SIGINT: accept what already waits, stop accepting, answer every request received (with
// `Connection: close`), close connections once really idle, then close the database. Requests
// still running after REQUEST_GRACE_MS are cut off, and the whole stop is bounded by
// SHUTDOWN_GRACE_MS: the process must end for the next one to start (ADR 0006).
closeWithGrace(
  {
    delay: SHUTDOWN_GRACE_MS,
    logger: { error: (message) => logger.error(message) },
    // SIGUSR2 asks for a backup (above), it does not stop the server.
    skip: ["SIGUSR2"],
  },
  async ({ signal, err }) => {
    if (err) logger.error({ error: err.message }, "stopping after an uncaught error");
    else logger.info({ signal }, "stopping: finishing requests under way");
    const { cutOff } = await closeListener({ graceMs: REQUEST_GRACE_MS });
    if (cutOff > 0) logger.warn({ connections: cutOff }, "stopping: cut off requests still running");
    await shutdown();
    logger.info("stopped");
  },
);
