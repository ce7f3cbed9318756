import type { Request } from "express";

/**
 * Brotli where the client takes it, else gzip, else none. Browsers list gzip first
 * ("gzip, deflate, br, zstd") with equal weight, and plain negotiation would follow their order;
 * brotli is smaller, so it wins a tie (as in the compression middleware).
 */
export function preferredEncoding(req: Request): "br" | "gzip" | null {
  if (!req.headers["accept-encoding"]) return null;
  if (req.acceptsEncodings("br") === "br") return "br";
  if (req.acceptsEncodings("gzip") === "gzip") return "gzip";
  return null;
}
