import type { OutboxStatus } from "~/shared/db/schema.ts";
import { addDays, DATE_OUT_OF_RANGE, isIsoDate, isLodgeDate } from "../../shared/dates.ts";

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

/**
 * A list's date filter (`?from=`, `?to=`): blank or absent is no filter; a real day within the
 * lodge's range of dates is the filter; anything else is no filter and the message to show
 * beside its field (`invalid` when it is no date at all), or to answer a CSV download with.
 */
export function readDateFilter(value: string | null, invalid: string): { date?: string; error?: string } {
  const typed = value?.trim() ?? "";
  if (typed === "") return {};
  if (isLodgeDate(typed)) return { date: typed };
  return { error: isIsoDate(typed) ? DATE_OUT_OF_RANGE : invalid };
}

/** The message when the board's first day is not a day it can show. */
export const BOARD_FROM_INVALID = "Please choose the board's first day as a date.";

/**
 * The room board's range: `?from=` (else today) and `?days=` 14 or 30, and its last day + 1. A
 * `from` that is no day the board can show falls back to today, with the message why.
 */
export function readBoardRange(
  params: URLSearchParams,
  today: string,
): { start: string; days: 14 | 30; until: string; error?: string } {
  const days = params.get("days") === "30" ? 30 : 14;
  const { date, error } = readDateFilter(params.get("from"), BOARD_FROM_INVALID);
  const start = date ?? today;
  return { start, days, until: addDays(start, days), ...(error ? { error } : {}) };
}
