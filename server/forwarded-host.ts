import type { RequestHandler } from "express";

/**
 * Behind a trusted proxy, the request's Host becomes the public host the proxy reports in
 * X-Forwarded-Host (Express's `req.host` reads it only from a proxy TRUST_PROXY trusts).
 *
 * A proxy that sends its upstream's address as Host (nginx's default `$proxy_host`,
 * `127.0.0.1:3000`) and the public host in X-Forwarded-Host would otherwise make React Router's
 * request URL `https://lodge.example:3000`: it takes the host from X-Forwarded-Host but the port
 * from Host, and then refuses every form post with 400, as its Origin (`https://lodge.example`)
 * does not match. Without a trusted proxy, nothing changes.
 */
export function forwardedHost(): RequestHandler {
  return (req, _res, next) => {
    const host = req.host;
    if (host && host !== req.headers.host) req.headers.host = host;
    next();
  };
}
