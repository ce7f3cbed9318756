/**
 * Starts React's scripts after the first paint instead of during it.
 *
 * React Router ends a hydrating page with an inline module script that imports the entry and
 * route chunks (about 150 KB compressed with React), and lists them all as module preloads in
 * the head. On a slow mobile link those downloads share the connection with everything the
 * first screen needs, and Lighthouse's simulation counts every request made before the largest
 * paint against it (issue 4: LCP 2.1 s on the form pages, budget 1.5 s).
 *
 * Every page is readable and every form works before any script runs (plain posts, the booking
 * dialog rendered by the server), so nothing is lost by waiting: the module script is kept
 * inert (`type="text/x-deferred-module"`) and a small loader (below) runs it once the page has
 * loaded and painted. React then hydrates exactly as before.
 * https://web.dev/articles/optimize-lcp#reduce-resource-load-delay
 */

const INERT_ID = "deferred-hydration";

/**
 * The loader, run where the module script was. It waits for the `load` event (the first screen's
 * images have arrived), then for the first contentful paint to be reported (its time is known
 * only once the frame is on screen), then one more frame; then it adds the preloads and runs the
 * module script with its own nonce. Where the browser has no paint timing it waits one frame.
 */
const LOADER = `((me, hrefs) => {
  const run = () => {
    for (const href of hrefs) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const inert = document.getElementById("${INERT_ID}");
    if (!inert) return;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = me.nonce;
    script.textContent = inert.textContent;
    inert.replaceWith(script);
  };
  const nextFrame = () => requestAnimationFrame(() => setTimeout(run));
  const afterPaint = () => {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (painted() || !globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return nextFrame();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      nextFrame();
    });
    observer.observe({ type: "paint" });
  };
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
})`.replace(/\n\s*/g, "");

const loader = (nonce: string, hrefs: readonly string[]) =>
  `<script nonce="${nonce}">${LOADER}(document.currentScript,${JSON.stringify(hrefs)})</script>`;

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/;

/**
 * `body` is the document after `</head>`; `preloads` the module preload tags taken out of the
 * head. Returns the body with the router's module script made inert and the loader after it, or
 * null when there is no router module script (the caller then keeps the preloads where they were).
 */
export function deferHydration(body: string, preloads: readonly string[], nonce: string): string | null {
  const match = MODULE_SCRIPT.exec(body);
  if (!match || !match[1]?.includes("__reactRouterManifest")) return null;
  const hrefs = preloads.flatMap((tag) => /\bhref="(\/assets\/[\w.-]+\.js)"/.exec(tag)?.[1] ?? []);
  const inert = `<script type="text/x-deferred-module" id="${INERT_ID}">${match[1]}</script>`;
  return (
    body.slice(0, match.index) + inert + loader(nonce, hrefs) + body.slice(match.index + match[0].length)
  );
}
