// The server side of an island's JSON route (ADR 0024), for the route modules under
// app/routes/api/: the answer of the page's own server function, as JSON. Plain module (no
// components): the answers are typed by the island's declaration (island-api.ts).
import type { IslandApi, IslandRedirect } from "./island-api.ts";

/** What a page's server function gives: its value and, if it chose them, a status and headers (`data()`). */
export interface Given<T> {
  data: T;
  init?: ResponseInit | null;
}

function json(value: unknown, init?: ResponseInit | null): Response {
  const headers = new Headers(init?.headers);
  // Lists of free rooms, fresh submission ids, a payment's progress: never from a cache.
  headers.set("Cache-Control", "no-store");
  return Response.json(value, { status: init?.status ?? 200, headers });
}

/** A redirect becomes `{ redirect }` (the island follows it); any other Response its status alone. */
function fromResponse(response: Response): Response {
  const location = response.headers.get("Location");
  if (response.status >= 300 && response.status < 400 && location) {
    return json({ redirect: location } satisfies IslandRedirect);
  }
  return json(null, { status: response.status });
}

/** What a server function threw: a redirect or a status it chose, as JSON; anything else is a 500. */
function fromThrown(thrown: unknown): Response {
  if (thrown instanceof Response) return fromResponse(thrown);
  if (typeof thrown === "object" && thrown !== null && "data" in thrown && "init" in thrown) {
    return json(null, { status: (thrown as Given<unknown>).init?.status ?? 500 });
  }
  throw thrown;
}

/** The loader of an island's JSON route: what the page's loader function gives, as JSON. */
export async function answerLoad<L>(
  _api: IslandApi<L, unknown>,
  load: () => Promise<Given<L>>,
): Promise<Response> {
  try {
    const { data, init } = await load();
    return json(data, init);
  } catch (thrown) {
    return fromThrown(thrown);
  }
}

/**
 * The action of an island's JSON route: what the page's action function gives, as JSON, with
 * its status (400, 409, 429, 503 as for the page); a redirect, thrown or returned, as `{ redirect }`.
 */
export async function answerAction<A>(
  _api: IslandApi<unknown, A>,
  act: () => Promise<Given<A> | Response>,
): Promise<Response> {
  try {
    const answer = await act();
    if (answer instanceof Response) return fromResponse(answer);
    const { data, init } = answer;
    return json(data, init);
  } catch (thrown) {
    return fromThrown(thrown);
  }
}
