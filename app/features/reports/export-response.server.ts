import { CSV_START, csvLines } from "~/shared/csv.ts";
import { logger } from "~/shared/logger.server.ts";
import type { ListFile } from "./exports.server.ts";

/**
 * How many exports one instance prepares at once. Each holds a slice of rows and the socket's
 * buffers; beyond this a flood of exports would only queue behind each other on the database
 * while memory grows, so the next one is refused (503) and asked to try again in a moment.
 */
export const EXPORTS_AT_ONCE = 2;

export const EXPORTS_BUSY =
  "Other downloads are being prepared just now, so this one has not started. Please try again in a moment.";

let running = 0;

const encoder = new TextEncoder();

/**
 * A list as a CSV download, streamed: the header first, then each slice of rows as it is read and
 * only when the client has taken the one before (the stream pulls a slice at a time, and the
 * server waits for the socket to drain before it asks for more). The same bytes as the whole file
 * made at once (app/shared/csv.ts). A 503 with EXPORTS_BUSY while EXPORTS_AT_ONCE are under way.
 */
export function exportResponse(file: ListFile, fileName: string): Response {
  if (running >= EXPORTS_AT_ONCE) {
    return new Response(EXPORTS_BUSY, {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "5",
      },
    });
  }
  running += 1;
  const slices = Array.isArray(file.rows)
    ? [file.rows][Symbol.iterator]()
    : file.rows[Symbol.asyncIterator]();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    running -= 1;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`${CSV_START}${csvLines([file.header])}`));
      },
      async pull(controller) {
        try {
          // A pull must enqueue or close: the stream does not ask again after one that did neither.
          for (;;) {
            const slice = await slices.next();
            if (slice.done) {
              release();
              controller.close();
              return;
            }
            if (slice.value.length > 0) {
              controller.enqueue(encoder.encode(csvLines(slice.value)));
              return;
            }
          }
        } catch (error) {
          release();
          logger.error({ error: error instanceof Error ? error.message : String(error) }, "export failed");
          controller.error(error);
        }
      },
      async cancel() {
        // The client went away: stop reading and free the place.
        release();
        await slices.return?.();
      },
    },
    // One slice read ahead at most.
    { highWaterMark: 1 },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
