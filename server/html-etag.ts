import { createHash } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * HTML pages: an optional `transform` of the whole document (server/critical-path.ts), then
 * `Cache-Control: private, no-cache` (the browser keeps the page but asks every
 * time) and a weak ETag, so an unchanged page costs a 304 instead of the whole document on a
 * metered connection.
 *
 * React Router streams the document; this collects it first (pages are a few KB) so the ETag
 * covers the whole body and the compressor gets one block instead of a flush per chunk.
 *
 * Every page carries a fresh CSP nonce (server/security-headers.ts), so the hash is taken with
 * the nonce blanked out; on a 304 the CSP header is left off, so the browser keeps the policy
 * it stored with the page, whose nonce matches that page's scripts. Anything else that differs
 * per request (e.g. a form's one-time submission id) changes the ETag, as it must. `private`
 * keeps shared caches from handing one nonce to many visitors.
 */
export function htmlEtag(
  transform: (html: string, nonce: string) => string = (html) => html,
): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const flush = res.flush?.bind(res);
    const chunks: Buffer[] = [];
    let buffering: boolean | undefined;

    const isHtml = () =>
      (buffering ??=
        res.statusCode === 200 && /^text\/html/i.test(String(res.getHeader("Content-Type") ?? "")));

    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!isHtml()) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      chunks.push(toBuffer(chunk, rest[0]));
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof res.write;

    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!isHtml()) return (end as (...args: unknown[]) => typeof res)(chunk, ...rest);
      if (chunk !== undefined && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
      const nonce = String(res.locals.nonce ?? "");
      const html = transform(Buffer.concat(chunks).toString("utf8"), nonce);
      const hash = createHash("sha1");
      for (const part of nonce ? html.split(nonce) : [html]) hash.update(part);
      const etag = `W/"${hash.digest("base64url")}"`;
      res.setHeader("ETag", etag);
      // A page that must not be kept at all (the staff console's no-store) stays so.
      if (!/no-store/i.test(String(res.getHeader("Cache-Control") ?? ""))) {
        res.setHeader("Cache-Control", "private, no-cache");
      }
      if (matches(req.headers["if-none-match"], etag)) {
        res.removeHeader("Content-Security-Policy");
        res.removeHeader("Content-Type");
        res.removeHeader("Content-Length");
        res.statusCode = 304;
        return end();
      }
      const body = Buffer.from(html);
      res.setHeader("Content-Length", body.length);
      return end(body);
    }) as typeof res.end;

    // The streaming adapter flushes after each chunk; while collecting there is nothing to flush.
    res.flush = () => {
      if (buffering === false) flush?.();
    };
    next();
  };
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}

/** If-None-Match with weak comparison (RFC 9110 13.1.2): 'W/"x"' and '"x"' both match. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}
