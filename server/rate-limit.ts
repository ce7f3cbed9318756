import type { RequestHandler } from "express";

/**
 * Counts writes (POST requests) per client address in one-minute windows
 * (decisions.md 16). The verdict goes to `res.locals.writeAllowed`, so the
 * action can answer 429 with the page and a clear notice rather than a bare
 * error. In memory: each instance limits on its own, which is enough to stop
 * a single noisy client without shared state.
 */
export function writeRateLimit(limitPerMinute: number): RequestHandler {
  const windows = new Map<string, { start: number; count: number }>();
  const windowMs = 60_000;
  let lastSweep = Date.now();

  return (req, res, next) => {
    res.locals.writeAllowed = true;
    if (limitPerMinute === 0 || req.method !== "POST") return next();
    const now = Date.now();
    if (now - lastSweep > windowMs) {
      for (const [key, window] of windows) {
        if (now - window.start >= windowMs) windows.delete(key);
      }
      lastSweep = now;
    }
    const key = req.ip ?? "unknown";
    const window = windows.get(key);
    if (!window || now - window.start >= windowMs) {
      windows.set(key, { start: now, count: 1 });
    } else {
      window.count += 1;
      if (window.count > limitPerMinute) {
        res.locals.writeAllowed = false;
        res.setHeader("Retry-After", String(Math.ceil((window.start + windowMs - now) / 1000)));
      }
    }
    next();
  };
}
