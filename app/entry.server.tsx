import { PassThrough } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { nonceContext, pageKeepingContext } from "./context.server.ts";
import { errorFields, logger } from "./lib/logger.server.ts";
import { NonceContext } from "./lib/nonce.ts";
import { logRouterError } from "./lib/router-errors.server.ts";
import { FRESH_VALUES_HEADER, KEEP_PAGE_HEADER, pageKeeping } from "./lib/route-handle.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // A page that rendered without error may be kept and served again (server/page-cache.ts).
  const { matches, errors } = routerContext.staticHandlerContext;
  const keeping = pageKeeping(matches.map((match) => routerContext.routeModules[match.route.id]));
  const notes = loadContext.get(pageKeepingContext);
  if (responseStatusCode === 200 && !errors && keeping && notes) {
    // A page that shows a failed read is not kept, but may be once the database answers again.
    responseHeaders.set(KEEP_PAGE_HEADER, notes.degraded ? "not-now" : keeping);
    if (notes.freshValues.length > 0) responseHeaders.set(FRESH_VALUES_HEADER, notes.freshValues.join(","));
  }

  // The CSP nonce of this request (server/security-headers.ts): React Router's
  // inline scripts carry it, and no other inline script can run.
  const nonce = loadContext.get(nonceContext) || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");

          // The server collects every page whole before sending it (server/html-etag.ts: ETag,
          // critical-path rewrite, one compression call), and no page streams a Suspense
          // boundary: one buffer spares each of React's small chunks a trip through a web
          // stream. Resolved when React is done (or aborted at the stream timeout).
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () =>
            resolve(
              new Response(Buffer.concat(chunks), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            ),
          );
          body.on("error", reject);

          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) logServerError(error, request);
        },
      },
    );
  });
}

/** Errors from loaders, actions and rendering: logged once, as one JSON line. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return; // the guest went away; nothing failed
  logRouterError(error, request); // a 4xx as a client error (warn), anything else as an error
}

function logServerError(error: unknown, request: Request) {
  logger.error(
    { method: request.method, path: new URL(request.url).pathname, ...errorFields(error) },
    "request failed",
  );
}
