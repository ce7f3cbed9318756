// The price of the guest's choice, kept up to date as they change room, venue, dates or number of
// rooms (plain DOM, ADR 0014). The server renders the same texts with the same functions
// (app/lib/stay-estimate.ts); the options carry their rate as `data-price`.
import { formatKwacha } from "~/lib/money.ts";
import { reservationEstimateText, stayPriceText } from "~/lib/stay-estimate.ts";
import { SWAPPED_EVENT } from "./form-enhance.ts";

const enhanced = new WeakSet<HTMLFormElement>();

/** Forms under `root` with `[data-estimate]` parts: 'stay' (a line), 'reservation', 'summary' (/booking). */
export function enhanceEstimates(root: ParentNode) {
  for (const part of root.querySelectorAll<HTMLElement>("[data-estimate]")) {
    const form = part.closest("form");
    if (!form || enhanced.has(form)) continue;
    enhanced.add(form);
    const update = () => updateEstimates(form);
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    // A list the dates brought anew (availability-enhance.ts) may no longer offer the choice.
    form.addEventListener(SWAPPED_EVENT, update);
  }
}

function value(form: HTMLFormElement, name: string): string {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control.value : "";
}

function updateEstimates(form: HTMLFormElement) {
  const select = form.querySelector<HTMLSelectElement>("select[name='roomId'], select[name='venueId']");
  const option = select?.selectedOptions[0];
  const chosen = option?.value ? option : undefined;
  const rate = chosen?.dataset.price ? Number(chosen.dataset.price) : null;
  const checkIn = value(form, "checkIn");
  const checkOut = value(form, "checkOut");
  for (const part of form.querySelectorAll<HTMLElement>("[data-estimate]")) {
    if (part.dataset.estimate === "stay") {
      part.textContent = stayPriceText(rate, checkIn, checkOut);
    } else if (part.dataset.estimate === "reservation") {
      const estimate = reservationEstimateText(rate, checkIn, checkOut, value(form, "roomCount"));
      part.hidden = estimate === null;
      setText(part, "total", estimate?.total ?? "");
      setText(part, "detail", estimate?.detail ?? "");
    } else if (part.dataset.estimate === "summary") {
      part.hidden = chosen === undefined;
      setText(part, "number", chosen?.dataset.number ?? "");
      setText(part, "type", chosen?.dataset.type ?? "");
      setText(part, "venue", chosen?.dataset.venue ?? "");
      setText(part, "total", stayPriceText(rate, checkIn, checkOut));
      setText(part, "venue-total", rate === null ? "" : formatKwacha(rate));
    }
  }
}

function setText(part: HTMLElement, name: string, text: string) {
  const slot = part.querySelector(`[data-estimate-part='${name}']`);
  if (slot) slot.textContent = text;
}
