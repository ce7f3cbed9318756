// How an island talks to the server (ADR 0024): through JSON routes under /api/ whose answers
// this site defines, each calling the same server function and schema as its page. Plain fetch
// and JSON: nothing here depends on how React Router talks to its own pages.

/**
 * An island's JSON route: its address, and the answers of its loader (`Loaded`) and action
 * (`Answer`). Declared once beside the island; the route module answers through it
 * (island-answers.ts), so the two cannot disagree on a shape without the compiler saying so.
 */
export interface IslandApi<Loaded, Answer> {
  readonly path: `/api/${string}`;
  /** Never set: carries the answer types from the declaration to the route and the island. */
  readonly answers?: { loaded: Loaded; answer: Answer };
}

export function islandApi<Loaded, Answer = never>(path: `/api/${string}`): IslandApi<Loaded, Answer> {
  return { path };
}

/** An action's answer that sends the guest on (a deposit's payment step): where to. */
export interface IslandRedirect {
  redirect: string;
}

/** The search parameters of a request: those of the page the island stands for (`?book=Deluxe`). */
export type Query = URLSearchParams | Record<string, string>;

/** An action's answer, or where it sends the guest, or `null` when no answer of ours came. */
export type PostAnswer<A> = { body: A } | IslandRedirect | null;

function address(api: IslandApi<unknown, unknown>, query: Query | undefined): URL {
  const url = new URL(api.path, window.location.href);
  url.search = new URLSearchParams(query).toString();
  return url;
}

const ACCEPT = { Accept: "application/json" };

/**
 * The JSON of an answer, or `undefined` when it is not one of ours: the network failed, or a
 * proxy or the server's guards answered with a page or plain text (a 502, a 413).
 */
async function readJson(response: Response | null): Promise<unknown> {
  if (!response?.headers.get("Content-Type")?.startsWith("application/json")) return undefined;
  return response.json().catch(() => undefined);
}

/** What the island's loader answers for `query`, or `null` when it gave no data (an error status). */
export async function getJson<L>(api: IslandApi<L, unknown>, query?: Query): Promise<L | null> {
  const response = await fetch(address(api, query), { headers: ACCEPT }).catch(() => null);
  if (!response?.ok) return null;
  const value = await readJson(response);
  return value === undefined ? null : (value as L);
}

/** Posts a form to the island's action, as the form itself posts to its page without JavaScript. */
export async function postForm<A>(
  api: IslandApi<unknown, A>,
  body: URLSearchParams,
  query?: Query,
): Promise<PostAnswer<A>> {
  const response = await fetch(address(api, query), { method: "POST", body, headers: ACCEPT }).catch(
    () => null,
  );
  const value = await readJson(response);
  if (typeof value !== "object" || value === null) return null;
  if (isRedirect(value)) return sameOrigin(value.redirect) ? { redirect: value.redirect } : null;
  return { body: value as A };
}

function isRedirect(value: object): value is IslandRedirect {
  return Object.keys(value).length === 1 && "redirect" in value && typeof value.redirect === "string";
}

/** Only a page of this site is followed: an answer is never a way to send the guest elsewhere. */
function sameOrigin(target: string): boolean {
  try {
    const here = new URL(window.location.href);
    return new URL(target, here).origin === here.origin;
  } catch {
    return false;
  }
}

/** A form's fields as the browser would post them (files aside: no form of ours has any). */
export function formBody(form: HTMLFormElement, submitter?: HTMLElement | null): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter ?? null)) {
    if (typeof value === "string") body.append(name, value);
  }
  return body;
}
