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
   * A page whose HTML shows data from the database (rates, free rooms) besides its URL and the
   * build: the server keeps it per data version and lodge day and renders it afresh when either
   * moves (server/page-cache.ts, ADR 0013). Its loader must take submission ids from
   * `freshSubmissionId` and report a failed read with `dontKeepPage` (page-keeping.server.ts).
   */
  keepPerDataVersion?: boolean;
};

/** `export const handle = NO_HYDRATION;` in a content page's route module. */
export const NO_HYDRATION = { hydrate: false } as const satisfies RouteHandle;

/** Whether any of the matched routes asked not to be hydrated. */
export function wantsNoHydration(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return matches.some((match) => (match?.handle as RouteHandle | undefined)?.hydrate === false);
}

/**
 * Whether the server may keep the rendered page of these matched routes (server/page-cache.ts):
 * "forever" for pure content (until the process ends: a new build is a new process), "data" for
 * a page that also shows database data (per data version and lodge day), null for a page that
 * is rendered for every request. Never a staff page: it belongs to one signed-in person.
 */
export function pageKeeping(matches: ReadonlyArray<{ handle?: unknown } | undefined>): PageKeeping | null {
  if (isStaffConsole(matches)) return null;
  const handles = matches.map((match) => match?.handle as RouteHandle | undefined);
  if (handles.some((handle) => handle?.keepPerDataVersion === true)) return "data";
  return wantsNoHydration(matches) ? "forever" : null;
}
export type PageKeeping = "forever" | "data";

/**
 * Response header with which the server render (app/entry.server.tsx) marks a 200 page the
 * server may keep, with its `PageKeeping` (server/page-cache.ts removes it before it leaves).
 */
export const KEEP_PAGE_HEADER = "X-Lodge-Keep-Page";
/**
 * Values rendered into a kept page that every visitor must get anew (a form's submission id),
 * comma-separated: the cache puts fresh ones in their place each time it serves the page.
 */
export const FRESH_VALUES_HEADER = "X-Lodge-Fresh-Values";

/**
 * The staff console's pages say so: they bring their own header and landmarks, not the site's.
 * They are not hydrated: every action is a plain form post, and React Router's data requests
 * (`/staff.data`) would fall outside the session cookie's Path=/staff.
 */
export const STAFF_CONSOLE = { staffConsole: true, hydrate: false } as const satisfies RouteHandle;

export function isStaffConsole(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return matches.some((match) => (match?.handle as RouteHandle | undefined)?.staffConsole === true);
}
