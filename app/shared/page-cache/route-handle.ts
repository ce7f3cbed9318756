/**
 * What a route module may say about itself through `export const handle`.
 * Every public page gets the server's HTML and the small enhancement module
 * (app/enhance.client.ts), which hydrates its islands on the guest's intent (ADR 0015). What a
 * handle decides is how long the server may keep the rendered page (server/page-pipeline.ts).
 */
export type RouteHandle = {
  /**
   * A page that is pure content: it changes only with the build, so the server keeps it for the
   * life of the process (ADR 0007).
   */
  content?: boolean;
  /** The staff console's pages (see STAFF_CONSOLE). */
  staffConsole?: boolean;
  /**
   * A page whose HTML shows data from the database (rates, free rooms) besides its URL and the
   * build: the server keeps it per data version and lodge day and renders it afresh when either
   * moves (server/page-pipeline.ts, ADR 0013). Its loader must be a `keptPageLoader`
   * (kept-page.server.ts), which hands it the page's submission ids and failed reads: the pipeline
   * keeps the page only then.
   */
  keepPerDataVersion?: boolean;
};

/** `export const handle = CONTENT_PAGE;` in a content page's route module. */
export const CONTENT_PAGE = { content: true } as const satisfies RouteHandle;

/** Whether any of the matched routes is a content page. */
function isContentPage(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return matches.some((match) => (match?.handle as RouteHandle | undefined)?.content === true);
}

/**
 * Whether the server may keep the rendered page of these matched routes (server/page-pipeline.ts):
 * "forever" for pure content (until the process ends: a new build is a new process), "data" for
 * a page that also shows database data (per data version and lodge day), null for a page that
 * is rendered for every request. Never a staff page: it belongs to one signed-in person.
 */
export function pageKeeping(matches: ReadonlyArray<{ handle?: unknown } | undefined>): PageKeeping | null {
  if (isStaffConsole(matches)) return null;
  const handles = matches.map((match) => match?.handle as RouteHandle | undefined);
  if (handles.some((handle) => handle?.keepPerDataVersion === true)) return "data";
  return isContentPage(matches) ? "forever" : null;
}
export type PageKeeping = "forever" | "data";

/**
 * The staff console's pages say so: they bring their own header and landmarks, not the site's,
 * and are never kept by the server (they belong to one signed-in person).
 */
export const STAFF_CONSOLE = { staffConsole: true } as const satisfies RouteHandle;

export function isStaffConsole(matches: ReadonlyArray<{ handle?: unknown } | undefined>): boolean {
  return matches.some((match) => (match?.handle as RouteHandle | undefined)?.staffConsole === true);
}
