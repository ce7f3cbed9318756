import type { RequestHandler, Response } from "express";
import compression from "compression";
import { constants } from "node:zlib";

/**
 * Brotli's window for answers compressed as they are sent, in bits: 256 KB, where brotli's
 * default is 4 MB. A page is some tens of KB, so nothing is lost to the smaller window. With the
 * default, the encoder of a page past 64 KB (a busy day's Today, the room board) sets up the whole
 * window: 4 MB outside the JS heap per answer, which V8 counts toward its next full collection,
 * so busy console pages bring on many more of them.
 */
export const BROTLI_WINDOW_BITS = 18;

type Listener = (...args: unknown[]) => void;

/**
 * compression hands an answer's `drain` listeners to its own zlib stream but cannot take them
 * off again (expressjs/compression#135). React Router's adapter waits for each drain of a
 * streamed answer with `once` and then `off`, so a long download (a CSV export) would pile up one
 * listener per drain on that stream, each called again at every later drain. Here one listener
 * stays, and the one-shot waits sit in a set that `off` can reach.
 */
function oneShotDrains(response: Response) {
  const waiting = new Set<Listener>();
  let listening = false;
  const { once, removeListener } = response;
  response.once = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return once.call(this, event, listener);
    waiting.add(listener);
    if (!listening) {
      listening = true;
      response.on("drain", () => {
        const due = [...waiting];
        waiting.clear();
        for (const wake of due) wake();
      });
    }
    return this;
  };
  response.off = response.removeListener = function (
    this: Response,
    event: string | symbol,
    listener: Listener,
  ) {
    if (event === "drain" && waiting.delete(listener)) return this;
    return removeListener.call(this, event, listener);
  };
}

/**
 * Compression of the answers made per request (pages drawn for their reader, the console's data
 * requests, exports): brotli where the client takes it, at quality 4 (fast enough per answer),
 * else gzip. Built assets come precompressed at the highest quality (server/static-files.ts),
 * kept pages compressed once (server/page-pipeline.ts).
 */
export function answerCompression(): RequestHandler {
  const compress = compression({
    brotli: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    },
  });
  return (request, response, next) => {
    compress(request, response, (error?: unknown) => {
      if (error) return next(error);
      oneShotDrains(response);
      next();
    });
  };
}
