// Hydrates the islands of a page (ADR 0015): each `[data-island]` wrapper the server rendered
// (app/shared/islands/island.tsx) becomes a live React root where it stands, on the guest's intent:
// focus, a pointer or a touch in it, or a click on one of its openers (a 'Book now' link outside
// it), or a form in it being sent. React and the island's module (app/islands.ts) are fetched only then, so a page that is
// only read loads none of them. React keeps what the guest typed before it took over (it does not
// reset uncontrolled fields when hydrating); the islands read their fields' values once live, and
// each field typed meanwhile reaches the island as a change, so its rules apply (island-root.tsx).
import { islands } from "./islands.ts";
import type { IslandName } from "./shared/islands/island-names.ts";

const INTENT_EVENTS = ["focusin", "pointerdown", "touchstart"] as const;
/** Keys an island may give a meaning to on its links and buttons (the tabs' arrow keys). */
const SCRIPTED_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function hydrateIslands(root: ParentNode) {
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) watch(element);
}

function watch(element: HTMLElement) {
  let hydrated: Promise<boolean> | null = null;
  let live = false;
  const start = () =>
    (hydrated ??= hydrate(element).then(
      (ok) => (live = ok),
      () => false,
    ));
  for (const type of INTENT_EVENTS) element.addEventListener(type, start, { once: true, passive: true });
  // A form sent before the island is live waits for it, then is sent by the island (checked, in
  // place), not posted as a new page; if the island cannot start, it is posted as it would be
  // without JavaScript. GET buttons ('Check availability') load their page as always.
  element.addEventListener("submit", (event) => {
    const form = event.target;
    const submitter = event.submitter;
    if (live || !(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
    if (submitter?.getAttribute("formmethod")?.toLowerCase() === "get") return;
    event.preventDefault();
    void start().then((ok) => {
      if (ok) form.requestSubmit(submitter);
      else HTMLFormElement.prototype.submit.call(form);
    });
  });
  if (element.dataset.islandEager !== undefined) void start();
  // The keys an island gives a meaning to on its links (/booking's tabs) wait for it, then reach
  // it. Its links that it acts on in place are among its openers (below).
  element.addEventListener("keydown", (event) => {
    const target = event.target;
    if (live || !SCRIPTED_KEYS.has(event.key) || !(target instanceof HTMLElement)) return;
    if (target.matches("input, select, textarea, [contenteditable]")) return;
    event.preventDefault();
    const { key } = event;
    void start().then((ok) => {
      if (ok) target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    });
  });
  const openers = element.dataset.islandOpeners;
  if (!openers) return;
  // Capture phase: the island is asked to take the click before the link navigates.
  document.addEventListener(
    "click",
    (event) => {
      if (live || event.defaultPrevented || !(event.target instanceof Element)) return;
      const opener = event.target.closest<HTMLElement>(openers);
      if (!opener || !isPlainClick(event)) return;
      event.preventDefault();
      // Once live, the island's own listener handles the same click; if it cannot start, the
      // link does what it does without JavaScript.
      void start().then((ok) => {
        if (ok) opener.click();
        else if (opener instanceof HTMLAnchorElement) window.location.assign(opener.href);
      });
    },
    true,
  );
}

async function hydrate(element: HTMLElement): Promise<boolean> {
  const name = element.dataset.island ?? "";
  if (!Object.hasOwn(islands, name)) return false;
  const props: unknown = JSON.parse(element.dataset.islandProps ?? "{}");
  const [{ hydrateIsland }, component] = await Promise.all([
    import("./shared/islands/island-root.tsx"),
    islands[name as IslandName](),
  ]);
  await hydrateIsland(element, component, props as object);
  // Says so to the browser tests (tests/e2e/enhanced.ts).
  element.dataset.islandLive = "";
  return true;
}
