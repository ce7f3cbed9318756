// The process entry: static files, compression and security headers, then
// the app (server/app.ts) — from Vite in development, from the build otherwise.
// What runs beside the requests starts and stops in server/lifecycle.ts, in both.
import closeWithGrace from "close-with-grace";
import express, { type RequestHandler } from "express";
import { cardWidgetScriptUrl } from "../app/features/payments/card-widget-url.ts";
import { answerCompression } from "./answer-compression.ts";
import { gracefulClose } from "./graceful-close.ts";
import { logger } from "../app/shared/logger.server.ts";
import { lastResort } from "./last-resort.ts";
import { startSiteLifecycle } from "./lifecycle.ts";
import { requestLog } from "./request-log.ts";
import { securityHeaders, servedOverHttps } from "./security-headers.ts";
import { staticFiles } from "./static-files.ts";
import { createSiteServer, REQUEST_GRACE_MS, SHUTDOWN_GRACE_MS, siteServerTimeouts } from "./timeouts.ts";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUILD_PATH = new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href;

// `npm run dev` starts Node with --conditions=development, as Vite loads the app: otherwise
// @react-router/express and the app would each get their own copy of react-router, and the router
// context would not be recognised.
const vite = DEVELOPMENT ? await viteDevServer() : null;
/** The app (server/app.ts): Vite's current evaluation of the sources, or the production build. */
const loadSite = vite ? () => vite.ssrLoadModule("./server/app.ts") : null;
const site = loadSite ? await loadSite() : await import(BUILD_PATH);
// The data folder's claim, the workers and the database live as long as the process, in
// development too: started from the app as first loaded, so an edit to a worker takes a restart.
const lifecycle = startSiteLifecycle(site);

const server = express();
server.disable("x-powered-by");
// One JSON line per request (server/request-log.ts), first so it times the whole answer.
server.use(requestLog());
// Kept pages (server/page-pipeline.ts) come next, in development too: one is answered from memory
// with its own policy and headers, so it costs neither compression (in production it is compressed
// already), helmet's per-request nonce, a static file lookup nor the write guards' middleware.
server.use(loadSite ? fromCurrentSite(loadSite, "keptPages") : site.keptPages);
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
if (vite && loadSite) {
  server.use(vite.middlewares);
  server.use(fromCurrentSite(loadSite, "app"));
} else {
  port = site.env.PORT;
  // Hashed file names never change content: cache them for a year. Unhashed files (favicon,
  // social card) may change with a deploy: a short cache.
  server.use("/assets", staticFiles(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  server.use(staticFiles(`${BUILD_DIR}/client`, { maxAge: "1h" }));
  // Every other page is rendered, and finished by the same pipeline.
  server.use(site.app);
}

server.use(lastResort);

/**
 * Vite in middleware mode. React Router's plugin starts a second Vite server of its own (to read
 * route modules), which ends the process on SIGTERM as soon as it has closed itself: its listener
 * is taken off, so that the stop below runs, in development as in production, and closes Vite.
 */
async function viteDevServer() {
  const before = new Set(process.listeners("SIGTERM"));
  const dev = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  for (const listener of process.listeners("SIGTERM")) {
    if (!before.has(listener)) process.off("SIGTERM", listener);
  }
  return dev;
}

/**
 * In development, a handler of the app as Vite evaluates it now: after an edit, the next request
 * runs the new code.
 */
function fromCurrentSite(
  load: () => Promise<Record<string, unknown>>,
  name: "app" | "keptPages",
): RequestHandler {
  return async (req, res, next) => {
    try {
      const handler = (await load())[name] as RequestHandler;
      return handler(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite?.ssrFixStacktrace(error);
      next(error);
    }
  };
}

const listener = createSiteServer(server);
// Installed now: a graceful stop must know every connection (server/graceful-close.ts).
const closeListener = gracefulClose(listener);
listener.listen(port, () => {
  // The timeouts as Node applies them (tests/e2e/edge.spec.ts reads them from this line).
  logger.info({ timeouts: siteServerTimeouts(listener) }, `listening on http://localhost:${port}`);
});

// SIGTERM/SIGINT: accept what already waits, stop accepting, answer every request received (with
// `Connection: close`), close connections once really idle, then stop the workers and close the
// database (server/lifecycle.ts), and Vite in development. Requests still running after
// REQUEST_GRACE_MS are cut off, and the whole stop is bounded by SHUTDOWN_GRACE_MS: the process
// must end for the next one to start (ADR 0006).
closeWithGrace(
  {
    delay: SHUTDOWN_GRACE_MS,
    logger: { error: (message) => logger.error(message) },
    // SIGUSR2 asks for a backup (server/lifecycle.ts), it does not stop the server.
    skip: ["SIGUSR2"],
  },
  async ({ signal, err }) => {
    if (err) logger.error({ error: err.message }, "stopping after an uncaught error");
    else logger.info({ signal }, "stopping: finishing requests under way");
    const { cutOff } = await closeListener({ graceMs: REQUEST_GRACE_MS });
    if (cutOff > 0) logger.warn({ connections: cutOff }, "stopping: cut off requests still running");
    await lifecycle.stop();
    await vite?.close();
    logger.info("stopped");
  },
);
