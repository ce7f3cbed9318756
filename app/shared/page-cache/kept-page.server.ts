import type { RouterContextProvider } from "react-router";
import { pageKeepingContext, type PageKeepingNotes } from "~/shared/context.server.ts";

/**
 * What differs per visitor, or per read, on a page the server keeps per data version (ADR 0013).
 * A kept page is rendered once and served to many: its submission ids must be swapped for fresh
 * ones on every answer, and a render whose read failed must not be kept. A kept page's loader gets
 * this from `keptPageLoader`, and only there; the page pipeline keeps no page per data version
 * whose loader was not one (server/page-pipeline.ts).
 */
export interface PageFreshness {
  /** A form's one-time submission id (decisions.md 9): new for every visitor, also from the cache. */
  submissionId(): string;
  /** A read failed and the page shows the catalogue's error text: render it afresh next time. */
  readFailed(): void;
}

function freshnessOf(notes: PageKeepingNotes | null): PageFreshness {
  return {
    submissionId() {
      const id = crypto.randomUUID();
      notes?.freshValues.push(id);
      return id;
    },
    readFailed() {
      if (notes) notes.degraded = true;
    },
  };
}

/** The loader of a page kept per data version: `load` gets the page's freshness beside its arguments. */
export function keptPageLoader<Args extends { context: Readonly<RouterContextProvider> }, Data>(
  load: (args: Args, page: PageFreshness) => Data | Promise<Data>,
): (args: Args) => Promise<Data> {
  return async (args) => {
    const notes = args.context.get(pageKeepingContext);
    if (notes) notes.freshnessTracked = true;
    return load(args, freshnessOf(notes));
  };
}

/** For answers the server never keeps (actions, the islands' JSON): nothing to swap or to skip. */
export const NOT_KEPT: PageFreshness = freshnessOf(null);
