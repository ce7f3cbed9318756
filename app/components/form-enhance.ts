// How every form gets better with JavaScript (ADR 0014), in plain DOM code: no React runs in the
// browser. The server renders each form complete, and renders every answer (errors beside the
// fields with the values kept, the success notice, a room just taken) as a whole page, which is
// what a browser without JavaScript shows. With JavaScript a form marked `data-enhance`:
// - checks its fields with the form's zod schema (the one its action runs) before sending, and
//   shows each message beside its field at once;
// - sends itself once: a second click while the first is under way sends nothing;
// - posts in the background and puts the answer page's parts named by `data-swap` in place of its
//   own, so the guest stays where they are, and focus goes to what the answer says.
import { FORM_ERROR } from "~/lib/schemas/form-data.ts";
import { loadFormParser, type FormParser } from "./form-parsers.ts";

/** Dispatched (bubbling) on each element whose content an answer replaced, to enhance it anew. */
export const SWAPPED_EVENT = "lodge:swapped";

const enhanced = new WeakSet<HTMLFormElement>();

/** Enhances every `form[data-enhance]` under `root` (once each). */
export function enhanceForms(root: ParentNode) {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-enhance]")) {
    if (enhanced.has(form)) continue;
    enhanced.add(form);
    enhanceForm(form);
  }
}

function enhanceForm(form: HTMLFormElement) {
  let parser: Promise<FormParser | null> | null = null;
  const loadParser = () => (parser ??= loadFormParser(form.dataset.enhance ?? ""));
  let busy = false;

  // The schema is fetched once the guest starts on the form, not with the page.
  form.addEventListener("focusin", () => void loadParser(), { once: true });
  // A changed field loses its message: the next check or answer says what is still wrong.
  form.addEventListener("input", (event) => {
    const control = event.target;
    if (isControl(control) && control.getAttribute("aria-invalid") === "true") setFieldError(control, null);
  });

  form.addEventListener("submit", (event) => {
    const submitter = event.submitter;
    // 'Check availability' and other GET buttons reload the page as they do without JavaScript.
    if (submitter?.getAttribute("formmethod")?.toLowerCase() === "get") return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    const restore = showPending(form, submitter);
    void (async () => {
      try {
        const parse = await loadParser();
        const checked = parse?.(new FormData(form));
        if (checked && !checked.ok) {
          showFieldErrors(form, checked.fieldErrors as Record<string, string | undefined>);
          return;
        }
        await send(form, submitter);
      } finally {
        busy = false;
        restore();
      }
    })();
  });
}

function isControl(node: unknown): node is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return (
    node instanceof HTMLInputElement ||
    node instanceof HTMLSelectElement ||
    node instanceof HTMLTextAreaElement
  );
}

/** The submit button says it is working (`data-pending-label`) until the answer is in. */
function showPending(form: HTMLFormElement, submitter: HTMLElement | null): () => void {
  const button =
    submitter instanceof HTMLButtonElement
      ? submitter
      : form.querySelector<HTMLButtonElement>("button[type='submit']:not([formmethod])");
  const label = button?.dataset.pendingLabel;
  if (!button || !label) return () => {};
  const idle = button.textContent;
  button.textContent = label;
  button.setAttribute("aria-disabled", "true");
  return () => {
    button.textContent = idle;
    button.removeAttribute("aria-disabled");
  };
}

/** Puts each message beside its field, marks the fields, and focuses the first one in error. */
function showFieldErrors(form: HTMLFormElement, errors: Record<string, string | undefined>) {
  let first: HTMLElement | null = null;
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    "input[name], select[name], textarea[name]",
  )) {
    if (control.type === "hidden") continue;
    const message = errors[control.name];
    setFieldError(control, message ?? null);
    if (message && !first) first = control;
  }
  const formMessage = errors[FORM_ERROR];
  if (formMessage) showFailure(form, formMessage);
  first?.focus();
}

/** The markup of app/components/form-fields.tsx's FieldShell, for a message found in the browser. */
function setFieldError(
  control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  message: string | null,
) {
  const field = control.closest(".field");
  const errorId = `${control.id}-error`;
  let error = field?.querySelector<HTMLElement>(".field__error") ?? null;
  const describedBy = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id && id !== error?.id);
  if (message === null) {
    error?.remove();
    field?.classList.remove("field--invalid");
    control.removeAttribute("aria-invalid");
  } else {
    if (!error) {
      error = document.createElement("p");
      error.className = "field__error";
      field?.append(error);
    }
    error.id = errorId;
    error.textContent = message;
    field?.classList.add("field--invalid");
    control.setAttribute("aria-invalid", "true");
    describedBy.unshift(errorId);
  }
  if (describedBy.length > 0) control.setAttribute("aria-describedby", describedBy.join(" "));
  else control.removeAttribute("aria-describedby");
}

/**
 * Shows the form's failure notice (its `template[data-failure]`, rendered by the server with the
 * form's own wording), or `message` in it, at the top of the form.
 */
function showFailure(form: HTMLFormElement, message?: string) {
  const template = form.querySelector<HTMLTemplateElement>("template[data-failure]");
  if (!template) return;
  form.querySelector("[data-failure-notice]")?.remove();
  const notice = template.content.firstElementChild?.cloneNode(true);
  if (!(notice instanceof HTMLElement)) return;
  notice.dataset.failureNotice = "";
  if (message) notice.querySelector(".notice__body")?.replaceChildren(message);
  form.prepend(notice);
  focusNotice(notice);
}

function focusNotice(notice: HTMLElement) {
  notice.tabIndex = -1;
  notice.focus();
}

/** Posts the form as a browser would, then shows the answer page's parts in place. */
async function send(form: HTMLFormElement, submitter: HTMLElement | null) {
  clearNotices(form);
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) {
    if (typeof value === "string") body.append(name, value);
  }
  const answer = await fetchPage(form.action, { method: "POST", body }).catch(() => null);
  if (!answer) {
    showFailure(form);
    return;
  }
  const swapped = swapFromAnswer(form.dataset.swap ?? form.id, answer);
  if (swapped.length === 0) {
    showFailure(form);
    return;
  }
  focusAnswer(swapped);
}

/**
 * The notices of the last answer go while the form is sent: each answer is then a new notice,
 * announced as such, even when its text repeats ('Message sent successfully!' twice).
 */
function clearNotices(form: HTMLFormElement) {
  const parts = (form.dataset.swap ?? form.id).split(/\s+/).map((entry) => entry.split("=")[0] ?? "");
  for (const scope of [form, ...parts.map((id) => document.getElementById(id))]) {
    for (const notice of scope?.querySelectorAll(".notice") ?? []) notice.remove();
  }
}

/**
 * A page of this site as the browser would show it: the same URL a link or a form without
 * JavaScript would load, parsed, with its HTTP status. Rejects when the network fails.
 */
export async function fetchPage(url: string, init: RequestInit = {}): Promise<Document & { ok: boolean }> {
  const response = await fetch(url, { ...init, headers: { Accept: "text/html" } });
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  return Object.assign(page, { ok: response.ok });
}

/**
 * `spec` lists the page's elements to refresh, by id: `target` takes the content of the answer's
 * element of the same id, `target=source` that of another one. A dialog the answer no longer has
 * open closes (the room booked). Each refreshed element gets SWAPPED_EVENT. Returns them; none
 * when the answer is not a page of this site.
 */
export function swapFromAnswer(spec: string, answer: Document): HTMLElement[] {
  const parts = spec
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [targetId = "", sourceId = targetId] = entry.split("=");
      return {
        target: document.getElementById(targetId),
        source: answer.getElementById(sourceId),
        targetId,
        sourceId,
      };
    });
  // Not one of this site's pages (a proxy's 502, a plain 413): nothing is replaced, nothing closes.
  if (!parts.some(({ target, source }) => target && source)) return [];
  const swapped: HTMLElement[] = [];
  for (const { target, source, targetId, sourceId } of parts) {
    if (!target) continue;
    if (source) {
      const nodes = Array.from(source.childNodes, (node) => document.importNode(node, true));
      if (sourceId !== targetId) renameIds(nodes, sourceId, targetId);
      target.replaceChildren(...nodes);
      swapped.push(target);
    } else if (target instanceof HTMLDialogElement) {
      target.close();
      swapped.push(target);
    }
  }
  for (const element of swapped) element.dispatchEvent(new CustomEvent(SWAPPED_EVENT, { bubbles: true }));
  return swapped;
}

const ID_REFERENCES = ["id", "for", "aria-describedby", "aria-labelledby", "aria-controls"];

/**
 * Content taken from another element of the answer (`target=source`) names its ids after that
 * element (`newsletter-form-email`); renamed after the target, it cannot clash with the source's
 * own twin when both are on the page (/newsletter's form and the footer's).
 */
function renameIds(nodes: readonly Node[], from: string, to: string) {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    for (const element of [node, ...node.querySelectorAll("*")]) {
      for (const name of ID_REFERENCES) {
        const value = element.getAttribute(name);
        if (value?.includes(`${from}-`)) element.setAttribute(name, value.replaceAll(`${from}-`, `${to}-`));
      }
    }
  }
}

/** After an answer: the first field in error, else the first notice, takes focus. */
function focusAnswer(swapped: HTMLElement[]) {
  for (const element of swapped) {
    const invalid = element.querySelector<HTMLElement>("[aria-invalid='true']");
    if (invalid?.checkVisibility()) {
      invalid.focus();
      return;
    }
  }
  for (const element of swapped) {
    const notice = element.querySelector<HTMLElement>(".notice");
    if (notice?.checkVisibility()) {
      focusNotice(notice);
      return;
    }
  }
}
