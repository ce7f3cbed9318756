import { errorFields, logger } from "~/shared/logger.server.ts";
import { REASON_DATABASE_UNAVAILABLE, REASON_UNEXPECTED } from "~/shared/messages.ts";

/**
 * A short, human reason for a failed database call (decisions.md 17): never
 * the driver's message or a stack, which may reveal internals.
 */
export function failureReason(error: unknown): string {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : "";
  const unreachable =
    (typeof code === "string" && /^(08|57P|53|E(CONN|TIMEDOUT|NOTFOUND|HOSTUNREACH|AI_AGAIN))/.test(code)) ||
    /connect|timeout|terminat|closed|not open/i.test(message) ||
    (error instanceof AggregateError && error.errors.length > 0);
  return unreachable ? REASON_DATABASE_UNAVAILABLE : REASON_UNEXPECTED;
}

/** Logs a failed read (with the request's id); the page shows the catalogue's text instead. */
export function logReadFailure(what: string, error: unknown): void {
  logFailure({ msg: "read failed", what }, error);
}

/** Logs a failed write as one JSON line, with the form it came from. */
export function logWriteFailure(form: string, error: unknown): void {
  logFailure({ msg: "write failed", form }, error);
}

function logFailure(fields: Record<string, string>, error: unknown): void {
  const { msg, ...rest } = fields;
  logger.error({ ...rest, ...errorFields(error) }, msg);
}
