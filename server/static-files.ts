import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import express, { type RequestHandler } from "express";
import type { ServeStaticOptions } from "serve-static";

/**
 * express.static for a build folder, asked only about files that exist. The folder is listed
 * once at start (a build never changes under a running process), so a page request, which
 * matches no file, passes by without a file-system lookup: express.static would stat the path
 * on every page request before the app saw it.
 */
export function staticFiles(root: string, options: ServeStaticOptions): RequestHandler {
  const dir = resolve(root);
  const files = new Set<string>();
  for (const name of existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : []) {
    if (statSync(join(dir, name)).isFile()) files.add(`/${name.split("\\").join("/")}`);
  }
  const serve = express.static(dir, { ...options, index: false });
  return (req, res, next) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return files.has(path) ? serve(req, res, next) : next();
  };
}
