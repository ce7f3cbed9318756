import { createContext, type RouterContextProvider } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import type { DatabaseHandle } from "~/shared/db/database.server.ts";
import type { PageKeeping } from "~/shared/page-cache/route-handle.ts";

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

/** The client's address (Express's req.ip), for the staff sign-in rate limit. */
export const clientAddressContext = createContext<string>("unknown");

/**
 * Where the embedded database's first-manager setup token is written (DATA_DIR/staff-setup-token),
 * so the setup can remove it once used; null with a PostgreSQL server or an in-memory database.
 */
export const staffSetupFileContext = createContext<string | null>(null);

/** The database, migrated and seeded; rejects while it is unreachable. */
export function getDb(context: Readonly<RouterContextProvider>): Promise<DB> {
  return context.get(databaseContext).ready();
}

/**
 * What this render tells the page pipeline (server/page-pipeline.ts, ADR 0013): the submission ids it
 * put in the page, and whether a read failed (a degraded page is never kept). A fresh object
 * per request (server/app.ts); see app/shared/page-cache/page-keeping.server.ts.
 */
export type PageKeepingNotes = {
  freshValues: string[];
  degraded: boolean;
  /** Set by `keptPageLoader`: a page kept per data version is kept only when its loader was one. */
  freshnessTracked?: boolean;
};
export const pageKeepingContext = createContext<PageKeepingNotes | null>(null);

/** A document as the server render finished it, whole, for the page pipeline. */
export type RenderedPage = {
  html: string;
  status: number;
  headers: Headers;
  /** The CSP nonce its inline elements carry; none for a page rendered to be kept. */
  nonce: string | undefined;
  /** How long the server may keep it (app/shared/page-cache/route-handle.ts `pageKeeping`), null: per request. */
  keeping: PageKeeping | null;
  /** The render's notes (app/shared/page-cache/page-keeping.server.ts): fresh values, a failed read. */
  notes: PageKeepingNotes;
};

/**
 * The page pipeline's side of one request (server/page-pipeline.ts, ADR 0016), handed to the
 * server render (app/entry.server.tsx): whether it will keep what this request renders (then the
 * render carries no nonce), the response for the finished document, and the built stylesheets
 * that the render inlines.
 */
export type PagePipeline = {
  keeps(page: Pick<RenderedPage, "status" | "headers" | "keeping" | "notes">): boolean;
  respond(page: RenderedPage): Response;
  /** The text of the build's stylesheet at `href` (/assets/…), null if there is none. */
  stylesheet(href: string): string | null;
};
export const pagePipelineContext = createContext<PagePipeline>();
