import type { OutboxStatus } from "~/shared/db/schema.ts";
import { addDays, isIsoDate } from "../../shared/dates.ts";

// The query parameters of the staff console's lists, read one way by each page and by its CSV
// export (app/features/reports/exports.server.ts), so a download holds what the page shows.

export const OUTBOX_STATUSES: readonly OutboxStatus[] = ["pending", "sent", "failed"];

/** A list's `?page=` (or `?changes=`): a whole number from 1 to 10,000, else 1. */
export function readPageNumber(value: string | null): number {
  const page = Number(value ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** `?status=` of the outbox page, or undefined for every mail. */
export function readOutboxStatus(value: string | null): OutboxStatus | undefined {
  return OUTBOX_STATUSES.find((status) => status === value);
}

/** The room board's range: `?from=` (else today) and `?days=` 14 or 30, and its last day + 1. */
export function readBoardRange(
  params: URLSearchParams,
  today: string,
): { start: string; days: 14 | 30; until: string } {
  const days = params.get("days") === "30" ? 30 : 14;
  const from = params.get("from");
  const start = isIsoDate(from) ? from : today;
  return { start, days, until: addDays(start, days) };
}
