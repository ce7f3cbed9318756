// The process entry: static files, compression and security headers, then
// the app (server/app.ts) — from Vite in development, from the build otherwise.
import compression from "compression";
import express from "express";
import { criticalPath } from "./critical-path.ts";
import { htmlEtag } from "./html-etag.ts";
import { lastResort } from "./last-resort.ts";
import { precompressed } from "./precompressed.ts";
import { securityHeaders } from "./security-headers.ts";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUILD_PATH = new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href;

const server = express();
server.disable("x-powered-by");
// Brotli where the browser takes it (quality 4: fast enough per request), else gzip. Built
// assets come precompressed at the highest quality (server/precompressed.ts).
server.use(compression());
// Vite's development client needs inline scripts; the CSP applies in production.
const security = securityHeaders({ csp: !DEVELOPMENT });
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
  const build = await import(BUILD_PATH);
  port = build.env.PORT;
  // Hashed file names never change content: cache them for a year.
  const hashed = { immutable: true, maxAge: "1y" } as const;
  server.use("/assets", precompressed(`${BUILD_DIR}/client/assets`, hashed));
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { ...hashed, index: false }));
  // Unhashed files (favicon, social card) may change with a deploy: a short cache.
  server.use(precompressed(`${BUILD_DIR}/client`, { maxAge: "1h" }));
  server.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false }));
  // Pages carry their CSS inline and revalidate on every visit; an unchanged one is a 304.
  server.use(htmlEtag(criticalPath(`${BUILD_DIR}/client`)));
  server.use(build.app);
  shutdown = () => build.database.close();
  // Prepare the database at start so the first guest does not wait for it;
  // a failure here is retried by the first request that needs it.
  build.database.ready().catch((error: Error) => {
    console.error(
      JSON.stringify({ level: "error", msg: "database not ready at start", error: error.message }),
    );
  });
}

server.use(lastResort);

const listener = server.listen(port, () => {
  console.info(JSON.stringify({ level: "info", msg: `listening on http://localhost:${port}` }));
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    listener.close();
    listener.closeAllConnections();
    shutdown().finally(() => process.exit(0));
  });
}
