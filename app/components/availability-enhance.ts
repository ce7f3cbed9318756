// Room and venue lists that follow the dates by themselves (issue 7), in plain DOM code (ADR 0014).
// Without JavaScript a form's 'Check availability' button reloads the page with the list for the
// chosen dates; with it, a form marked `data-availability` asks the same page for them shortly
// after the dates stop changing and puts the answer's list in place, keeping what the guest typed.
import { clampCheckOut } from "~/lib/form-rules.ts";
import { isIsoDate } from "~/lib/dates.ts";
import { datesToAsk } from "~/lib/stay-search.ts";
import { fetchPage, swapFromAnswer } from "./form-enhance.ts";

/** How long the dates must stay still before the list is asked for again (well within half a second). */
const DEBOUNCE_MS = 300;

const enhanced = new WeakSet<HTMLFormElement>();

/**
 * For each `form[data-availability]` under `root`:
 * - `data-availability`: the page address to ask (`/booking?tab=room`), to which the dates go;
 * - `data-availability-swap`: the ids of the parts to refresh from the answer (see swapFromAnswer);
 * - `data-clamp-check-out`: a check-out set before check-in becomes check-in (the spec's rule on
 *   /reservation).
 * Every form with check-in and check-out keeps check-out's earliest day at check-in.
 */
export function enhanceAvailability(root: ParentNode) {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-availability]")) {
    if (enhanced.has(form)) continue;
    enhanced.add(form);
    followDates(form);
  }
  for (const button of root.querySelectorAll<HTMLElement>("[data-check-availability]")) button.hidden = true;
}

function field(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLInputElement ? control : null;
}

/** The address whose answer lists what is free for the dates in the form, or null while they are incomplete. */
function availabilityUrl(form: HTMLFormElement): string | null {
  const base = form.dataset.availability ?? "";
  const url = new URL(base, window.location.href);
  const bookingDate = field(form, "bookingDate");
  if (bookingDate) {
    if (!isIsoDate(bookingDate.value)) return null;
    url.searchParams.set("bookingDate", bookingDate.value);
    return url.pathname + url.search;
  }
  const dates = datesToAsk(field(form, "checkIn")?.value ?? "", field(form, "checkOut")?.value ?? "");
  if (!dates) return null;
  url.searchParams.set("checkIn", dates.checkIn);
  url.searchParams.set("checkOut", dates.checkOut);
  return url.pathname + url.search;
}

function followDates(form: HTMLFormElement) {
  // The page was rendered with the list for the dates it shows.
  let shown = availabilityUrl(form);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  // A list asked for before the form was sent must not land on the form's answer.
  form.addEventListener("submit", () => {
    clearTimeout(timer);
    asked += 1;
  });

  form.addEventListener("input", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement)) return;
    if (target.name === "checkIn" || target.name === "checkOut") keepDatesInOrder(form, target);
    if (!["checkIn", "checkOut", "bookingDate"].includes(target.name)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), DEBOUNCE_MS);
  });

  async function refresh() {
    const url = availabilityUrl(form);
    if (url === null || url === shown) return;
    const ask = ++asked;
    // On failure the list stays as it was; the server checks the room again when the form is sent.
    const answer = await fetchPage(url).catch(() => null);
    if (!answer?.ok) return;
    // A later change of the dates has asked again meanwhile: its answer decides.
    if (ask !== asked || !form.isConnected) return;
    shown = url;
    const chosen = selectedValues(form);
    swapFromAnswer(form.dataset.availabilitySwap ?? "", answer);
    restoreSelections(form, chosen);
  }
}

/** Check-out's earliest day follows check-in; on /reservation an earlier check-out becomes check-in. */
function keepDatesInOrder(form: HTMLFormElement, changed: HTMLInputElement) {
  const checkIn = field(form, "checkIn");
  const checkOut = field(form, "checkOut");
  if (!checkIn || !checkOut) return;
  if (changed === checkIn && isIsoDate(checkIn.value) && checkIn.value >= checkIn.min)
    checkOut.min = checkIn.value;
  if (form.dataset.clampCheckOut !== undefined) {
    const clamped = clampCheckOut(checkIn.value, checkOut.value);
    if (clamped !== checkOut.value) checkOut.value = clamped;
  }
}

function selectedValues(form: HTMLFormElement): Map<string, string> {
  const values = new Map<string, string>();
  for (const select of form.querySelectorAll("select"))
    if (select.value) values.set(select.name, select.value);
  return values;
}

/** A room or venue the guest had chosen stays chosen while the new list still offers it. */
function restoreSelections(form: HTMLFormElement, chosen: Map<string, string>) {
  for (const select of form.querySelectorAll("select")) {
    const value = chosen.get(select.name);
    if (!value || select.value === value) continue;
    if (!Array.from(select.options).some((option) => option.value === value)) continue;
    select.value = value;
    // The estimate follows the choice (estimate-enhance.ts).
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
