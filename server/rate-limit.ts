import type { RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";

/**
 * Counts writes (POST requests) per client in one-minute windows (decisions.md 16) with
 * express-rate-limit. Over the limit, the request still goes on, with `res.locals.writeAllowed`
 * false and a Retry-After header, so the action answers 429 with the page and a clear notice
 * rather than a bare error. A client is its IPv4 address, or its IPv6 /56 (one household or
 * server usually holds a whole /64 or more, so single IPv6 addresses would be free to rotate).
 * The counters live in `store` (PostgreSQL with DATABASE_URL, shared by every instance) or in
 * memory (one instance on the embedded database).
 */
export function writeRateLimit(limitPerMinute: number, store?: Store): RequestHandler {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: limitPerMinute,
    ...(store ? { store } : {}),
    standardHeaders: "draft-8",
    legacyHeaders: false,
    skip: (req) => limitPerMinute === 0 || req.method !== "POST",
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? "unknown", 56),
    // Over the limit: mark the request and let the route answer (its page, with the notice).
    handler: (_req, res, next) => {
      res.locals.writeAllowed = false;
      next();
    },
    // The database being down must not refuse every write with a 500: the write itself will
    // then fail with the database's message (decisions.md 17).
    passOnStoreError: true,
    // Our TRUST_PROXY never is `true` (app/shared/env.server.ts); the library's checks would only
    // repeat that on every start, and warn about X-Forwarded-For from untrusted clients.
    validate: { trustProxy: false, xForwardedForHeader: false },
  });
  return (req, res, next) => {
    res.locals.writeAllowed = true;
    void limiter(req, res, next);
  };
}
