// How an island talks to the server (ADR 0015): through the very loaders and actions of its page,
// by React Router's own data requests (`/contact.data`), so there is one server function per
// write, one zod schema and one set of messages, whatever the client. The answers are in React
// Router's encoding, turbo-stream 2, decoded with that library (React Router vendors the same
// version; its own decoder would bring about 20 KB of the router along).
import { decode } from "turbo-stream";

/**
 * A page's answer, or `null` when there is none to read: the network failed, or something other
 * than this site answered (a proxy's 502 page, a bare 413). `status` is the page's HTTP status.
 */
export type RouteAnswer<T> = { status: number; data: T } | null;

/** React Router's data address of a page address (`/rooms?book=x` → `/rooms.data?book=x`). */
function dataUrl(address: string): URL {
  const url = new URL(address, window.location.href);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url;
}

async function decoded(response: Response | null): Promise<{ status: number; value: unknown } | null> {
  // Only React Router marks its answers; anything else is not one of ours.
  if (!response?.body || !response.headers.has("X-Remix-Response")) return null;
  try {
    // React Router's own types (errors thrown by a loader, redirects) are not answers an island
    // can show: they decode to nothing, and the island says the request failed.
    const { value } = await decode(response.body, { plugins: [() => ({ value: undefined })] });
    return { status: response.status, value };
  } catch {
    return null;
  }
}

/**
 * An action's answer: its data, or the page it sends the guest on to (a Mobile Money deposit's
 * payment step, `/pay/<reference>?token=…`, ADR 0018), or `null` as for a loader's answer.
 */
export type ActionAnswer<T> = { status: number; data: T } | { status: number; redirect: string } | null;

/** Posts a form to the action of the page at `action`, as the form itself would without JavaScript. */
export async function submitToAction<T>(action: string, body: URLSearchParams): Promise<ActionAnswer<T>> {
  const response = await fetch(dataUrl(action), { method: "POST", body }).catch(() => null);
  const answer = await decoded(response);
  const value = answer?.value;
  if (!answer || typeof value !== "object" || value === null) return null;
  // A redirect thrown by an action: React Router answers 202 with where to (single fetch).
  if (answer.status === 202 && "redirect" in value && typeof value.redirect === "string") {
    return sameOrigin(value.redirect) ? { status: answer.status, redirect: value.redirect } : null;
  }
  if (!("data" in value)) return null;
  return { status: answer.status, data: value.data as T };
}

/** Only a page of this site is followed: an answer is never a way to send the guest elsewhere. */
function sameOrigin(address: string): boolean {
  try {
    return new URL(address, window.location.href).origin === new URL(window.location.href).origin;
  } catch {
    return false;
  }
}

/** The data of route `routeId`'s loader for the page at `address` (its query included). */
export async function loadRouteData<T>(address: string, routeId: string): Promise<RouteAnswer<T>> {
  const url = dataUrl(address);
  url.searchParams.set("_routes", routeId);
  const response = await fetch(url).catch(() => null);
  const answer = await decoded(response);
  const route = (answer?.value as Record<string, { data?: unknown } | undefined> | undefined)?.[routeId];
  if (!answer || !route || !("data" in route) || answer.status >= 400) return null;
  return { status: answer.status, data: route.data as T };
}

/** A form's fields as the browser would post them (files aside: no form of ours has any). */
export function formBody(form: HTMLFormElement, submitter?: HTMLElement | null): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter ?? null)) {
    if (typeof value === "string") body.append(name, value);
  }
  return body;
}
