import { RouterContextProvider } from "react-router";
import { databaseContext, siteOriginContext, writeAllowedContext } from "../../app/shared/context.server.ts";
import type { DatabaseHandle } from "../../app/shared/db/database.server.ts";
import type { FormResult } from "../../app/shared/forms/form-result.ts";

// Helpers for calling route actions directly in integration tests.

/** A POST of these fields to `path`, as a browser form sends it. */
export function formPost(path: string, fields: Record<string, string>): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** What an action answered: its FormResult and HTTP status (200 when none was set). */
export async function answer(pending: unknown): Promise<{ status: number; result: FormResult }> {
  const value = (await pending) as { data: FormResult; init?: { status?: number } | null };
  return { status: value.init?.status ?? 200, result: value.data };
}

/** A router context whose database never answers, like the server's while it is down. */
export function databaseDownContext(): RouterContextProvider {
  const error = new Error("connect ECONNREFUSED 127.0.0.1:1");
  const handle: DatabaseHandle = {
    get db(): never {
      throw error;
    },
    pglite: null,
    writes: null,
    ready: () => Promise.reject(error),
    close: async () => {},
  };
  const context = new RouterContextProvider();
  context.set(databaseContext, handle);
  context.set(writeAllowedContext, true);
  context.set(siteOriginContext, "http://localhost:3000");
  return context;
}

/** Minimal loader/action arguments: these routes read only the request and the context. */
export function args(request: Request, context: RouterContextProvider) {
  return { request, context, params: {} } as never;
}
