import { createRequestHandler } from "@react-router/express";
import express from "express";
import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { databaseContext, nonceContext, siteOriginContext, writeAllowedContext } from "~/context.server.ts";
import { openDatabase, type DatabaseHandle } from "~/db/database.server.ts";
import { migrateToLatest } from "~/db/migrate.server.ts";
import { seedDatabase } from "~/db/seed.server.ts";
import { parseEnv } from "~/env.server.ts";
import { bodyLimit } from "./body-limit.ts";
import { writeRateLimit } from "./rate-limit.ts";

// This module is the server build's entry (vite.config.ts): the request
// handler, the database and the router context share one module graph.

export const env = parseEnv();

// In development Vite re-evaluates this module on every change; keep one
// database across reloads, since PGlite allows one process per data folder.
const globalStore = globalThis as typeof globalThis & { __lodgeDatabase?: DatabaseHandle };
export const database: DatabaseHandle = (globalStore.__lodgeDatabase ??= openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
}));

/** For `npm run db:migrate` and `npm run db:seed` (scripts/db.ts). */
export const migrate = () => migrateToLatest(database.db);
export const seed = async () => {
  await migrateToLatest(database.db);
  await seedDatabase(database.db);
};

export const app = express();
app.disable("x-powered-by");
if (env.TRUST_PROXY) app.set("trust proxy", true);

app.use(bodyLimit(64 * 1024));
app.use(writeRateLimit(env.WRITE_RATE_LIMIT));

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

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(databaseContext, database);
      context.set(nonceContext, String(res.locals.nonce ?? ""));
      context.set(writeAllowedContext, res.locals.writeAllowed !== false);
      context.set(siteOriginContext, env.SITE_ORIGIN);
      return context;
    },
  }),
);
