import { sql, type RawBuilder } from "kysely";
import type { NewsletterStatus } from "~/lib/inbox-filter.ts";
import type { RequestKind } from "~/lib/stay-lifecycle.ts";
import type { DB } from "./client.server.ts";
import { recordHistory } from "./request-history.server.ts";

// What the staff console reads across every kind of request (issue 8): the inbox, one request's
// record, today's arrivals and departures, and the room board. Reads only; status changes go
// through request-status.server.ts.

export const INBOX_KINDS = [
  "booking",
  "reservation",
  "venue-booking",
  "contact-message",
  "newsletter",
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export interface InboxRow {
  kind: InboxKind;
  id: string;
  reference: string;
  name: string;
  email: string;
  phone: string;
  status: string;
  summary: string;
  createdAt: Date;
}

export interface InboxFilter {
  kind?: InboxKind;
  status?: string;
  /** Received on or after this lodge date. */
  from?: string;
  /** Received on or before this lodge date. */
  to?: string;
  /** Part of a name, e-mail address, phone number or reference. */
  search?: string;
}

export const INBOX_PAGE_SIZE = 25;

/**
 * A subscription's status, derived from its dates as the mailing list reads them (decisions.md
 * 28): subscribed once confirmed and until it leaves. One that left and asked again stays
 * 'Unsubscribed' until it confirms the new link (confirming clears unsubscribed_at).
 */
const NEWSLETTER_STATUS = sql<NewsletterStatus>`case
    when unsubscribed_at is not null then 'Unsubscribed'
    when confirmed_at is not null then 'Subscribed'
    else 'Unconfirmed' end`;

const ALL_REQUESTS = sql`(
  select 'booking' as kind, id::text as id, reference, name, email, phone, status, created_at,
    'Room ' || room_number || ' (' || room_type || '), ' || check_in || ' to ' || check_out as summary
    from bookings
  union all
  select 'reservation', id::text, reference, name, email, phone, status, created_at,
    'Room ' || room_number || ' (' || room_type || '), ' || check_in || ' to ' || check_out
    from reservations
  union all
  select 'venue-booking', id::text, reference, name, email, phone, status, created_at,
    venue_name || ' on ' || booking_date || ', ' || number_of_people || ' people'
    from venue_bookings
  union all
  select 'contact-message', id::text, '', name, email, '', status, created_at,
    coalesce(nullif(subject, ''), left(message, 80))
    from contact_messages
  union all
  select 'newsletter', id::text, '', '', email, '', ${NEWSLETTER_STATUS}, created_at, 'Newsletter subscription'
    from newsletter_subscriptions
) requests`;

function conditions(filter: InboxFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  const day = sql`(created_at at time zone 'Africa/Lusaka')::date`;
  if (filter.kind) parts.push(sql`kind = ${filter.kind}`);
  if (filter.status) parts.push(sql`status = ${filter.status}`);
  if (filter.from) parts.push(sql`${day} >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`${day} <= ${filter.to}::date`);
  if (filter.search) {
    // ILIKE with the pattern's own wildcards escaped: the search is for the text as typed.
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(name ilike ${pattern} or email ilike ${pattern} or phone ilike ${pattern} or reference ilike ${pattern})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** One page of requests of every kind, newest first, and how many match in all. */
export async function listInbox(
  db: DB,
  filter: InboxFilter,
  page = 1,
  pageSize: number | null = INBOX_PAGE_SIZE,
): Promise<{ rows: InboxRow[]; total: number }> {
  const limit = pageSize === null ? sql`` : sql`limit ${pageSize} offset ${(page - 1) * pageSize}`;
  const result = await sql<InboxRow & { total: number }>`
    select kind, id, reference, name, email, phone, status, summary, created_at as "createdAt",
      (count(*) over ())::int as total
    from ${ALL_REQUESTS}
    where ${conditions(filter)}
    order by created_at desc, id desc
    ${limit}`.execute(db);
  const total = result.rows[0]?.total ?? (page > 1 ? (await listInbox(db, filter, 1, 1)).total : 0);
  return { rows: result.rows.map(({ total: _total, ...row }) => row), total };
}

const TABLES = {
  booking: "bookings",
  reservation: "reservations",
  "venue-booking": "venue_bookings",
  "contact-message": "contact_messages",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One request's full record (every column), or undefined. */
export async function getRequestRecord(
  db: DB,
  kind: RequestKind,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const valid =
    kind === "contact-message" ? /^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647 : UUID.test(id);
  if (!valid) return undefined;
  const result = await sql<Record<string, unknown>>`
    select * from ${sql.table(TABLES[kind])} where id = ${kind === "contact-message" ? Number(id) : id}`.execute(
    db,
  );
  return result.rows[0];
}

/**
 * One newsletter subscription as staff see it: its address, status and dates, never its tokens
 * (the unsubscribe token would let anyone who reads it take the address off the list).
 */
export async function getNewsletterRecord(db: DB, id: string): Promise<Record<string, unknown> | undefined> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return undefined;
  const result = await sql<Record<string, unknown>>`
    select id, email, ${NEWSLETTER_STATUS} as status, created_at as "createdAt",
      confirm_sent_at as "confirmSentAt", confirmed_at as "confirmedAt", unsubscribed_at as "unsubscribedAt"
    from newsletter_subscriptions where id = ${Number(id)}`.execute(db);
  return result.rows[0];
}

/**
 * A subscription's history, from its dates (a subscription keeps no history rows of its own, and
 * only the latest date of each step): asked, confirmed, left. Oldest first, like a request's.
 */
export function newsletterHistory(record: Record<string, unknown>): HistoryRow[] {
  const steps: Array<{ key: string; to: NewsletterStatus; note: string | null }> = [
    { key: "createdAt", to: "Unconfirmed", note: null },
    { key: "confirmedAt", to: "Subscribed", note: "through the confirmation link" },
    { key: "unsubscribedAt", to: "Unsubscribed", note: "through the unsubscribe link" },
  ];
  const dated = steps
    .map((step) => ({ ...step, at: record[step.key] }))
    .filter((step): step is typeof step & { at: Date } => step.at instanceof Date)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  return dated.map((step, i) => ({
    id: step.key,
    fromStatus: i === 0 ? null : (dated[i - 1]?.to ?? null),
    toStatus: step.to,
    actor: "guest",
    staffName: null,
    note: step.note,
    at: step.at,
  }));
}

export interface HistoryRow {
  id: string;
  fromStatus: string | null;
  toStatus: string | null;
  actor: string;
  staffName: string | null;
  note: string | null;
  at: Date;
}

/** A request's history, oldest first, with the names of staff who made changes. */
export function listHistoryWithStaff(db: DB, kind: RequestKind, id: string): Promise<HistoryRow[]> {
  return db
    .selectFrom("requestHistory as h")
    .leftJoin("staffAccounts as s", "s.id", "h.staffAccountId")
    .select(["h.id", "h.fromStatus", "h.toStatus", "h.actor", "s.name as staffName", "h.note", "h.at"])
    .where("h.requestKind", "=", kind)
    .where("h.requestId", "=", id)
    .orderBy("h.at")
    .orderBy("h.id")
    .execute();
}

export type MarkHandledResult = "changed" | "not-allowed" | "not-found";

/** Marks a contact message handled, with its history entry, in one transaction. */
export async function markMessageHandled(
  db: DB,
  id: string,
  staffAccountId: number,
): Promise<MarkHandledResult> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return "not-found";
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("contactMessages")
      .select("status")
      .where("id", "=", Number(id))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return "not-found";
    if (row.status !== "New") return "not-allowed";
    await trx
      .updateTable("contactMessages")
      .set({ status: "Handled" })
      .where("id", "=", Number(id))
      .execute();
    await recordHistory(trx, {
      requestKind: "contact-message",
      requestId: id,
      fromStatus: "New",
      toStatus: "Handled",
      actor: "staff",
      staffAccountId,
    });
    return "changed";
  });
}

export interface StayRow {
  kind: "booking" | "reservation";
  id: string;
  reference: string;
  name: string;
  phone: string;
  roomNumber: string;
  roomType: string;
  checkIn: string;
  checkOut: string;
  status: string;
}

const STAYS = sql`(
  select 'booking' as kind, id::text as id, reference, name, phone, room_number, room_type, check_in,
    check_out, greatest(check_out, check_in + 1) as leaves_on, status from bookings
  union all
  select 'reservation', id::text, reference, name, phone, room_number, room_type, check_in, check_out,
    greatest(check_out, check_in + 1), status from reservations
) stays`;

async function stays(db: DB, where: RawBuilder<unknown>): Promise<StayRow[]> {
  const result = await sql<StayRow>`
    select kind, id, reference, name, phone, room_number as "roomNumber", room_type as "roomType",
      check_in::text as "checkIn", check_out::text as "checkOut", status
    from ${STAYS} where ${where} order by room_number, check_in`.execute(db);
  return result.rows;
}

export interface TodayLists {
  /** Due to arrive today, or earlier and not yet come (for a no-show). */
  arrivals: StayRow[];
  /** Checked in and due to leave today or earlier. */
  departures: StayRow[];
  inHouse: StayRow[];
}

export async function listToday(db: DB, today: string): Promise<TodayLists> {
  const [arrivals, departures, inHouse] = await Promise.all([
    stays(
      db,
      sql`status in ('Pending', 'Confirmed') and check_in <= ${today}::date and leaves_on > ${today}::date`,
    ),
    stays(db, sql`status = 'Checked in' and leaves_on <= ${today}::date`),
    stays(db, sql`status = 'Checked in'`),
  ]);
  return { arrivals, departures, inHouse };
}

export interface BoardBar {
  roomId: number;
  /** First night shown (clipped to the board's first day). */
  from: string;
  /** Day after the last night shown (clipped to the board's end). */
  until: string;
  kind: "booking" | "reservation" | "closure";
  id: string;
  label: string;
  status: string;
}

/** Every hold on the ledger that overlaps [from, until), clipped to it. */
export async function listBoard(db: DB, from: string, until: string): Promise<BoardBar[]> {
  const result = await sql<BoardBar>`
    select h.room_id as "roomId",
      greatest(lower(h.nights), ${from}::date)::text as "from",
      least(coalesce(upper(h.nights), ${until}::date), ${until}::date)::text as "until",
      case when b.id is not null then 'booking' when r.id is not null then 'reservation' else 'closure' end as kind,
      coalesce(b.id::text, r.id::text, c.id::text) as id,
      coalesce(b.name, r.name, c.reason) as label,
      coalesce(b.status, r.status, 'Out of service') as status
    from room_holds h
    left join bookings b on b.id = h.booking_id
    left join reservations r on r.id = h.reservation_id
    left join room_closures c on c.id = h.closure_id
    where h.nights && daterange(${from}::date, ${until}::date)
    order by h.room_id, lower(h.nights)`.execute(db);
  return result.rows;
}
