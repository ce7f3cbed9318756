// The Room Booking dialog with JavaScript (plain DOM, ADR 0014). Without it a 'Book now' link
// loads its page with `?book=<type>`, which the server renders with the dialog open, and the
// dialog's form posts to that page. With it:
// - the link opens the dialog in place, as a modal (focus stays inside, Escape closes), shows
//   'Loading available rooms...' and fills it with the dialog of the link's page, fetched in the
//   background; a failed request shows the error in the dialog's banner and the page stays;
// - a dialog the server rendered open (`?book=` in the address) becomes modal and stays open;
// - closing it takes `?book=` out of the address.
// Its form is then an ordinary enhanced form (form-enhance.ts), which swaps the dialog's content
// and the page's success notice from the action's answer.
import { fetchPage, swapFromAnswer } from "./form-enhance.ts";

const DIALOG_ID = "room-booking-dialog";
const SHELL_ID = "room-booking-dialog-shell";

export function enhanceRoomDialog(root: ParentNode) {
  const rendered = root.querySelector<HTMLDialogElement>(`dialog#${DIALOG_ID}`);
  if (rendered) makeModal(rendered);
  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[data-book-room]")) {
    link.addEventListener("click", (event) => {
      const plainClick =
        event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      const dialog = plainClick ? openShell() : null;
      if (!dialog) return;
      event.preventDefault();
      void fill(dialog, link.href);
    });
  }
}

const modal = new WeakSet<HTMLDialogElement>();

/** A dialog rendered open by the server becomes modal (dropping `open` fires no 'close'). */
function makeModal(dialog: HTMLDialogElement) {
  if (modal.has(dialog)) return;
  modal.add(dialog);
  dialog.addEventListener("close", forgetBookAddress);
  if (dialog.open && !dialog.matches(":modal")) dialog.removeAttribute("open");
  if (!dialog.open) dialog.showModal();
}

/** Opens the dialog with the shell's content (title, close button, loading text). */
function openShell(): HTMLDialogElement | null {
  const shell = document.getElementById(SHELL_ID);
  const template = shell instanceof HTMLTemplateElement ? shell.content.querySelector("dialog") : null;
  if (!template) return null;
  let dialog = document.getElementById(DIALOG_ID);
  if (!(dialog instanceof HTMLDialogElement)) {
    dialog = document.importNode(template, false);
    shell?.after(dialog);
  }
  if (!(dialog instanceof HTMLDialogElement)) return null;
  dialog.replaceChildren(...Array.from(template.childNodes, (node) => document.importNode(node, true)));
  if (!dialog.open) {
    modal.delete(dialog);
    makeModal(dialog);
  }
  return dialog;
}

let openings = 0;

/** Puts the dialog of the page at `href` (with its free rooms) into the open dialog. */
async function fill(dialog: HTMLDialogElement, href: string) {
  const opening = ++openings;
  const answer = await fetchPage(href).catch(() => null);
  // Closed meanwhile, or opened again for another room: this answer is no longer wanted.
  if (!dialog.open || opening !== openings) return;
  const swapped = answer?.ok ? swapFromAnswer(DIALOG_ID, answer) : [];
  if (swapped.length === 0) {
    const failure = dialog.querySelector<HTMLElement>("[data-dialog-failure]");
    dialog.querySelector("[data-dialog-loading]")?.remove();
    if (failure) failure.hidden = false;
    return;
  }
  // The content focus was on (the frame's close button) has been replaced: start at the form.
  dialog.querySelector<HTMLElement>("form input:not([type='hidden']):not([tabindex='-1'])")?.focus();
}

/** After the dialog closes, the address no longer opens it. */
function forgetBookAddress() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("book")) return;
  url.searchParams.delete("book");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}
