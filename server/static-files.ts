import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * A build folder's files, with the brotli / gzip twins that scripts/precompress.ts writes beside
 * them (express-static-gzip; brotli first, also when the client lists gzip first as browsers
 * do). Asked only about files that exist: the folder is listed once at start (a build never
 * changes under a running process), so a page request passes by without the file-system lookup
 * serve-static would make for it.
 */
export function staticFiles(root: string, options: { maxAge: string; immutable?: boolean }): RequestHandler {
  const dir = resolve(root);
  const files = new Set<string>();
  for (const name of existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : []) {
    if (statSync(join(dir, name)).isFile()) files.add(`/${name.split("\\").join("/")}`);
  }
  const serve = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { ...options, index: false, dotfiles: "deny" },
  }) as RequestHandler;
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return files.has(path) ? serve(req, res, next) : next();
  };
}
