import { createContext, type RouterContextProvider } from "react-router";
import type { DB } from "~/db/client.server.ts";
import type { DatabaseHandle } from "~/db/database.server.ts";

/**
 * What the server hands every loader and action through the router context
 * (filled in by `getLoadContext` in server/app.ts).
 */
export const databaseContext = createContext<DatabaseHandle>();

/** Per-request CSP nonce for the inline scripts React Router renders. */
export const nonceContext = createContext<string>("");

/** Whether this client may write now (decisions.md 16: rate limit on writes). */
export const writeAllowedContext = createContext<boolean>(true);

/** Public origin of the site, for canonical URLs and the sitemap. */
export const siteOriginContext = createContext<string>("http://localhost:3000");

/** The database, migrated and seeded; rejects while it is unreachable. */
export function getDb(context: Readonly<RouterContextProvider>): Promise<DB> {
  return context.get(databaseContext).ready();
}
