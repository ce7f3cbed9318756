import type { RouterContextProvider } from "react-router";
import { pageKeepingContext } from "~/shared/context.server.ts";

/**
 * A form's one-time submission id (decisions.md 9): new for every visitor, also when the server
 * serves the page from its cache, which puts a fresh id wherever this one was rendered.
 */
export function freshSubmissionId(context: Readonly<RouterContextProvider>): string {
  const id = crypto.randomUUID();
  context.get(pageKeepingContext)?.freshValues.push(id);
  return id;
}

/** A read failed and the page shows the catalogue's error text: render it afresh next time. */
export function dontKeepPage(context: Readonly<RouterContextProvider>): void {
  const notes = context.get(pageKeepingContext);
  if (notes) notes.degraded = true;
}
