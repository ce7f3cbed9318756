/**
 * What a route module may say about itself through `export const handle`.
 *
 * `hydrate: false` marks a page that is pure content: the server renders it, the browser gets no
 * React at all, only the small enhancement module (app/enhance.client.ts) for its carousels,
 * menu and notices. Pages with forms leave it out and hydrate as usual.
 */
export type RouteHandle = { hydrate?: boolean };

/** `export const handle = NO_HYDRATION;` in a content page's route module. */
export const NO_HYDRATION = { hydrate: false } as const satisfies RouteHandle;

/** Whether any of the matched routes asked not to be hydrated. */
export function wantsNoHydration(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return matches.some((match) => (match?.handle as RouteHandle | undefined)?.hydrate === false);
}
