import type { RequestHandler } from "express";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every route that takes a write takes a form (decisions.md 18): URL-encoded or multipart, as
 * browsers and the enhancement's background posts send it. Anything else (JSON, plain text, no type, a
 * multipart type without its boundary) would make `request.formData()` throw inside the route,
 * a 500 for what is the client's mistake: here it is a 415 with a plain message instead, for
 * every route at once. Logged as a client error (4xx, server/request-log.ts).
 */
export function formBodiesOnly(): RequestHandler {
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const type = (req.get("content-type") ?? "").toLowerCase();
    const essence = type.split(";")[0]!.trim();
    if (essence === "application/x-www-form-urlencoded") return next();
    if (essence === "multipart/form-data" && /;\s*boundary=/.test(type)) return next();
    res
      .status(415)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send(
        "This address takes a web form (application/x-www-form-urlencoded or multipart/form-data) and nothing else.",
      );
  };
}
