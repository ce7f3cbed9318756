import { createHash, randomUUID } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { lodgeToday } from "../app/lib/dates.ts";
import { FRESH_VALUES_HEADER, KEEP_PAGE_HEADER, type PageKeeping } from "../app/lib/route-handle.ts";
import { preferredEncoding } from "./encoding.ts";
import { freshReads } from "./fresh-reads.ts";

/**
 * Pages at the speed of static files (issue 11, docs/decisions/0007 and 0013).
 *
 * The server render marks a page it may keep with KEEP_PAGE_HEADER (app/entry.server.tsx,
 * `pageKeeping` in app/lib/route-handle.ts): "forever" for pure content, whose HTML depends only
 * on its URL and the build; "data" for a page that also shows database data (rates, free rooms),
 * kept under the data version read before it rendered (app/db/data-version.server.ts) and the
 * lodge's day. The first GET renders as usual; this middleware keeps the finished document
 * (after server/critical-path.ts) and answers later requests for that URL from memory, after
 * one cheap read of the data version for a "data" page: no render, no database reads.
 *
 * A kept page cannot carry a per-request CSP nonce, so its nonce attributes are taken out and
 * its response gets the site's policy with the sha256 hashes of its inline scripts and styles
 * instead (still no 'unsafe-inline' script). A form's submission id must differ per visitor:
 * the render lists the ids it used (FRESH_VALUES_HEADER) and each answer gets new ones in their
 * place, then is compressed for that answer (brotli 3);
 * a page without them is compressed once, with brotli 11 and gzip 9. The cache lives in the
 * process: a new build means a new process, so nothing outlives the build it was rendered by.
 *
 * Kept only: GET, status 200, HTML, no Set-Cookie, no no-store, no query string (a URL with one
 * is rendered per request), a page whose reads all succeeded, at most MAX_PAGES URLs. The
 * footer's year is part of the key, so New Year's Day renders afresh.
 */
const MAX_PAGES = 200;
const CANONICAL_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

export type CachedPage = {
  keeping: PageKeeping;
  /** For "data": the data version and lodge day it was rendered under. */
  version?: string;
  day?: string;
  /** The document, split where its fresh values go (none: one part). */
  parts: string[];
  /** Which fresh value goes after each part but the last (indexes into a list made per answer). */
  slots: number[];
  /** Compressed once, for a page without fresh values. */
  fixed?: { identity: Buffer; br: Buffer; gzip: Buffer; tag: string; csp: string };
  contentType: string;
};

type Options = {
  /** The site's CSP with these inline sources (server/security-headers.ts). */
  csp: (inline: { script: string[]; style: string[] }) => string;
  /** Whether to send a CSP at all (not in development). */
  enforce?: boolean;
  /** The database's data version; without it no "data" page is kept. */
  dataVersion?: () => Promise<string>;
};

export function pageCache({ csp, enforce = true, dataVersion: readVersion }: Options): RequestHandler {
  const pages = new Map<string, CachedPage>();
  // Requests that come together share one read of the version (each still sees every commit
  // made before it came): one query per query's duration under load, not one per request.
  const dataVersion = readVersion && freshReads(readVersion);
  // URLs whose last render was not marked: no need to read the data version before rendering them.
  const rendered = new Set<string>();

  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/assets/")) return next();
    const key = cacheKey(req);
    const cached = key === null ? undefined : pages.get(key);
    if (cached?.keeping === "forever") return send(req, res, cached, csp, enforce);

    // Read before the render, so a page kept under this version shows data at least as new.
    let version: string | undefined;
    const day = lodgeToday();
    if (key !== null && dataVersion && (cached || !rendered.has(key))) {
      version = await dataVersion().catch(() => undefined);
      if (cached && cached.version === version && cached.day === day) {
        return send(req, res, cached, csp, enforce);
      }
    }

    // The markers are for this middleware only: off every response before its headers go out
    // (Node sends implicit headers through writeHead too).
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((...args: unknown[]) => {
      res.removeHeader(KEEP_PAGE_HEADER);
      res.removeHeader(FRESH_VALUES_HEADER);
      return (writeHead as (...a: unknown[]) => Response)(...args);
    }) as typeof res.writeHead;
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    let streamed = false;
    res.write = ((...args: Parameters<typeof res.write>) => {
      streamed = true;
      return (write as (...a: unknown[]) => boolean)(...args);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const marker = res.getHeader(KEEP_PAGE_HEADER);
      const keeping = marker === "forever" || marker === "data" ? (marker as PageKeeping) : undefined;
      const keep =
        (keeping === "forever" || (keeping === "data" && version !== undefined)) &&
        key !== null &&
        !streamed &&
        !res.headersSent &&
        req.method === "GET" &&
        res.statusCode === 200 &&
        res.getHeader("Set-Cookie") === undefined &&
        !/no-store/i.test(String(res.getHeader("Cache-Control") ?? "")) &&
        (typeof chunk === "string" || Buffer.isBuffer(chunk));
      // A page rendered per request (not marked at all): read no version before its next render.
      const perRequest = res.getHeader(KEEP_PAGE_HEADER) === undefined && res.statusCode === 200;
      if (key !== null && perRequest && rendered.size < MAX_PAGES * 10) rendered.add(key);
      const fresh = String(res.getHeader(FRESH_VALUES_HEADER) ?? "")
        .split(",")
        .filter(Boolean);
      const page = keep
        ? cachePage(chunk as string | Buffer, String(res.locals.nonce ?? ""), res, csp, fresh)
        : null;
      if (!page || key === null || !keeping) return (end as (...a: unknown[]) => Response)(chunk, ...rest);
      page.keeping = keeping;
      if (keeping === "data") Object.assign(page, { version, day });
      if (pages.size < MAX_PAGES || pages.has(key)) pages.set(key, page);
      res.write = write;
      res.end = end;
      return send(req, res, page, csp, enforce);
    }) as typeof res.end;
    next();
  };
}

/** The URL's path and the current year, or null for a request this cache does not take. */
function cacheKey(req: Request): string | null {
  if (req.originalUrl.includes("?")) return null;
  // A form's JSON answer or a data request is not the page.
  if (/json/i.test(req.headers.accept ?? "")) return null;
  // The site's own spelling of its paths only: '/About', '/about/' or '//about' may render the
  // same page, but each would take a slot, and a crawler could fill the cache with them.
  if (!CANONICAL_PATH.test(req.path)) return null;
  return `${new Date().getFullYear()} ${req.path}`;
}

/** The kept form of a rendered page, or null when it must not be kept. */
export function cachePage(
  body: string | Buffer,
  nonce: string,
  res: Response,
  csp: Options["csp"],
  freshValues: readonly string[] = [],
): CachedPage | null {
  let html = typeof body === "string" ? body : body.toString("utf8");
  if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
  // Anything else carrying this request's nonce would be wrong for the next visitor.
  if (nonce && html.includes(nonce)) return null;
  const contentType = String(res.getHeader("Content-Type") ?? "text/html; charset=utf-8");
  if (!/^text\/html/i.test(contentType)) return null;
  const { parts, slots } = splitAt(html, freshValues);
  const page: CachedPage = { keeping: "forever", parts, slots, contentType };
  if (slots.length === 0) page.fixed = compressOnce(html, csp);
  return page;
}

/** The document cut at every occurrence of each fresh value; `slots` says which value was there. */
function splitAt(html: string, values: readonly string[]): { parts: string[]; slots: number[] } {
  const parts: string[] = [];
  const slots: number[] = [];
  const used = values.filter((value) => value.length > 0);
  if (used.length === 0) return { parts: [html], slots };
  const pattern = new RegExp(
    used.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
    "g",
  );
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    parts.push(html.slice(last, match.index));
    slots.push(used.indexOf(match[0]));
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  return { parts, slots };
}

function compressOnce(html: string, csp: Options["csp"]): NonNullable<CachedPage["fixed"]> {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    tag: createHash("sha256").update(identity).digest("base64url").slice(0, 32),
    csp: csp(inlineHashes(html)),
  };
}

/**
 * CSP sources for the document's inline `<script>` (without src) and `<style>` elements: the
 * sha256 of each element's text, as the browser computes it (CSP 3, "does element match source
 * list"). Data blocks (JSON-LD) need none but are harmless to list.
 */
export function inlineHashes(html: string): { script: string[]; style: string[] } {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
  const unique = (values: string[]) => [...new Set(values)];
  const script = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = ""]) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , text = ""]) => text)
    .filter((text) => text.length > 0)
    .map(hash);
  const style = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, text = ""]) => hash(text));
  return { script: unique(script), style: unique(style) };
}

function send(req: Request, res: Response, page: CachedPage, csp: Options["csp"], enforce: boolean): void {
  if (!page.fixed) return sendFresh(req, res, page, csp, enforce);
  const { fixed } = page;
  const encoding = preferredEncoding(req);
  const [body, suffix] =
    encoding === "br" ? [fixed.br, "-br"] : encoding === "gzip" ? [fixed.gzip, "-gz"] : [fixed.identity, ""];
  const etag = `"${fixed.tag}${suffix}"`;
  res.vary("Accept-Encoding");
  // Shared caches may keep it too: nothing in it belongs to one visitor.
  res.setHeader("Cache-Control", "public, no-cache");
  res.setHeader("ETag", etag);
  if (enforce) res.setHeader("Content-Security-Policy", fixed.csp);
  else res.removeHeader("Content-Security-Policy");
  if (fresh(req.headers["if-none-match"], fixed.tag)) {
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Length");
    res.statusCode = 304;
    res.end();
    return;
  }
  respond(req, res, page.contentType, body, suffix ? encoding : null);
}

/**
 * A page with a form: new submission ids in place of the kept ones, so this answer is its
 * visitor's alone (`private`, no validator: the next visit gets other ids anyway).
 */
function sendFresh(
  req: Request,
  res: Response,
  page: CachedPage,
  csp: Options["csp"],
  enforce: boolean,
): void {
  const values = new Map<number, string>();
  let html = page.parts[0] ?? "";
  page.slots.forEach((slot, index) => {
    if (!values.has(slot)) values.set(slot, randomUUID());
    html += values.get(slot) + (page.parts[index + 1] ?? "");
  });
  res.vary("Accept-Encoding");
  res.setHeader("Cache-Control", "private, no-cache");
  res.removeHeader("ETag");
  // Were an id ever inside an inline script, it would change that script's hash.
  if (enforce) res.setHeader("Content-Security-Policy", csp(inlineHashes(html)));
  else res.removeHeader("Content-Security-Policy");
  const encoding = preferredEncoding(req);
  const identity = Buffer.from(html);
  const body =
    encoding === "br"
      ? brotliCompressSync(identity, {
          params: {
            // Quality 3: within 5% of 4's size at two thirds of its time, for every answer.
            [constants.BROTLI_PARAM_QUALITY]: 3,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        })
      : encoding === "gzip"
        ? gzipSync(identity, { level: 6 })
        : identity;
  respond(req, res, page.contentType, body, encoding);
}

function respond(
  req: Request,
  res: Response,
  contentType: string,
  body: Buffer,
  encoding: "br" | "gzip" | null,
): void {
  res.statusCode = 200;
  res.setHeader("Content-Type", contentType);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  else res.removeHeader("Content-Encoding");
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** If-None-Match against any encoding of this content (weak comparison, RFC 9110 13.1.2). */
function fresh(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const bare = candidate.trim().replace(/^W\//, "");
    return bare === "*" || bare.replace(/^"|"$/g, "").replace(/-(br|gz)$/, "") === tag;
  });
}
