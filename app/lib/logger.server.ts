import { pino } from "pino";
import { LogLevelSchema } from "../env.server.ts";

/**
 * The server's one logger: JSON lines on stdout, level from LOG_LEVEL (default info). Every
 * server module logs through it, so a line always has the same shape (time, level, msg) and a
 * request's lines carry its id. Never log bodies, query strings or e-mail addresses.
 */
export const logger = pino({
  level: LogLevelSchema.parse(process.env.LOG_LEVEL),
  // No hostname/pid on every line: one small process per container, the platform adds both.
  base: undefined,
  // "level":"error" rather than pino's 50: readable, and the same as the lines written before.
  formatters: { level: (label) => ({ level: label }) },
});

/** An error as log fields: its message (and stack at debug level), never its whole object. */
export function errorFields(error: unknown): { error: string; stack?: string } {
  if (!(error instanceof Error)) return { error: String(error) };
  return logger.isLevelEnabled("debug")
    ? { error: error.message, stack: error.stack }
    : { error: error.message };
}
