import { isIsoDate } from "./dates.ts";
import { STAY_STATUSES } from "./stay-lifecycle.ts";

// The inbox's filters as they travel in the URL (so a filtered list can be bookmarked, paged and
// exported as it is shown). Unknown values are dropped, never passed on.

export const INBOX_KIND_LABELS = {
  booking: "Room bookings",
  reservation: "Reservations",
  "venue-booking": "Venue bookings",
  "contact-message": "Messages",
  newsletter: "Newsletter subscriptions",
} as const;
export type InboxKindName = keyof typeof INBOX_KIND_LABELS;

/** A newsletter subscription's status, derived from its dates (app/db/inbox.server.ts). */
export const NEWSLETTER_STATUSES = ["Unconfirmed", "Subscribed", "Unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const INBOX_STATUSES = [...STAY_STATUSES, "New", "Handled", ...NEWSLETTER_STATUSES] as const;

export interface InboxQuery {
  kind?: InboxKindName;
  status?: string;
  from?: string;
  to?: string;
  search?: string;
  page: number;
}

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const kind = params.get("kind") ?? "";
  const status = params.get("status") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const search = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Number(params.get("page") ?? "1");
  return {
    kind: Object.hasOwn(INBOX_KIND_LABELS, kind) ? (kind as InboxKindName) : undefined,
    status: (INBOX_STATUSES as readonly string[]).includes(status) ? status : undefined,
    from: isIsoDate(from) ? from : undefined,
    to: isIsoDate(to) ? to : undefined,
    search: search || undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string for these filters (and page), for links. */
export function inboxSearch(query: Omit<InboxQuery, "page"> & { page?: number }): string {
  const params = new URLSearchParams();
  if (query.kind) params.set("kind", query.kind);
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.search) params.set("q", query.search);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
