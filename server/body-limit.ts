import type { RequestHandler, Response } from "express";

/** The largest request body the site takes: a form, or the payment provider's webhook. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Refuses request bodies over `maxBytes` with 413 before anything reads them
 * (decisions.md 15). Bodies without a declared length are counted as they
 * arrive and cut off at the limit.
 */
export function bodyLimit(
  maxBytes: number,
  tooLarge: (res: Response) => void = formTooLarge,
): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = Number(req.headers["content-length"] ?? NaN);
    if (declared > maxBytes) return tooLarge(res);
    if (Number.isFinite(declared)) return next();
    // Count the bytes as the HTTP parser hands them to the request stream
    // (Readable#push). Listening for 'data' instead would start the stream
    // flowing before the real reader is attached, and lose the first chunks.
    let received = 0;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk != null) {
        received += (chunk as Buffer).length;
        if (received > maxBytes) {
          if (!res.headersSent) tooLarge(res);
          req.destroy();
          return false;
        }
      }
      return push(chunk, encoding);
    };
    next();
  };
}

function formTooLarge(res: Response) {
  res
    .status(413)
    .type("text/plain")
    .set("Connection", "close")
    .send("This form is too large to send. Please shorten your message and try again.");
}
