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
 * inert (`type="text/x-deferred-module"`) and a small loader, one frame after the first paint,
 * adds the preloads and runs it as a module with the page's nonce. React then hydrates exactly
 * as before. https://web.dev/articles/optimize-lcp#reduce-resource-load-delay
 */

const INERT_ID = "deferred-hydration";

/** The loader: after the next frame is painted, preload the chunks and run the module script. */
const loader = (nonce: string, hrefs: readonly string[]) =>
  `<script nonce="${nonce}">((me,hrefs)=>requestAnimationFrame(()=>setTimeout(()=>{` +
  `for(const href of hrefs){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}` +
  `const inert=document.getElementById("${INERT_ID}");if(!inert)return;` +
  `const s=document.createElement("script");s.type="module";s.nonce=me.nonce;s.textContent=inert.textContent;inert.replaceWith(s)` +
  `})))(document.currentScript,${JSON.stringify(hrefs)})</script>`;

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
