/**
 * What a route module may say about itself through `export const handle`.
 *
 * `hydrate: false` marks a page that is pure content: the server renders it, the browser gets no
 * React at all, only the small enhancement module (app/enhance.client.ts) for its carousels,
 * menu and notices. Pages with forms leave it out and hydrate as usual.
 */
export type RouteHandle = {
  hydrate?: boolean;
  /** The staff console's pages (see STAFF_CONSOLE). */
  staffConsole?: boolean;
  /**
   * For a content page whose loader reads the database (the home page's room rates): how many
   * seconds the server may serve its rendered HTML again before rendering afresh. Pure content
   * pages leave it out and are kept until the process ends (a new build is a new process).
   */
  keepSeconds?: number;
};

/** `export const handle = NO_HYDRATION;` in a content page's route module. */
export const NO_HYDRATION = { hydrate: false } as const satisfies RouteHandle;

/** Whether any of the matched routes asked not to be hydrated. */
export function wantsNoHydration(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return matches.some((match) => (match?.handle as RouteHandle | undefined)?.hydrate === false);
}

/**
 * How long a page of these matched routes may be kept, in seconds: the shortest `keepSeconds`
 * among them, or Infinity when none reads data.
 */
export function keepSeconds(matches: ReadonlyArray<{ handle?: unknown } | undefined>): number {
  return Math.min(
    Infinity,
    ...matches.map((match) => (match?.handle as RouteHandle | undefined)?.keepSeconds ?? Infinity),
  );
}

/**
 * Response header with which the server render (app/entry.server.tsx) marks a 200 page whose
 * routes are all content (NO_HYDRATION): its HTML depends only on the URL and the build, so the
 * server may keep it (server/page-cache.ts, which removes the header before it leaves).
 */
export const STATIC_PAGE_HEADER = "X-Lodge-Static-Page";
/** The header's value for a page kept until the process ends; otherwise it is `keepSeconds`. */
export const KEEP_FOREVER = "forever";

/**
 * The staff console's pages say so: they bring their own header and landmarks, not the site's.
 * They are not hydrated: every action is a plain form post, and React Router's data requests
 * (`/staff.data`) would fall outside the session cookie's Path=/staff.
 */
export const STAFF_CONSOLE = { staffConsole: true, hydrate: false } as const satisfies RouteHandle;

export function isStaffConsole(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return matches.some((match) => (match?.handle as RouteHandle | undefined)?.staffConsole === true);
}
