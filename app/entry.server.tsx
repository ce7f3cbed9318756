import { PassThrough } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  nonceContext,
  pageKeepingContext,
  pagePipelineContext,
  type PagePipeline,
} from "./shared/context.server.ts";
import { errorFields, logger } from "./shared/logger.server.ts";
import { NonceContext } from "./shared/nonce.ts";
import { logRouterError } from "./shared/router-errors.server.ts";
import { pageKeeping } from "./shared/page-cache/route-handle.ts";
import { takingTurns } from "./shared/taking-turns.server.ts";

export const streamTimeout = 5_000;

/**
 * Documents render one at a time, each after a turn of the event loop. React renders a page with
 * no Suspense boundary in one go on the server's one thread, and pages whose data arrive together
 * (managers opening one kept report) would render back to back while a guest's request that
 * arrived meanwhile waited for them all; between two renders, the event loop reads it.
 */
const renders = takingTurns(1);

/**
 * Every document request, top to bottom (ADR 0016): decide whether the page will be kept (then it
 * renders without a nonce, its inline elements are hashed instead), render it whole with its
 * stylesheets inline, and hand the finished document to the page pipeline
 * (server/page-pipeline.ts) for its policy, validator, caching and compression.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const pipeline = loadContext.get(pagePipelineContext);
  const notes = loadContext.get(pageKeepingContext) ?? { freshValues: [], degraded: false };
  const { matches, errors } = routerContext.staticHandlerContext;
  const keeping = errors
    ? null
    : pageKeeping(matches.map((match) => routerContext.routeModules[match.route.id]));
  const page = { status: responseStatusCode, headers: responseHeaders, keeping, notes };
  // The CSP nonce of this request (server/security-headers.ts), given to React and React Router
  // as props: a page that will be kept gets none (its policy lists its inline elements' hashes).
  const nonce = pipeline.keeps(page) ? undefined : loadContext.get(nonceContext) || undefined;

  const rendered = await renders(() =>
    renderDocument(request, withInlineStylesheets(routerContext, pipeline.stylesheet), nonce),
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // An error inside the shell after it was sent to the stream (logged there) fails the page.
  const status = rendered.failed ? 500 : responseStatusCode;
  return pipeline.respond({ ...page, status, html: rendered.html, nonce });
}

/** The document as one string (no page streams a Suspense boundary), and whether it failed. */
function renderDocument(
  request: Request,
  routerContext: EntryContext,
  nonce: string | undefined,
): Promise<{ html: string; failed: boolean }> {
  let failed = false;
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
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), failed }));
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) logServerError(error, request);
        },
      },
    );
  });
}

/**
 * The page's stylesheets inline, so the first paint waits for no CSS request (the first
 * screen's HTML and CSS in the first 14 KB; each page's own CSS is a few KB compressed). Through
 * React Router's own `criticalCss` (its `<Links/>` renders it as a `<style>` with the nonce),
 * with the route modules' stylesheet links taken out of the manifest the render sees.
 * tests/e2e/page-cache.spec.ts fails if a page again asks for a stylesheet or renders without
 * its CSS. In development (no built files) Vite serves the stylesheets itself.
 */
function withInlineStylesheets(context: EntryContext, read: PagePipeline["stylesheet"]): EntryContext {
  // React Router may add an empty fragment ("x.css#") to tell a route's links apart.
  const hrefs = new Set(
    context.staticHandlerContext.matches
      .flatMap((match) => context.manifest.routes[match.route.id]?.css ?? [])
      .map((href) => href.split("#")[0] ?? href),
  );
  const css = [...hrefs].map((href) => ({ href, text: read(href) }));
  if (css.some(({ text }) => text === null)) return context; // not built: leave the links
  const routes = Object.fromEntries(
    Object.entries(context.manifest.routes).map(([id, route]) => [id, route && { ...route, css: undefined }]),
  );
  // Each file under a comment naming it. Built CSS never holds '</style', but a stylesheet must
  // not be able to close the element.
  const criticalCss = css
    .map(({ href, text }) => `/* ${href} */\n${text}`)
    .join("\n")
    .replaceAll("</style", "<\\/style");
  return { ...context, criticalCss, manifest: { ...context.manifest, routes } };
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
