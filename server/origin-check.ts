import type { Request, RequestHandler } from "express";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses a state-changing request (POST, PUT, PATCH, DELETE) sent from another site (ADR 0006),
 * for every route, present and future. The request's Origin must be this site: the origin the
 * request came to (protocol and host, from the trusted proxy's X-Forwarded-Proto/-Host when
 * TRUST_PROXY is set) or SITE_ORIGIN. Browsers send Origin on every cross-site POST; a request
 * without one (curl, very old browsers) passes when its Referer is absent or of this site, as it
 * cannot have been forged by another page in a current browser.
 */
export function sameOriginWrites(siteOrigin: string): RequestHandler {
  const configured = new URL(siteOrigin).origin;
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = req.get("origin") ?? originOf(req.get("referer"));
    if (origin === undefined || origin === configured || origin === requestOrigin(req)) return next();
    res
      .status(403)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send(
        "This form was sent from another website, so it was not accepted. Please use the form on our site.",
      );
  };
}

/** The origin the client reached: what a same-site page's Origin header names. */
function requestOrigin(req: Request): string | null {
  // req.protocol and req.host read X-Forwarded-Proto/-Host only from trusted proxies.
  const host = req.host;
  return host ? `${req.protocol}://${host}` : null;
}

/** The origin of a Referer; "null" (an opaque one) when it cannot be read, which never matches. */
function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}
