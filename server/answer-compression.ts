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

/**
 * Compression of the answers made per request (pages drawn for their reader, the console's data
 * requests): brotli where the client takes it, at quality 4 (fast enough per answer), else gzip.
 * Built assets come precompressed at the highest quality (server/static-files.ts), kept pages
 * compressed once (server/page-pipeline.ts).
 */
export function answerCompression() {
  return compression({
    brotli: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    },
  });
}
