/**
 * The script every page ends with (app/root.tsx): it starts the enhancement module once the page
 * has loaded and its first paint is on screen, not while the first screen is still arriving.
 *
 * On a slow mobile link every request made before the largest paint competes with it, and
 * Lighthouse's simulation counts each one against it: preloading the module and its chunk in the
 * head put the content pages' LCP over its budget.
 * Every page is readable and every form works before any script runs, so nothing is lost by
 * waiting; a guest who acts sooner gets the complete no-JavaScript behaviour. ADR 0005 did the
 * same for React's scripts; ADR 0014 and 0015 keep it for the enhancement module.
 * https://web.dev/articles/optimize-lcp#reduce-resource-load-delay
 *
 * It waits for the `load` event (the first screen's images have arrived), then for the first
 * contentful paint to be reported (its time is known only once the frame is on screen), then
 * one more frame; then it adds the module's preloads and the module itself, with its own nonce.
 * Where the browser has no paint timing it waits one frame.
 */
const LOADER = `((me, src, hrefs) => {
  const run = () => {
    for (const href of hrefs) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = me.nonce;
    script.src = src;
    document.body.append(script);
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

/** The inline script's text for the module at `src` and the chunks it imports (`preloads`). */
export function deferredEnhancementScript(src: string, preloads: readonly string[]): string {
  return `${LOADER}(document.currentScript,${JSON.stringify(src)},${JSON.stringify(preloads)})`;
}
