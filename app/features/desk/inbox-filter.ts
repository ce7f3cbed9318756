import { hasControlCharacters } from "../../shared/forms/form-rules.ts";
import { readDateFilter, readPageNumber } from "../staff/staff-list-filters.ts";
import { REQUEST_CHANNELS, STAY_STATUSES, type RequestChannel } from "../../shared/db/schema.ts";

// The inbox's filters as they travel in the URL (so a filtered list can be bookmarked, paged and
// exported as it is shown). Unknown values are dropped, never passed on.

export const INBOX_KIND_LABELS = {
  booking: "Room bookings",
  reservation: "Reservations",
  "venue-booking": "Venue bookings",
  "contact-message": "Messages",
  newsletter: "Newsletter subscriptions",
} as const;
type InboxKindName = keyof typeof INBOX_KIND_LABELS;

/** A newsletter subscription's status, derived from its dates (app/features/desk/inbox.server.ts). */
const NEWSLETTER_STATUSES = ["Unconfirmed", "Subscribed", "Unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const INBOX_STATUSES = [...STAY_STATUSES, "New", "Handled", ...NEWSLETTER_STATUSES] as const;

export interface InboxQuery {
  kind?: InboxKindName;
  status?: string;
  channel?: RequestChannel;
  /** Only requests with money still to pay. */
  balanceDue?: boolean;
  from?: string;
  to?: string;
  search?: string;
  page: number;
  /** The message beside a date field that was not read (no date, or out of the lodge's range). */
  errors: { from?: string; to?: string };
}

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const kind = params.get("kind") ?? "";
  const status = params.get("status") ?? "";
  const from = readDateFilter(params.get("from"), "Please enter the first day as a date.");
  const to = readDateFilter(params.get("to"), "Please enter the last day as a date.");
  const typed = (params.get("q") ?? "").trim().slice(0, 100);
  // No name, e-mail, phone or reference holds a control character (PostgreSQL refuses a NUL).
  const search = hasControlCharacters(typed) ? "" : typed;
  const channel = params.get("channel") ?? "";
  return {
    channel: (REQUEST_CHANNELS as readonly string[]).includes(channel)
      ? (channel as RequestChannel)
      : undefined,
    balanceDue: params.get("due") === "1" ? true : undefined,
    kind: Object.hasOwn(INBOX_KIND_LABELS, kind) ? (kind as InboxKindName) : undefined,
    status: (INBOX_STATUSES as readonly string[]).includes(status) ? status : undefined,
    from: from.date,
    to: to.date,
    search: search || undefined,
    page: readPageNumber(params.get("page")),
    errors: { ...(from.error ? { from: from.error } : {}), ...(to.error ? { to: to.error } : {}) },
  };
}

/** The query string for these filters (and page), for links. */
export function inboxSearch(query: Omit<InboxQuery, "page" | "errors"> & { page?: number }): string {
  const params = new URLSearchParams();
  if (query.kind) params.set("kind", query.kind);
  if (query.status) params.set("status", query.status);
  if (query.channel) params.set("channel", query.channel);
  if (query.balanceDue) params.set("due", "1");
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.search) params.set("q", query.search);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
