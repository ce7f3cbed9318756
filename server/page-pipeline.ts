import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import etag from "etag";
import type { Request, RequestHandler, Response } from "express";
import fresh from "fresh";
import { Parser } from "htmlparser2";
import type { PagePipeline, RenderedPage } from "../app/shared/context.server.ts";
import { lodgeToday } from "../app/shared/dates.ts";
import type { PageKeeping } from "../app/shared/page-cache/route-handle.ts";
import { freshReads } from "./fresh-reads.ts";

/**
 * What becomes of a rendered page, in one place and one order (ADR 0016; pages at the speed of
 * static files: ADR 0007 and 0013).
 *
 * Before everything but the request log (`serveKept`, first in server/index.ts): a kept page whose
 * key still holds is answered from memory, with its own policy and the document headers helmet
 * would set: no render, no database reads, no per-request nonce, nothing for compression to do.
 * A page that shows data is kept under the data version read here, before its render, and the
 * lodge's day, so it never shows data older than its version.
 *
 * After the render (`forRender(req, res).respond`, called by app/entry.server.tsx with the whole
 * document), a page is either
 * - kept: its inline elements' sha256 hashes make its policy (it was rendered without a nonce),
 *   a page without fresh values is compressed once (brotli 11, gzip 9) with a strong ETag per
 *   encoding and `public, no-cache`; a form's submission ids (fresh values) are replaced by new
 *   ones in every answer, compressed per answer (brotli 3), `private, no-cache`, no validator;
 * - or rendered per request: `private, no-cache` and a weak ETag over the document without its
 *   nonce, so an unchanged page is a 304 (its policy header left off: the browser keeps the one
 *   whose nonce matches its copy); a no-store page (the staff console's) stays no-store, without
 *   a validator. The compression middleware compresses it.
 *
 * Kept only: GET, status 200, no Set-Cookie or no-store, no query string, the site's own spelling
 * of the path, every read succeeded, at most MAX_PAGES paths; the key has the year in it, which
 * the footer prints. The cache lives in the process: a new build is a new process.
 */
const MAX_PAGES = 200;
const CANONICAL_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

type Encoding = "br" | "gzip" | "identity";
type Answer = { status: number; headers: Record<string, string>; body: Buffer | null };
/** What serveKept found out for the render: the cache key, the lodge's day, the data version. */
type Slot = { key: string; day: string; version?: string };
type KeptPage = {
  keeping: PageKeeping;
  version?: string;
  day: string;
  contentType: string;
  /** The document cut where its fresh values go; `slots` says which value after each part. */
  parts: string[];
  slots: number[];
  /** Its policy, unless a fresh value sits inside an inline element (then hashed per answer). */
  policy?: string;
  /** A page without fresh values, in each encoding, with its strong ETag. */
  fixed?: Record<Encoding, { body: Buffer; tag: string }>;
};

type Options = {
  /** The site's CSP with these inline sources (server/security-headers.ts). */
  csp: (inline: { script: string[]; style: string[] }) => string;
  /**
   * Whether pages carry a policy and kept ones are compressed ahead: not in development, where
   * Vite's client adds inline scripts and styles of its own.
   */
  production: boolean;
  /** Whether pages are kept at all; by default in production only. */
  keepPages?: boolean;
  /** The database's data version; without it no page that shows data is kept. */
  dataVersion?: () => Promise<string>;
  /** The built client files (React Router's assetsBuildDirectory); none in development. */
  clientDir?: string;
  /**
   * The security headers of every document but its policy (server/security-headers.ts,
   * `documentHeaders`): a kept page is answered before helmet and compression run, as a static
   * file would be, so it sets them itself.
   */
  documentHeaders?: Record<string, string>;
};

export function pagePipeline({
  csp,
  production,
  keepPages = production,
  dataVersion: readVersion,
  clientDir,
  documentHeaders = {},
}: Options) {
  const pages = new Map<string, KeptPage>();
  // Paths whose last render was per request: no need to read the data version before the next.
  const perRequest = new Set<string>();
  // Requests that come together share one read of the version (server/fresh-reads.ts).
  const dataVersion = readVersion && freshReads(readVersion);
  // A build never changes under a running process: each stylesheet is read once.
  const stylesheets = new Map<string, string | null>();
  const stylesheet = (href: string): string | null => {
    if (!stylesheets.has(href)) {
      let text: string | null = null;
      // Built names only: no "..", no other folder.
      if (clientDir && /^\/assets\/[\w.-]+\.css$/.test(href)) {
        try {
          text = readFileSync(join(clientDir, href), "utf8");
        } catch {
          text = null;
        }
      }
      stylesheets.set(href, text);
    }
    return stylesheets.get(href) ?? null;
  };

  const serveKept: RequestHandler = async (req, res, next) => {
    const key = keepPages ? cacheKey(req) : null;
    const kept = key === null ? undefined : pages.get(key);
    if (kept?.keeping === "forever") return send(req, res, documentHeaders, answer(req, kept));
    if (key === null) return next();
    const slot: Slot = { key, day: lodgeToday() };
    res.locals.pageSlot = slot;
    if (dataVersion && (kept || !perRequest.has(key))) {
      slot.version = await dataVersion().catch(() => undefined);
      if (kept && kept.version === slot.version && kept.day === slot.day)
        return send(req, res, documentHeaders, answer(req, kept));
    }
    next();
  };

  const forRender = (req: Request, res: Response): PagePipeline => {
    const slot = res.locals.pageSlot as Slot | undefined;
    // A route's own `headers` (the page's) or the server's may forbid storing the answer.
    const noStore = (headers: Headers) =>
      /no-store/i.test(
        `${headers.get("Cache-Control") ?? ""} ${String(res.getHeader("Cache-Control") ?? "")}`,
      );
    const keeps: PagePipeline["keeps"] = ({ status, headers, keeping, notes }) =>
      keeping !== null &&
      !notes.degraded &&
      // A page kept per data version must have taken its fresh values through keptPageLoader.
      (keeping !== "data" || notes.freshnessTracked === true) &&
      status === 200 &&
      req.method === "GET" &&
      slot !== undefined &&
      (keeping === "forever" || slot.version !== undefined) &&
      (pages.size < MAX_PAGES || pages.has(slot.key)) &&
      !headers.has("Set-Cookie") &&
      !noStore(headers);

    return {
      keeps,
      stylesheet,
      respond(page) {
        const { html, headers, nonce } = page;
        // 1. Kept: from here on every request for this path is answered as this one is.
        if (!nonce && keeps(page) && slot) {
          const kept = keep(page, slot, html);
          pages.set(slot.key, kept);
          return toResponse(res, answer(req, kept));
        }
        if (page.keeping === null && page.status === 200 && slot && perRequest.size < MAX_PAGES * 10) {
          perRequest.add(slot.key);
        }
        // 2. Per request. A page rendered to be kept but not kept after all carries hashes.
        if (production && !nonce) {
          res.removeHeader("Content-Security-Policy");
          headers.set("Content-Security-Policy", csp(inlineHashes(html)));
        }
        // A page no browser may store (the staff console's) is never revalidated: no validator.
        if (page.status !== 200 || req.method !== "GET" || noStore(headers))
          return new Response(html, { status: page.status, headers });
        // 3. The validator: the nonce is all that differs between two renders of an unchanged page.
        const tag = etag(nonce ? html.replaceAll(nonce, "") : html, { weak: true });
        headers.set("ETag", tag);
        headers.set("Cache-Control", "private, no-cache");
        if (fresh(req.headers, { etag: tag })) {
          res.removeHeader("Content-Security-Policy");
          headers.delete("Content-Security-Policy");
          headers.delete("Content-Type");
          return new Response(null, { status: 304, headers });
        }
        return new Response(html, { status: 200, headers });
      },
    };
  };

  /** The kept form of a page: cut at its fresh values, its policy, compressed once if it can be. */
  function keep(page: RenderedPage, slot: Slot, html: string): KeptPage {
    const { parts, slots } = splitAt(html, page.notes.freshValues);
    const contentType = page.headers.get("Content-Type") ?? "text/html; charset=utf-8";
    const kept: KeptPage = {
      keeping: page.keeping ?? "forever",
      version: slot.version,
      day: slot.day,
      contentType,
      parts,
      slots,
    };
    if (!production) return kept;
    // A fresh value inside an inline element would change that element's hash in every answer.
    const hashed = inlineHashes(html);
    const valueInside = page.notes.freshValues.some((value) =>
      [...hashed.elements].some((text) => text.includes(value)),
    );
    if (!valueInside) kept.policy = csp(hashed);
    if (slots.length > 0) return kept;
    const identity = Buffer.from(html);
    const variant = (body: Buffer) => ({ body, tag: etag(body) });
    kept.fixed = {
      identity: variant(identity),
      br: variant(brotli(identity, 11)),
      gzip: variant(gzipSync(identity, { level: 9 })),
    };
    return kept;
  }

  /** A kept page's answer to this request. */
  function answer(req: Request, kept: KeptPage): Answer {
    const encoding = preferredEncoding(req);
    const headers: Record<string, string> = { "Content-Type": kept.contentType, Vary: "Accept-Encoding" };
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    if (kept.fixed) {
      const { body, tag } = kept.fixed[encoding];
      // Shared caches may keep it too: nothing in it belongs to one visitor.
      Object.assign(headers, { "Cache-Control": "public, no-cache", ETag: tag });
      if (kept.policy) headers["Content-Security-Policy"] = kept.policy;
      if (fresh(req.headers, { etag: tag })) {
        delete headers["Content-Type"];
        delete headers["Content-Encoding"];
        return { status: 304, headers, body: null };
      }
      return { status: 200, headers, body };
    }
    // A page with a form: new submission ids, so this answer is its visitor's alone.
    const values = new Map<number, string>();
    let html = kept.parts[0] ?? "";
    kept.slots.forEach((slot, index) => {
      if (!values.has(slot)) values.set(slot, randomUUID());
      html += values.get(slot) + (kept.parts[index + 1] ?? "");
    });
    headers["Cache-Control"] = "private, no-cache";
    const policy = kept.policy ?? (production ? csp(inlineHashes(html)) : undefined);
    if (policy) headers["Content-Security-Policy"] = policy;
    const identity = Buffer.from(html);
    // Quality 3: within 5% of 4's size at two thirds of its time, for every answer.
    const body =
      encoding === "br"
        ? brotli(identity, 3)
        : encoding === "gzip"
          ? gzipSync(identity, { level: 6 })
          : identity;
    return { status: 200, headers, body };
  }

  return { serveKept, forRender };
}

/** Express: an answer from memory, with the headers every document carries. */
function send(
  req: Request,
  res: Response,
  documentHeaders: Record<string, string>,
  { status, headers, body }: Answer,
): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(documentHeaders)) res.setHeader(name, value);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (body) res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** React Router: the same answer as its Response (the adapter appends headers to the response). */
function toResponse(res: Response, { status, headers, body }: Answer): globalThis.Response {
  res.removeHeader("Content-Security-Policy");
  if (body) headers["Content-Length"] = String(body.length);
  // Node's Buffers here come from zlib or Buffer.from(string): backed by an ArrayBuffer.
  return new Response(body as Buffer<ArrayBuffer> | null, { status, headers });
}

/** The URL's path and the current year, or null for a request this cache does not take. */
function cacheKey(req: Request): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.originalUrl.includes("?")) return null;
  // A form's JSON answer or a data request is not the page.
  if (/json/i.test(req.headers.accept ?? "")) return null;
  // The site's own spelling of its paths only: '/About', '/about/' or '//about' may render the
  // same page, but each would take a slot, and a crawler could fill the cache with them.
  if (!CANONICAL_PATH.test(req.path)) return null;
  return `${new Date().getFullYear()} ${req.path}`;
}

/**
 * Brotli where the client takes it, else gzip, else none. Browsers list gzip first
 * ("gzip, deflate, br, zstd") with equal weight; brotli is smaller, so it wins a tie.
 */
function preferredEncoding(req: Request): Encoding {
  if (!req.headers["accept-encoding"]) return "identity";
  if (req.acceptsEncodings("br") === "br") return "br";
  if (req.acceptsEncodings("gzip") === "gzip") return "gzip";
  return "identity";
}

function brotli(data: Buffer, quality: number): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** The document cut at every occurrence of each fresh value (random ids: they occur nowhere else). */
function splitAt(html: string, values: readonly string[]): { parts: string[]; slots: number[] } {
  const parts: string[] = [];
  const slots: number[] = [];
  let rest = html;
  for (;;) {
    const found = values
      .map((value, slot) => ({ slot, at: value ? rest.indexOf(value) : -1, length: value.length }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!found) break;
    parts.push(rest.slice(0, found.at));
    slots.push(found.slot);
    rest = rest.slice(found.at + found.length);
  }
  parts.push(rest);
  return { parts, slots };
}

/**
 * CSP sources for the document's inline `<script>` (without src) and `<style>` elements: the
 * sha256 of each element's text, as the browser computes it (CSP 3, "does element match source
 * list"), found by an HTML parser (htmlparser2), not by patterns over React Router's markup. Data
 * blocks (JSON-LD, serialized props) need none but are harmless to list. `elements`: their texts.
 */
export function inlineHashes(html: string): { script: string[]; style: string[]; elements: Set<string> } {
  const script = new Set<string>();
  const style = new Set<string>();
  const elements = new Set<string>();
  let open: { set: Set<string>; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "style" || (name === "script" && attributes.src === undefined)) {
          open = { set: name === "style" ? style : script, text: "" };
        }
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(name) {
        if (!open || (name !== "script" && name !== "style")) return;
        if (open.text || open.set === style) {
          open.set.add(`'sha256-${createHash("sha256").update(open.text, "utf8").digest("base64")}'`);
          elements.add(open.text);
        }
        open = null;
      },
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { script: [...script], style: [...style], elements };
}
