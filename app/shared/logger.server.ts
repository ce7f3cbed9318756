import { AsyncLocalStorage } from "node:async_hooks";
import { pino } from "pino";
import { LogLevelSchema } from "./env.server.ts";

/**
 * The server's one logger: JSON lines on stdout, level from LOG_LEVEL (default info). Every
 * server module logs through it, so a line always has the same shape (time, level, msg) and a
 * request's lines carry its id. Never log bodies, query strings or e-mail addresses.
 */
const SCOPE = Symbol.for("lodge.requestScope");

/**
 * The request being answered, for the lines logged while answering it (server/request-log.ts
 * starts it): the data layer and the router log without a request at hand, and their lines
 * still carry the request's id, the one in its request line and its X-Request-Id. One per
 * process: the server entry loads this module from source and the server build bundles its own
 * copy, and both must see the same scope.
 */
export const requestScope: AsyncLocalStorage<{ requestId: string }> = ((
  globalThis as { [SCOPE]?: AsyncLocalStorage<{ requestId: string }> }
)[SCOPE] ??= new AsyncLocalStorage());

/** The fields every line logged while answering a request gets: its id. */
export function requestFields(): { requestId?: string } {
  const scope = requestScope.getStore();
  return scope ? { requestId: scope.requestId } : {};
}

export const logger = pino({
  level: LogLevelSchema.parse(process.env.LOG_LEVEL),
  // No hostname/pid on every line: one small process per container, the platform adds both.
  base: undefined,
  // "level":"error" rather than pino's 50: readable, and the same as the lines written before.
  formatters: { level: (label) => ({ level: label }) },
  mixin: requestFields,
});

/** An error as log fields: its message (and stack at debug level), never its whole object. */
export function errorFields(error: unknown): { error: string; stack?: string } {
  if (!(error instanceof Error)) return { error: String(error) };
  return logger.isLevelEnabled("debug")
    ? { error: error.message, stack: error.stack }
    : { error: error.message };
}
