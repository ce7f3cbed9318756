import { isRouteErrorResponse } from "react-router";
import { errorFields, logger } from "./logger.server.ts";

// React Router's own refusals of a write whose Origin is not the request's origin (its CSRF
// check, react-router/lib/actions.ts): it answers 400 and hands these to `handleError`.
const REFUSED_BY_THE_ROUTER = [
  /origin does not match `origin` header/,
  /`origin` header is not a valid URL/,
  /^Bad Request$/,
];

/** The status a client error handed to `handleError` is answered with, or null for a server error. */
export function clientErrorStatus(error: unknown): number | null {
  if (isRouteErrorResponse(error)) return error.status >= 400 && error.status < 500 ? error.status : null;
  if (error instanceof Error && REFUSED_BY_THE_ROUTER.some((pattern) => pattern.test(error.message))) {
    return 400;
  }
  return null;
}

/**
 * An error from a loader, an action or the router (app/entry.server.tsx's `handleError`), as one
 * line: a request the router refused (a 4xx: a foreign Origin, a thrown 400 or 404) is the
 * client's mistake and logged as a warning, like its request line (server/request-log.ts); only
 * what failed on our side is an error.
 */
export function logRouterError(error: unknown, request: Request): void {
  const fields = { method: request.method, path: new URL(request.url).pathname };
  const status = clientErrorStatus(error);
  if (status === null) {
    logger.error({ ...fields, ...errorFields(error) }, "request failed");
    return;
  }
  const message = isRouteErrorResponse(error) ? error.statusText : (error as Error).message;
  logger.warn({ ...fields, status, error: message }, "request refused");
}
