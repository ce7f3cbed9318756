// /booking's tabs (room, reservation, venue) with JavaScript (plain DOM, ADR 0014). Without it
// each tab is a link to `?tab=…`, a page the server renders. With it they follow the ARIA tabs
// pattern: roving focus, arrow keys, Home and End, and the chosen tab's form is fetched from its
// page and put into the panel in place.
import { fetchPage, swapFromAnswer } from "./form-enhance.ts";

const enhanced = new WeakSet<HTMLElement>();

export function enhanceBookingTabs(root: ParentNode) {
  for (const list of root.querySelectorAll<HTMLElement>("[role='tablist'][data-panel]")) {
    if (enhanced.has(list)) continue;
    enhanced.add(list);
    enhanceTabList(list);
  }
}

function enhanceTabList(list: HTMLElement) {
  const tabs = Array.from(list.querySelectorAll<HTMLAnchorElement>("a[role='tab']"));
  const panelId = list.dataset.panel ?? "";
  let asked = 0;

  const selected = () => tabs.find((tab) => tab.getAttribute("aria-selected") === "true") ?? tabs[0];
  const mark = (chosen: HTMLAnchorElement) => {
    for (const tab of tabs) {
      const isChosen = tab === chosen;
      tab.setAttribute("aria-selected", String(isChosen));
      tab.tabIndex = isChosen ? 0 : -1;
      if (isChosen) tab.setAttribute("aria-controls", panelId);
      else tab.removeAttribute("aria-controls");
    }
    document.getElementById(panelId)?.setAttribute("aria-labelledby", chosen.id);
  };
  /** The spec's 'Loading data...' in place of the form while the chosen tab's form comes. */
  const showLoading = () => {
    const panel = document.getElementById(panelId);
    if (!panel || !list.dataset.loading) return;
    const status = document.createElement("p");
    status.setAttribute("role", "status");
    status.textContent = list.dataset.loading;
    panel.replaceChildren(status);
  };
  const initial = selected();
  if (initial) mark(initial);

  async function select(tab: HTMLAnchorElement) {
    if (tab === selected()) return;
    mark(tab);
    const ask = ++asked;
    showLoading();
    try {
      const answer = await fetchPage(tab.href);
      if (!answer.ok) throw new Error("not the tab's page");
      if (ask !== asked) return;
      const swapped = swapFromAnswer(panelId, answer);
      if (swapped.length === 0) throw new Error("no panel");
      history.replaceState(history.state, "", tab.href);
    } catch {
      // The page of that tab, as without JavaScript.
      if (ask === asked) window.location.assign(tab.href);
    }
  }

  for (const tab of tabs) {
    tab.addEventListener("click", (event) => {
      event.preventDefault();
      void select(tab);
    });
    tab.addEventListener("keydown", (event) => {
      const index = tabs.indexOf(tab);
      const last = tabs.length - 1;
      const target =
        event.key === "ArrowRight"
          ? index === last
            ? 0
            : index + 1
          : event.key === "ArrowLeft"
            ? index === 0
              ? last
              : index - 1
            : event.key === "Home"
              ? 0
              : event.key === "End"
                ? last
                : undefined;
      const next = target === undefined ? undefined : tabs[target];
      if (!next) return;
      event.preventDefault();
      next.focus();
      void select(next);
    });
  }
}
