import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { KEEP_FOREVER, STATIC_PAGE_HEADER } from "../app/lib/route-handle.ts";
import { preferredEncoding } from "./encoding.ts";

/**
 * Content pages at the speed of static files (issue 11, docs/decisions/0007).
 *
 * A page whose routes are all content (`handle = NO_HYDRATION`) depends only on its URL and the
 * build; the server render marks it with STATIC_PAGE_HEADER (app/entry.server.tsx). The first
 * GET renders it as usual; this middleware then keeps the finished document (after
 * server/critical-path.ts), compressed once with brotli 11 and gzip 9, and answers every later
 * request for that URL from memory: no render, no compression, no hashing per request.
 *
 * A kept page cannot carry a per-request CSP nonce, so its nonce attributes are taken out and
 * its response gets the site's policy with the sha256 hashes of its inline scripts and styles
 * instead (still no 'unsafe-inline' script). The cache lives in the process: a new build means
 * a new process, so nothing outlives the build it was rendered by.
 *
 * Kept only: GET, status 200, no Set-Cookie, no query string (none of the content pages reads
 * one; a URL with one is rendered per request as before), at most MAX_PAGES URLs. The footer's
 * year is part of the key, so New Year's Day renders afresh.
 */
const MAX_PAGES = 200;
const CANONICAL_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

export type CachedPage = {
  /** The document as sent to a client without compression. */
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong validator of the content; each encoding gets its own suffix (RFC 9110 8.8.3). */
  tag: string;
  csp: string;
  contentType: string;
  /** When to render afresh (ms since the epoch); Infinity for pure content. */
  expiresAt: number;
};

type Options = {
  /** The site's CSP with these inline sources (server/security-headers.ts). */
  csp: (inline: { script: string[]; style: string[] }) => string;
  /** Whether to send a CSP at all (not in development). */
  enforce?: boolean;
};

export function pageCache({ csp, enforce = true }: Options): RequestHandler {
  const pages = new Map<string, CachedPage>();

  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/assets/")) return next();
    const key = cacheKey(req);
    const cached = key === null ? undefined : pages.get(key);
    if (cached && cached.expiresAt > Date.now()) return send(req, res, cached, enforce);

    // The marker is for this middleware only: off every response before its headers go out
    // (Node sends implicit headers through writeHead too).
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((...args: unknown[]) => {
      res.removeHeader(STATIC_PAGE_HEADER);
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
      const marker = res.getHeader(STATIC_PAGE_HEADER);
      const marked = marker !== undefined;
      const keep =
        marked &&
        key !== null &&
        !streamed &&
        !res.headersSent &&
        req.method === "GET" &&
        res.statusCode === 200 &&
        res.getHeader("Set-Cookie") === undefined &&
        !/no-store/i.test(String(res.getHeader("Cache-Control") ?? "")) &&
        (typeof chunk === "string" || Buffer.isBuffer(chunk));
      const page = keep
        ? cachePage(chunk as string | Buffer, String(res.locals.nonce ?? ""), res, csp)
        : null;
      if (!page || key === null) return (end as (...a: unknown[]) => Response)(chunk, ...rest);
      page.expiresAt = String(marker) === KEEP_FOREVER ? Infinity : Date.now() + Number(marker) * 1000;
      if (pages.size < MAX_PAGES || pages.has(key)) pages.set(key, page);
      res.write = write;
      res.end = end;
      return send(req, res, page, enforce);
    }) as typeof res.end;
    next();
  };
}

/** The URL's path and the current year, or null for a URL this cache does not take. */
function cacheKey(req: Request): string | null {
  if (req.originalUrl.includes("?")) return null;
  // The site's own spelling of its paths only: '/About', '/about/' or '//about' may render the
  // same page, but each would take a slot, and a crawler could fill the cache with them.
  if (!CANONICAL_PATH.test(req.path)) return null;
  return `${new Date().getFullYear()} ${req.path}`;
}

/** The kept form of a rendered content page, or null when it must not be kept. */
export function cachePage(
  body: string | Buffer,
  nonce: string,
  res: Response,
  csp: Options["csp"],
): CachedPage | null {
  let html = typeof body === "string" ? body : body.toString("utf8");
  if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
  // Anything else carrying this request's nonce would be wrong for the next visitor.
  if (nonce && html.includes(nonce)) return null;
  const identity = Buffer.from(html);
  const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 32);
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
    tag,
    csp: csp(inlineHashes(html)),
    contentType: String(res.getHeader("Content-Type") ?? "text/html; charset=utf-8"),
    expiresAt: Infinity,
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

function send(req: Request, res: Response, page: CachedPage, enforce: boolean): void {
  const encoding = preferredEncoding(req);
  const [body, suffix] =
    encoding === "br" ? [page.br, "-br"] : encoding === "gzip" ? [page.gzip, "-gz"] : [page.identity, ""];
  const etag = `"${page.tag}${suffix}"`;
  res.vary("Accept-Encoding");
  // Shared caches may keep it too: nothing in it belongs to one visitor.
  res.setHeader("Cache-Control", "public, no-cache");
  res.setHeader("ETag", etag);
  if (enforce) res.setHeader("Content-Security-Policy", page.csp);
  else res.removeHeader("Content-Security-Policy");
  if (fresh(req.headers["if-none-match"], page.tag)) {
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Length");
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader("Content-Type", page.contentType);
  if (suffix) res.setHeader("Content-Encoding", encoding === "br" ? "br" : "gzip");
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
