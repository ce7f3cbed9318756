import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import { requestScope, logger as siteLogger } from "../app/shared/logger.server.ts";

/**
 * One JSON line per request once it is answered: id, method, path (never the query string, which
 * may carry a guest's name or e-mail from a form redirect), status and duration. No headers, no
 * bodies. Client errors (4xx) are logged as warnings, server errors as errors. `req.id` is also
 * sent back as X-Request-Id and, as `requestId`, put on every line logged while the request is
 * answered (the data layer's failures, the router's errors), to find one in the other.
 */
export function requestLog(logger: Logger = siteLogger): RequestHandler {
  const log = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    customSuccessMessage: () => "request completed",
    customErrorMessage: () => "request failed",
    customAttributeKeys: { responseTime: "durationMs" },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        // A room's calendar address is its secret (app/routes/calendar-feed.ts): not in the log.
        path: (req.url.split("?")[0] ?? "").replace(/^\/calendar\/[^/]+\.ics$/, "/calendar/(secret).ics"),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: (error: Error) => ({ message: error.message }),
    },
  }) as unknown as RequestHandler;
  // Everything logged while this request is answered carries its id (app/shared/logger.server.ts).
  return (req, res, next) =>
    log(req, res, () => requestScope.run({ requestId: String((req as { id?: unknown }).id) }, next));
}
