import { sql, type RawBuilder } from "kysely";
import type { NewsletterStatus } from "~/features/desk/inbox-filter.ts";
import type { RequestKind } from "~/shared/db/schema.ts";
import type { RequestChannel } from "../../shared/db/schema.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { folioBalance, type BalanceKind } from "./folio-balance.server.ts";
import { recordHistory } from "../requests/request-history.server.ts";

// What the staff console reads across every kind of request: the inbox, one request's
// record, today's arrivals and departures, and the room board. Reads only; status changes go
// through request-status.server.ts.

const INBOX_KINDS = ["booking", "reservation", "venue-booking", "contact-message", "newsletter"] as const;
type InboxKind = (typeof INBOX_KINDS)[number];

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
  /** Where it came from: web, phone or walk-in (messages and subscriptions: web). */
  channel: string;
  /** What the guest still owes on a booking, reservation or venue booking; 0 otherwise. */
  balance: number;
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
  channel?: RequestChannel;
  /** Only requests with money still to pay. */
  balanceDue?: boolean;
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

/** A part's balance, for the "balance due" filter (folio-balance.server.ts: the folio's sum). */
const balanceOf = (kind: BalanceKind, table: string) =>
  sql`${folioBalance(kind, sql.ref(`${table}.id`), sql.ref(`${table}.total_price`))} as balance, total_price, channel`;

/**
 * A listed row's balance, worked out after the rows are merged and cut to the page, so the
 * ledger and the charges are read for the page's rows only, not for every row each kind offers
 * the merge.
 */
const LISTED_BALANCE = sql`(case kind
    when 'booking' then ${folioBalance("booking", sql`requests.id::uuid`, sql`total_price`)}
    when 'reservation' then ${folioBalance("reservation", sql`requests.id::uuid`, sql`total_price`)}
    when 'venue-booking' then ${folioBalance("venue-booking", sql`requests.id::uuid`, sql`total_price`)}
    else 0 end)`;

/**
 * What a search looks in: the fields joined by line feeds (no search holds one, so no match spans
 * two fields), written exactly as the trigram indexes of migration 2026-11-25-5-history-indexes
 * are, so that a search reads the index rather than every row.
 */
// A desk request may have no e-mail (migration 2026-11-25-3): coalesce keeps it findable by name,
// phone and reference.
export const GUEST_TEXT = sql`name || E'\\n' || coalesce(email, '') || E'\\n' || phone || E'\\n' || reference`;

/**
 * The expressions the btree indexes of migration 2026-11-25-6-search-paths are built on, written
 * the same way (a pattern given as a parameter would not match the index's expression).
 */
const EMAIL_KEY = sql`lower(email)`;
const REFERENCE_KEY = sql`upper(reference)`;
const PHONE_KEY = sql`reverse(regexp_replace(phone, '[^0-9]', '', 'g'))`;

/**
 * How a search is read. Most searches look for the text anywhere in a name, e-mail,
 * phone or reference (a trigram index). Three shapes of search say what they are, and read a
 * btree range instead, which stays a few entries wide at any size of history:
 * - an e-mail address (an @ after something, no spaces): the addresses that begin with it, so a
 *   partly typed address still finds its guest;
 * - a booking reference (LDG- and part of its code): the references that begin with it;
 * - a phone number (7 digits or more, perhaps with +, spaces, brackets, dots or dashes): the
 *   numbers that end with its digits, however either was written ("+260 97 000 4711",
 *   "0970004711" and "0004711" all find +260 97 0004711; one leading 0, a trunk prefix, is
 *   dropped from a number of 9 digits or more).
 */
export type SearchPath =
  | { by: "email" | "reference"; prefix: string }
  | { by: "phone"; digitsReversed: string }
  | { by: "text"; text: string };

export function searchPath(search: string): SearchPath {
  const text = search.trim();
  if (/^[^\s@]+@\S*$/.test(text)) return { by: "email", prefix: text.toLowerCase() };
  if (/^LDG-[0-9A-Z]*$/i.test(text)) return { by: "reference", prefix: text.toUpperCase() };
  if (/^\+?[\d\s().-]+$/.test(text)) {
    let digits = text.replace(/\D/g, "");
    if (digits.length >= 7) {
      if (digits.length >= 9 && digits.startsWith("0")) digits = digits.slice(1);
      return { by: "phone", digitsReversed: [...digits].reverse().join("") };
    }
  }
  return { by: "text", text: search };
}

/** LIKE's own wildcards escaped: the search is for the text as typed. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(kind: InboxKind, search: string): RawBuilder<unknown> {
  const path = searchPath(search);
  switch (path.by) {
    case "email":
      return sql`${EMAIL_KEY} like ${`${literal(path.prefix)}%`}`;
    case "reference":
      return sql`${REFERENCE_KEY} like ${`${literal(path.prefix)}%`}`;
    case "phone":
      return sql`${PHONE_KEY} like ${`${path.digitsReversed}%`}`;
    case "text":
      // A message keeps its text lower-cased (migration 2026-11-25-9-message-search-text): LIKE
      // on it against the lower-cased pattern finds what ILIKE finds, for less work per row.
      return kind === "contact-message"
        ? sql`search_text like lower(${`%${literal(path.text)}%`})`
        : sql`search_text ilike ${`%${literal(path.text)}%`}`;
  }
}

/**
 * Each kind of request as the inbox reads it, one table each. The inbox reads each part newest
 * first and only as far as the page needs (an index on created_at per table: migration
 * 2026-11-25-5-history-indexes), so a page costs the same whatever the history behind it.
 * Messages and subscriptions have no reference or phone: their constant '' never matches a
 * reference or phone search, and the planner drops those parts before reading them.
 */
const PARTS: Record<InboxKind, RawBuilder<unknown>> = {
  booking: sql`select 'booking' as kind, id::text as id, reference, name, email, phone, status, created_at,
    'Room ' || room_number || ' (' || room_type || '), ' || check_in || ' to ' || check_out as summary,
    ${GUEST_TEXT} as search_text, ${balanceOf("booking", "bookings")}
    from bookings`,
  reservation: sql`select 'reservation' as kind, id::text as id, reference, name, email, phone, status,
    created_at, 'Room ' || room_number || ' (' || room_type || '), ' || check_in || ' to ' || check_out as summary,
    ${GUEST_TEXT} as search_text, ${balanceOf("reservation", "reservations")}
    from reservations`,
  "venue-booking": sql`select 'venue-booking' as kind, id::text as id, reference, name, email, phone, status,
    created_at, venue_name || ' on ' || booking_date || ', ' || number_of_people || ' people' as summary,
    ${GUEST_TEXT} as search_text, ${balanceOf("venue-booking", "venue_bookings")}
    from venue_bookings`,
  "contact-message": sql`select 'contact-message' as kind, id::text as id, '' as reference, name, email,
    '' as phone, status, created_at, coalesce(nullif(subject, ''), left(message, 80)) as summary,
    search_text, 0 as balance, 0 as total_price, 'web' as channel
    from contact_messages`,
  newsletter: sql`select 'newsletter' as kind, id::text as id, '' as reference, '' as name, email, '' as phone,
    ${NEWSLETTER_STATUS} as status, created_at, 'Newsletter subscription' as summary, email as search_text,
    0 as balance, 0 as total_price, 'web' as channel
    from newsletter_subscriptions`,
};

/** Beyond this many matches a search or a date range says "more than" instead of counting on. */
export const INBOX_COUNT_LIMIT = 100;

/**
 * Where a slice of the inbox ended: its last row's instant, as the database's text (to the
 * microsecond, which a JavaScript Date would round off), and its id.
 */
export interface InboxCursor {
  at: string;
  id: string;
}

function conditions(
  kind: InboxKind,
  filter: InboxFilter,
  after: InboxCursor | null = null,
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  // Rows after the cursor in the inbox's order (newest first). Written with a plain bound on
  // created_at beside the row comparison, so the created_at index reads only from the cursor on.
  if (after)
    parts.push(
      sql`created_at <= ${after.at}::timestamptz and (created_at < ${after.at}::timestamptz or id < ${after.id})`,
    );
  // The lodge's days as instants, so the comparison can use the created_at index.
  if (filter.from)
    parts.push(sql`created_at >= ${filter.from}::date::timestamp at time zone 'Africa/Lusaka'`);
  if (filter.to)
    parts.push(sql`created_at < (${filter.to}::date + 1)::timestamp at time zone 'Africa/Lusaka'`);
  if (filter.status) parts.push(sql`status = ${filter.status}`);
  if (filter.channel) parts.push(sql`channel = ${filter.channel}`);
  // Money still to pay on a request that still counts (not cancelled, declined or a no-show).
  if (filter.balanceDue) parts.push(sql`balance > 0 and status not in ('Cancelled', 'Declined', 'No-show')`);
  if (filter.search) parts.push(searchCondition(kind, filter.search));
  return sql.join(parts, sql` and `);
}

/** The matching rows of each kind the filter allows, each part cut at `limit` rows if given. */
function matching(
  filter: InboxFilter,
  columns: RawBuilder<unknown>,
  limit: number | null,
  after: InboxCursor | null = null,
): RawBuilder<unknown> {
  const kinds = filter.kind ? [filter.kind] : INBOX_KINDS;
  const cut = limit === null ? sql`` : sql`order by created_at desc, id desc limit ${limit}`;
  const parts = kinds.map(
    (kind) =>
      sql`(select ${columns} from (${PARTS[kind]}) part where ${conditions(kind, filter, after)} ${cut})`,
  );
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** Kind and status only: the kept counts (list_counts) say how many there are. */
const countIsKept = (filter: InboxFilter) =>
  !filter.from && !filter.to && !filter.search && !filter.channel && !filter.balanceDue;

/** How many requests match: kept counts for kind and status, else counted up to the limit. */
async function countInbox(db: DB, filter: InboxFilter): Promise<{ total: number; more: boolean }> {
  if (countIsKept(filter)) {
    const result = await sql<{ total: number }>`
      select coalesce(sum(n), 0)::int as total from list_counts
      where list = 'requests'
        ${filter.kind ? sql`and split_part(key, ':', 1) = ${filter.kind}` : sql``}
        ${filter.status ? sql`and split_part(key, ':', 2) = ${filter.status}` : sql``}`.execute(db);
    return { total: result.rows[0]?.total ?? 0, more: false };
  }
  const result = await sql<{ total: number }>`
    select count(*)::int as total
    from (select 1 from ${matching(filter, sql`1`, INBOX_COUNT_LIMIT + 1)} found limit ${INBOX_COUNT_LIMIT + 1}) enough`.execute(
    db,
  );
  return counted(result.rows[0]?.total ?? 0);
}

const counted = (found: number) => ({
  total: Math.min(found, INBOX_COUNT_LIMIT),
  more: found > INBOX_COUNT_LIMIT,
});

/**
 * One page of requests of every kind, newest first, and how many match in all (`more`: at least
 * `total`, the count stopped there). `pageSize` null: every matching request (the CSV export).
 * A search or a date range reads its matches once, as far as the page or the count limit goes
 * (whichever is further), and counts those it read: one pass instead of one for the page and
 * another for the count.
 */
export async function listInbox(
  db: DB,
  filter: InboxFilter,
  page = 1,
  pageSize: number | null = INBOX_PAGE_SIZE,
): Promise<{ rows: InboxRow[]; total: number; more: boolean }> {
  const columns = sql`kind, id, reference, name, email, phone, status, summary, created_at, channel, total_price`;
  const offset = pageSize === null ? 0 : (page - 1) * pageSize;
  const kept = countIsKept(filter);
  const enough =
    pageSize === null ? null : kept ? offset + pageSize : Math.max(offset + pageSize, INBOX_COUNT_LIMIT + 1);
  const countedHere = pageSize !== null && !kept;
  const [result, count] = await Promise.all([
    sql<InboxRow & { found: number }>`
      select kind, id, reference, name, email, phone, status, summary, created_at as "createdAt", channel,
        ${LISTED_BALANCE} as balance, found
      from (
        select *, ${countedHere ? sql`count(*) over ()` : sql`0`}::int as found
        from (
          select * from ${matching(filter, columns, enough)} merged
          order by created_at desc, id desc
          ${enough === null ? sql`` : sql`limit ${enough}`}
        ) enough
      ) requests
      order by created_at desc, id desc
      ${pageSize === null ? sql`` : sql`limit ${pageSize} offset ${offset}`}`.execute(db),
    kept && pageSize !== null ? countInbox(db, filter) : null,
  ]);
  const rows = result.rows.map(({ found: _found, ...row }) => row);
  if (count) return { rows, ...count };
  if (pageSize === null) return { rows, total: rows.length, more: false };
  // A page past the last match reads no row to count from.
  if (result.rows.length === 0 && offset > 0) return { rows, ...(await countInbox(db, filter)) };
  return { rows, ...counted(result.rows[0]?.found ?? 0) };
}

/**
 * The next `size` matching requests after `after` (from the newest when null), in the inbox's
 * order, and the cursor of the slice after them (null after the last). Each slice is one short
 * query whatever the history: an export reads slice by slice, so that on the embedded database,
 * which runs one query at a time, a guest's query waits for one slice, not for the whole list.
 */
export async function listInboxSlice(
  db: DB,
  filter: InboxFilter,
  after: InboxCursor | null,
  size: number,
): Promise<{ rows: InboxRow[]; next: InboxCursor | null }> {
  const columns = sql`kind, id, reference, name, email, phone, status, summary, created_at, channel, total_price`;
  const result = await sql<InboxRow & { cursorAt: string }>`
    select kind, id, reference, name, email, phone, status, summary, created_at as "createdAt",
      created_at::text as "cursorAt", channel, ${LISTED_BALANCE} as balance
    from ${matching(filter, columns, size, after)} requests
    order by created_at desc, id desc
    limit ${size}`.execute(db);
  const rows = result.rows.map(({ cursorAt: _cursorAt, ...row }) => row);
  const last = result.rows.at(-1);
  return { rows, next: last && result.rows.length === size ? { at: last.cursorAt, id: last.id } : null };
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
  const row = result.rows[0];
  if (!row) return undefined;
  // A message's search text is the database's copy of its name and e-mail, not part of the record.
  const { searchText: _searchText, ...record } = row;
  return record;
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
  channel: string;
  /** What the guest still owes (the folio's total less the ledger's net payments: folio-balance.server.ts). */
  balance: number;
}

// What each stay's guest still owes (the folio's sum: folio-balance.server.ts), read per row
// through the ledger's and the charges' indexes by request in the same query, rather than one
// more query per list and kind whose cost grows with the ledger.
const STAYS = sql`(
  select 'booking' as kind, id::text as id, reference, name, phone, room_number, room_type, check_in,
    check_out, greatest(check_out, check_in + 1) as leaves_on, status, channel,
    ${folioBalance("booking", sql`bookings.id`, sql`bookings.total_price`)} as balance
  from bookings
  union all
  select 'reservation', id::text, reference, name, phone, room_number, room_type, check_in, check_out,
    greatest(check_out, check_in + 1), status, channel,
    ${folioBalance("reservation", sql`reservations.id`, sql`reservations.total_price`)}
  from reservations
) stays`;

async function stays(db: DB, where: RawBuilder<unknown>): Promise<(StayRow & { leavesOn: string })[]> {
  const result = await sql<StayRow & { leavesOn: string }>`
    select kind, id, reference, name, phone, room_number as "roomNumber", room_type as "roomType",
      check_in::text as "checkIn", check_out::text as "checkOut", leaves_on::text as "leavesOn",
      status, channel, balance
    from ${STAYS} where ${where} order by room_number, check_in`.execute(db);
  return result.rows.map((row) => ({ ...row, balance: Number(row.balance) }));
}

export interface TodayLists {
  /** Due to arrive today, or earlier and not yet come (for a no-show). */
  arrivals: StayRow[];
  /** Checked in and due to leave today or earlier. */
  departures: StayRow[];
  inHouse: StayRow[];
}

const withoutLeavesOn = ({ leavesOn: _leavesOn, ...row }: StayRow & { leavesOn: string }): StayRow => row;

/**
 * Two queries: the arrivals, and every stay checked in (the house), whose departures are those
 * leaving today or earlier, in the same order (room, arrival).
 */
export async function listToday(db: DB, today: string): Promise<TodayLists> {
  const [arrivals, inHouse] = await Promise.all([
    stays(
      db,
      sql`status in ('Pending', 'Confirmed') and check_in <= ${today}::date and leaves_on > ${today}::date`,
    ),
    stays(db, sql`status = 'Checked in'`),
  ]);
  // The departures are the house's own rows, not copies: the page sends its lists to the browser
  // for hydration, and a row that appears twice is sent once.
  const house = inHouse.map(withoutLeavesOn);
  return {
    arrivals: arrivals.map(withoutLeavesOn),
    departures: house.filter((_, i) => inHouse[i]!.leavesOn <= today),
    inHouse: house,
  };
}

export interface BoardBar {
  roomId: number;
  /** The first night shown, as days after the board's first day (the hold clipped to the board). */
  startDay: number;
  /** Nights shown from there (clipped to the board's end). */
  nights: number;
  /** A channel's block (calendar sync) is labelled with the channel's name. */
  kind: "booking" | "reservation" | "closure" | "channel";
  id: string;
  label: string;
  status: string;
}

/** The statuses whose stays hold their room (the ledger's triggers): the board shows their nights. */
const HOLDING_STATUSES = sql`('Awaiting payment', 'Pending', 'Confirmed', 'Checked in')`;

/**
 * Every hold on the ledger that overlaps [from, until), clipped to it, and the nights a stay still
 * holding spent in a room it was moved from (stay_rooms: the ledger holds its current room only
 * from the move), under that room.
 *
 * A closure's reason is looked up only for a closure's hold. Joined like the stays, the planner
 * (which sees few or no closures) scans room_closures once for every bar, and on the embedded
 * database each such scan asks the file system for the table's size: most of the query's time on
 * a busy month. Bars come as day numbers, not dates: the page draws columns, and every field of
 * every row costs the embedded database's client an allocation.
 */
export async function listBoard(db: DB, from: string, until: string): Promise<BoardBar[]> {
  const result = await sql<BoardBar>`
    select h.room_id as "roomId",
      greatest(lower(h.nights), ${from}::date) - ${from}::date as "startDay",
      least(coalesce(upper(h.nights), ${until}::date), ${until}::date)
        - greatest(lower(h.nights), ${from}::date) as nights,
      case when b.id is not null then 'booking' when r.id is not null then 'reservation'
        when h.channel_block_id is not null then 'channel' else 'closure' end as kind,
      coalesce(b.id::text, r.id::text, h.closure_id::text, h.channel_block_id::text) as id,
      coalesce(b.name, r.name,
        case when h.closure_id is not null
          then (select c.reason from room_closures c where c.id = h.closure_id) end,
        case when h.channel_block_id is not null
          then (select f.name from channel_blocks cb join channel_feeds f on f.id = cb.feed_id
            where cb.id = h.channel_block_id) end) as label,
      coalesce(b.status, r.status,
        case when h.channel_block_id is not null then 'Held by a channel' else 'Out of service' end) as status
    from room_holds h
    left join bookings b on b.id = h.booking_id
    left join reservations r on r.id = h.reservation_id
    where h.nights && daterange(${from}::date, ${until}::date)
    union all
    select s.room_id, greatest(s.starts_on, ${from}::date) - ${from}::date,
      least(s.ends_on, ${until}::date) - greatest(s.starts_on, ${from}::date),
      case when b.id is not null then 'booking' else 'reservation' end,
      coalesce(b.id::text, r.id::text), coalesce(b.name, r.name), coalesce(b.status, r.status)
    from stay_rooms s
    left join bookings b on b.id = s.booking_id
    left join reservations r on r.id = s.reservation_id
    where s.starts_on < ${until}::date and s.ends_on > ${from}::date
      and coalesce(b.status, r.status) in ${HOLDING_STATUSES}
    order by 1, 2`.execute(db);
  return result.rows;
}
