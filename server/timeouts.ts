import http from "node:http";

/**
 * Timeouts for a small site whose pages and forms are small (ADR 0006): a client gets 10 s to
 * send its request headers and 30 s for the whole request (forms are at most 64 KB, even on a
 * slow mobile link), so slow or stalled clients cannot hold connections open. Idle keep-alive
 * connections stay 65 s, longer than a reverse proxy's own idle timeout for them (nginx 60 s),
 * so the proxy closes first and never sends a request on a connection we are closing.
 */
export const TIMEOUTS = { headers: 10_000, request: 30_000, keepAlive: 65_000 } as const;
/** How long a stopping server lets requests under way finish (server/graceful-close.ts). */
export const REQUEST_GRACE_MS = 5_000;
/** The bound on the whole stop: requests, then the mail worker, backups and the database. */
export const SHUTDOWN_GRACE_MS = 8_000;

/** An HTTP server for `handler` with the timeouts above (or shorter ones, for tests). */
export function createSiteServer(
  handler: http.RequestListener,
  timeouts: { headers: number; request: number; keepAlive: number } = TIMEOUTS,
): http.Server {
  return http.createServer(
    {
      headersTimeout: timeouts.headers,
      requestTimeout: timeouts.request,
      keepAliveTimeout: timeouts.keepAlive,
      // Node checks the two timeouts above on this interval (default 30 s): check each second.
      connectionsCheckingInterval: 1_000,
    },
    handler,
  );
}

/** A server's timeouts as Node applies them, for the start-up log line (server/index.ts). */
export function siteServerTimeouts(server: http.Server) {
  const { headersTimeout, requestTimeout, keepAliveTimeout } = server;
  return { headersTimeout, requestTimeout, keepAliveTimeout };
}
