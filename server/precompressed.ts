import { existsSync, readdirSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import type { RequestHandler } from "express";
import { preferredEncoding } from "./encoding.ts";

/**
 * Serves the `.br` / `.gz` twins that `scripts/precompress.ts` writes beside the built assets
 * (brotli at its highest quality: smaller than on-the-fly compression, and no CPU per request).
 * Which twins exist is read once at start; a file without one falls through to express.static
 * and the compression middleware.
 */
export function precompressed(
  root: string,
  options: { maxAge: string | number; immutable?: boolean },
): RequestHandler {
  const dir = resolve(root);
  const twins = new Map<string, Set<"br" | "gzip">>();
  for (const name of existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : []) {
    const match = /^(.*)\.(br|gz)$/.exec(name);
    if (!match?.[1]) continue;
    const file = `/${match[1].split("\\").join("/")}`;
    const set = twins.get(file) ?? new Set();
    set.add(match[2] === "br" ? "br" : "gzip");
    twins.set(file, set);
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const available = twins.get(req.path);
    if (!available) return next();
    res.vary("Accept-Encoding");
    // Browsers list gzip before br; negotiating in their order sent them gzip (server/encoding.ts).
    const preferred = preferredEncoding(req);
    const encoding =
      preferred && available.has(preferred)
        ? preferred
        : available.has("gzip") && req.acceptsEncodings("gzip") === "gzip"
          ? "gzip"
          : null;
    if (!encoding) return next();
    res.type(extname(req.path));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(
      join(dir, `${req.path}.${encoding === "br" ? "br" : "gz"}`),
      {
        maxAge: options.maxAge,
        immutable: options.immutable ?? false,
        dotfiles: "deny",
      },
      (error) => {
        if (error) next(error);
      },
    );
  };
}
