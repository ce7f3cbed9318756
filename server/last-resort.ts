import type { ErrorRequestHandler } from "express";
import { logger } from "../app/shared/logger.server.ts";

/**
 * The last error handler. React Router renders its own errors (the error boundary, logged by
 * `handleError` in app/entry.server.tsx); what reaches this is what escaped it, most often a
 * render the guest abandoned by leaving the page. Express's default would print a bare stack to
 * stderr and, to a guest still waiting, an HTML page. Here: one log line with the request id,
 * nothing at all for an abandoned request, and a plain 500 without details.
 */
export const lastResort: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  // Not `req.destroyed`: a request stream is destroyed once its body has been read whole, and a
  // client waiting for its answer must still get one.
  const abandoned = res.destroyed || req.socket.destroyed || (req.destroyed && !req.complete);
  if (!abandoned) {
    // The same key as the logger's mixin, which it overrides (one field, not two): an error raised
    // from a socket event may run outside the request's scope and must still name its request.
    const id = (req as { id?: unknown }).id;
    logger.error(
      {
        ...(id === undefined ? {} : { requestId: String(id) }),
        method: req.method,
        path: req.path,
        error: error instanceof Error ? error.message : String(error),
      },
      "request failed outside the router",
    );
  }
  if (abandoned) return;
  // Half an answer cannot be mended; close the connection (as Express would, after a bare stack).
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
};
