import { sql, type RawBuilder } from "kysely";
import { addDays, daysBetween, LODGE_TIME_ZONE } from "~/shared/dates.ts";
import { LEVY_MIN_EVENT_PEOPLE } from "~/features/pricing/rates.ts";
import { TAX_RETURN_LINES, taxReturn, type TaxReturnLine } from "~/features/reports/report-figures.ts";
import { inBackOfficeLane } from "~/shared/db/back-office.server.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { getLodgeSettings } from "../pricing/lodge-settings.server.ts";

// The reports the lodge runs on (decisions.md 35). Every figure is aggregated by the
// database over the nights of the period (generate_series, grouped), so a report reads a few
// rows whatever the history holds. Figures are by night of stay: a stay across a month end
// counts in both months.

/** A stay's nights [from, until), as everywhere (decisions.md 23). */
export interface NightRange {
  from: string;
  until: string;
}

/** Statuses of a stay that was sold: the guest came, is here, or is expected. */
const SOLD_STATUSES = ["Confirmed", "Checked in", "Checked out"] as const;
/** What is on the books for the coming nights: sold, or held and not yet confirmed. */
export const ON_THE_BOOKS_STATUSES = ["Pending", "Awaiting payment", "Confirmed", "Checked in"] as const;
/** Stays that were due and did not happen: they count in their own report, never as sold. */
const LOST_STATUSES = ["Cancelled", "No-show"] as const;

const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql.lit(status)),
    sql`, `,
  );

/**
 * THE ROOM REVENUE FUNCTION: one row per night of each stay in `statuses` that falls in the
 * range, with what that night earned. Every room report reads nights and money through it.
 *
 * A stay that left early (checked out before its check-out day) is sold up to the day it left:
 * the nights it gave up went back on sale (the ledger released them), so they are neither sold
 * nor room revenue, as the calendar of nights on the books shows them. The day it left is the
 * lodge's date of its check-out in the request's history; one recorded before the arrival (a
 * record entered ahead of time) ends nothing early.
 *
 * A night earns the price kept for it in `request_nights` when the request was made,
 * as changed by staff since: all the request's rooms together, so the nights of a request add up
 * to its total. The period's nights are found through the night index, so a report reads only
 * the nights it shows. `range` may be several ranges (a period and the one it is compared with):
 * each night once.
 *
 * Columns: kind, requestId, roomId, roomType, channel, paymentMethod, status, rooms, night (date),
 * revenue (whole kwacha, incl. taxes as guests pay them).
 */
export function roomNightsSold(
  range: NightRange | readonly NightRange[],
  statuses: readonly string[] = SOLD_STATUSES,
): RawBuilder<unknown> {
  const ranges: readonly NightRange[] = "from" in range ? [range] : range;
  const inRanges = sql.join(
    ranges.map((r) => sql`(n.night >= ${r.from}::date and n.night < ${r.until}::date)`),
    sql` or `,
  );
  const nights = (table: "bookings" | "reservations", kind: string, rooms: RawBuilder<unknown>) => {
    const column = table === "bookings" ? "booking_id" : "reservation_id";
    return sql`
      select ${sql.lit(kind)} as kind, s.id as request_id, s.room_id, s.room_type, s.channel,
             s.payment_method, s.status, ${rooms} as rooms, n.night, n.price as revenue
        from request_nights n
        join ${sql.table(table)} s on s.id = n.${sql.ref(column)}
        left join lateral (
          select (h.at at time zone ${LODGE_TIME_ZONE})::date as left_on
            from request_history h
           where s.status = 'Checked out' and h.request_kind = ${sql.lit(kind)}
             and h.request_id = s.id::text and h.to_status = 'Checked out'
           order by h.at desc
           limit 1
        ) early on true
       where (${inRanges})
         and s.status in (${statusList(statuses)})
         and (early.left_on is null or early.left_on < s.check_in or early.left_on >= s.check_out
              or n.night < greatest(early.left_on, s.check_in + 1))`;
  };
  return sql`(
    ${nights("bookings", "booking", sql`1`)}
    union all
    ${nights("reservations", "reservation", sql`s.room_count`)}
  )`;
}

/** Every night of the range, one row each (`night`). */
function nightSeries(range: NightRange): RawBuilder<unknown> {
  return sql`(select ${range.from}::date + d as night
                from generate_series(0, ${daysBetween(range.from, range.until) - 1}::int) as g(d))`;
}

/** Every night of the range, and how many rooms were out of service that night. */
function nightsAndClosures(range: NightRange): RawBuilder<unknown> {
  const from = sql`${range.from}::date`;
  const until = sql`${range.until}::date`;
  return sql`
    nights as ${nightSeries(range)},
    closed as (
      select nights.night, count(*) as rooms
        from room_closures c
        join nights on nights.night >= c.starts_on and (c.ends_on is null or nights.night < c.ends_on)
       where c.starts_on < ${until} and (c.ends_on is null or c.ends_on > ${from})
       group by 1
    )`;
}

export interface NightFigures {
  night: string;
  /** Rooms in service that night: every room less those out of service. */
  available: number;
  /** Room-nights sold (Confirmed, Checked in, Checked out). */
  sold: number;
  /** Room-nights held but not confirmed (Pending, Awaiting payment): only for nights to come. */
  pending: number;
  /** Room revenue of the night, kwacha. */
  revenue: number;
}

/**
 * Each night of the range: rooms available (net of out-of-service nights), sold, pending and
 * room revenue. `statuses` are the stays read: the sold ones for a past period, what is on the
 * books for the nights to come.
 */
export async function occupancyByNight(
  db: DB,
  range: NightRange,
  statuses: readonly string[] = SOLD_STATUSES,
): Promise<NightFigures[]> {
  const result = await sql<Record<string, string | number>>`
    with ${nightsAndClosures(range)},
    sold as (
      select night,
             sum(rooms) filter (where status in (${statusList(SOLD_STATUSES)})) as sold,
             sum(rooms) filter (where status not in (${statusList(SOLD_STATUSES)})) as pending,
             sum(revenue) filter (where status in (${statusList(SOLD_STATUSES)})) as revenue
        from ${roomNightsSold(range, statuses)} n
       group by night
    )
    select nights.night::text as night,
           (select count(*) from rooms) - coalesce(closed.rooms, 0) as available,
           coalesce(sold.sold, 0) as sold,
           coalesce(sold.pending, 0) as pending,
           coalesce(sold.revenue, 0) as revenue
      from nights
      left join closed using (night)
      left join sold using (night)
     order by nights.night`.execute(db);
  return result.rows.map((row) => ({
    night: String(row.night),
    available: Number(row.available),
    sold: Number(row.sold),
    pending: Number(row.pending),
    revenue: Number(row.revenue),
  }));
}

export interface GroupFigures {
  key: string;
  /** Room-nights sold. */
  nights: number;
  revenue: number;
}

const DIMENSIONS = {
  roomType: sql`room_type`,
  channel: sql`channel`,
  paymentMethod: sql`payment_method`,
} as const;
export type RoomDimension = keyof typeof DIMENSIONS;

/** Room-nights sold and room revenue by room type, source (channel) or the guest's payment method. */
export async function roomRevenueBy(
  db: DB,
  range: NightRange,
  dimension: RoomDimension,
): Promise<GroupFigures[]> {
  const column = DIMENSIONS[dimension];
  const result = await sql<Record<string, string | number>>`
    select ${column} as key, sum(rooms) as nights, sum(revenue) as revenue
      from ${roomNightsSold(range)} n
     group by 1
     order by 1`.execute(db);
  return result.rows.map((row) => ({
    key: String(row.key),
    nights: Number(row.nights),
    revenue: Number(row.revenue),
  }));
}

export type Bucket = "week" | "month";

/** Weeks (from Monday) for a period of up to two months, months beyond. */
export function bucketFor(days: number): Bucket {
  return days <= 62 ? "week" : "month";
}

export interface BucketFigures {
  /** The bucket's first night within the range. */
  start: string;
  byType: Record<string, number>;
  nightsByType: Record<string, number>;
}

/** Room revenue by room type in each week (from Monday) or month of the range. */
export async function roomRevenueByTypeAndBucket(
  db: DB,
  range: NightRange,
  bucket: Bucket,
): Promise<{ types: string[]; buckets: BucketFigures[] }> {
  const [types, rows] = await Promise.all([
    sql<{ type: string }>`select distinct type from rooms order by type`.execute(db),
    sql<Record<string, string | number>>`
      select ${bucketStart(range, bucket)}::text as start, room_type, sum(rooms) as nights, sum(revenue) as revenue
        from ${roomNightsSold(range)} n
       group by 1, 2
       order by 1, 2`.execute(db),
  ]);
  return fillBuckets(
    range,
    bucket,
    types.rows.map((row) => row.type),
    rows.rows.map((row) => ({
      start: String(row.start),
      type: String(row.roomType),
      nights: Number(row.nights),
      revenue: Number(row.revenue),
    })),
  );
}

/** The first night of a night's bucket, clipped to the range's start. */
function bucketStart(range: NightRange, bucket: Bucket): RawBuilder<unknown> {
  return bucket === "week"
    ? sql`greatest(night - (extract(isodow from night)::int - 1), ${range.from}::date)`
    : sql`greatest(date_trunc('month', night::timestamp)::date, ${range.from}::date)`;
}

/** Every bucket of the range with every room type, zero where nothing was sold. */
function fillBuckets(
  range: NightRange,
  bucket: Bucket,
  typeNames: string[],
  rows: { start: string; type: string; nights: number; revenue: number }[],
): { types: string[]; buckets: BucketFigures[] } {
  const buckets = new Map<string, BucketFigures>();
  for (const key of bucketStarts(range, bucket)) {
    buckets.set(key, {
      start: key,
      byType: Object.fromEntries(typeNames.map((t) => [t, 0])),
      nightsByType: Object.fromEntries(typeNames.map((t) => [t, 0])),
    });
  }
  for (const row of rows) {
    const figures = buckets.get(row.start);
    const type = row.type;
    if (!figures) continue;
    if (!typeNames.includes(type)) typeNames.push(type);
    figures.byType[type] = row.revenue;
    figures.nightsByType[type] = row.nights;
  }
  return { types: typeNames, buckets: [...buckets.values()] };
}

/** The first night of each week or month bucket in the range (clipped to its start). */
function bucketStarts(range: NightRange, bucket: Bucket): string[] {
  const starts: string[] = [range.from];
  let cursor = range.from;
  for (;;) {
    const date = new Date(`${cursor}T00:00:00Z`);
    if (bucket === "week") date.setUTCDate(date.getUTCDate() + 7 - ((date.getUTCDay() + 6) % 7));
    else date.setUTCMonth(date.getUTCMonth() + 1, 1);
    cursor = date.toISOString().slice(0, 10);
    if (cursor >= range.until) return starts;
    starts.push(cursor);
  }
}

export interface VenueFigures {
  venue: string;
  events: number;
  people: number;
  revenue: number;
  /** Revenue of events of 25 people or more, on which the tourism levy falls (decisions.md 32). */
  levied: number;
}

/** Confirmed venue bookings whose date falls in the range, by venue. */
export async function venueRevenue(db: DB, range: NightRange): Promise<VenueFigures[]> {
  const result = await sql<Record<string, string | number>>`
    select v.venue, count(b.id) as events, coalesce(sum(b.number_of_people), 0) as people,
           coalesce(sum(b.total_price), 0) as revenue,
           coalesce(sum(b.total_price) filter (where b.number_of_people >= 25), 0) as levied
      from venues v
      left join venue_bookings b on b.venue_id = v.id and b.status = 'Confirmed'
       and b.booking_date >= ${range.from}::date and b.booking_date < ${range.until}::date
     group by v.venue
     order by v.venue`.execute(db);
  return result.rows.map((row) => ({
    venue: String(row.venue),
    events: Number(row.events),
    people: Number(row.people),
    revenue: Number(row.revenue),
    levied: Number(row.levied),
  }));
}

/** Stays due to arrive in the range that were sold, cancelled or did not show. */
const arrivals = (range: NightRange) => sql`(
  select 'booking' as kind, id, status, 1 as rooms, check_in, created_at,
         greatest(check_out - check_in, 1) as nights, total_price
    from bookings
   where check_in >= ${range.from}::date and check_in < ${range.until}::date
  union all
  select 'reservation', id, status, room_count, check_in, created_at,
         greatest(check_out - check_in, 1), total_price
    from reservations
   where check_in >= ${range.from}::date and check_in < ${range.until}::date
)`;

export interface LostStays {
  status: (typeof LOST_STATUSES)[number];
  /** Requests due to arrive in the period. */
  stays: number;
  /** Their room-nights (each room of a reservation counts). */
  nights: number;
  /** What they would have earned. */
  value: number;
  /** What the lodge kept: payments less refunds in the ledger, whatever the date. */
  kept: number;
}

/** Cancelled stays and no-shows among the stays due to arrive in the range. */
export async function cancellationsAndNoShows(db: DB, range: NightRange): Promise<LostStays[]> {
  const result = await sql<Record<string, string | number>>`
    with lost as (
      select * from ${arrivals(range)} a where status in (${statusList(LOST_STATUSES)})
    ),
    kept as (
      select lost.kind, lost.id,
             sum(case p.kind when 'payment' then p.amount else -p.amount end) as net
        from lost
        join payments p on (lost.kind = 'booking' and p.booking_id = lost.id)
                        or (lost.kind = 'reservation' and p.reservation_id = lost.id)
       group by 1, 2
    )
    select lost.status, count(*) as stays, sum(lost.rooms * lost.nights) as nights,
           sum(lost.total_price) as value, coalesce(sum(kept.net), 0) as kept
      from lost left join kept using (kind, id)
     group by lost.status`.execute(db);
  const byStatus = new Map(result.rows.map((row) => [String(row.status), row]));
  return LOST_STATUSES.map((status) => {
    const row = byStatus.get(status);
    return {
      status,
      stays: Number(row?.stays ?? 0),
      nights: Number(row?.nights ?? 0),
      value: Number(row?.value ?? 0),
      kept: Number(row?.kept ?? 0),
    };
  });
}

export interface StayPattern {
  /** Sold stays due to arrive in the period. */
  arrivals: number;
  /** Average nights per stay (each stay once, whatever its room count); null without arrivals. */
  averageNights: number | null;
  /** Average days from the request to the arrival, in the lodge's calendar. */
  averageLeadDays: number | null;
}

/** Average length of stay and lead time of the sold stays due to arrive in the range. */
export async function stayPattern(db: DB, range: NightRange): Promise<StayPattern> {
  const result = await sql<Record<string, string | number | null>>`
    select count(*) as arrivals, avg(nights) as average_nights,
           avg(check_in - (created_at at time zone ${LODGE_TIME_ZONE})::date) as average_lead_days
      from ${arrivals(range)} a
     where status in (${statusList(SOLD_STATUSES)})`.execute(db);
  const row = result.rows[0];
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    arrivals: Number(row?.arrivals ?? 0),
    averageNights: number(row?.averageNights),
    averageLeadDays: number(row?.averageLeadDays),
  };
}

export interface MoneyByMethod {
  method: string;
  received: number;
  refunded: number;
}

/** The payments ledger in the period, by method: money in and refunds, by the lodge's calendar. */
export async function moneyReceived(db: DB, range: NightRange): Promise<MoneyByMethod[]> {
  const result = await sql<Record<string, string | number>>`
    select method,
           coalesce(sum(amount) filter (where kind = 'payment'), 0) as received,
           coalesce(sum(amount) filter (where kind = 'refund'), 0) as refunded
      from payments
     where at >= (${range.from}::date::timestamp at time zone ${LODGE_TIME_ZONE})
       and at < (${range.until}::date::timestamp at time zone ${LODGE_TIME_ZONE})
     group by method
     order by method`.execute(db);
  return result.rows.map((row) => ({
    method: String(row.method),
    received: Number(row.received),
    refunded: Number(row.refunded),
  }));
}

/**
 * The tax return's query, one row per line (line, gross, vat, levy); see `readTaxReturn`. `nights`
 * are the period's room nights sold (`roomNightsSold`), or the name of a query that holds them.
 */
export function taxReturnQuery(range: NightRange, nights: RawBuilder<unknown> = roomNightsSold(range)) {
  const from = sql`${range.from}::date`;
  const share = (kind: "booking" | "reservation") => {
    const column = sql.ref(kind === "booking" ? "booking_id" : "reservation_id");
    const table = sql.table(kind === "booking" ? "bookings" : "reservations");
    return sql`
      select t.kind, floor(t.amount::numeric * (p.before + s.within) / r.total_price)
                     - floor(t.amount::numeric * p.before / r.total_price) as amount
        from stays s
        join ${table} r on r.id = s.request_id
        cross join lateral (
          select coalesce(sum(price), 0) as before from request_nights
           where ${column} = s.request_id and night < ${from}
        ) p
        join request_tax_lines t on t.${column} = s.request_id
       where s.kind = ${kind} and r.total_price > 0`;
  };
  return sql<{ line: string; gross: string | number; vat: string | number; levy: string | number }>`
      with stays as (
        select kind, request_id, sum(revenue) as within
          from ${nights} n
         group by 1, 2
      ),
      rooms as (${share("booking")} union all ${share("reservation")}),
      events as (
        select b.id, b.total_price, b.number_of_people >= ${LEVY_MIN_EVENT_PEOPLE} as levied
          from venue_bookings b
         where b.status = 'Confirmed'
           and b.booking_date >= ${from} and b.booking_date < ${range.until}::date
      )
      select 'Accommodation' as line,
             (select coalesce(sum(within), 0) from stays) as gross,
             coalesce(sum(amount) filter (where kind = 'vat'), 0) as vat,
             coalesce(sum(amount) filter (where kind = 'levy'), 0) as levy
        from rooms
      union all
      select case when e.levied then 'Events of 25 or more people' else 'Other events' end,
             sum(e.total_price),
             coalesce(sum(t.vat), 0),
             coalesce(sum(t.levy), 0)
        from events e
        left join lateral (
          select sum(amount) filter (where kind = 'vat') as vat,
                 sum(amount) filter (where kind = 'levy') as levy
            from request_tax_lines where venue_booking_id = e.id
        ) t on true
       group by e.levied`;
}

/**
 * THE TAX LINES FUNCTION: the period's VAT and tourism levy, added up from the tax lines each
 * request kept when it was made, at the rates in force then, never today's.
 *
 * Rooms by night of stay: a stay's tax lines are shared over its nights in proportion to their
 * kept prices, cumulatively, so the months of a stay across a month end add up to its lines
 * exactly: the period gets floor(amount × (before + within) ÷ total) − floor(amount × before ÷
 * total), `before` being what the stay's nights before the period cost. Venue bookings by event
 * date (confirmed ones), whole.
 */
export async function readTaxReturn(db: DB, range: NightRange): Promise<TaxReturn> {
  const [settings, result] = await Promise.all([getLodgeSettings(db), taxReturnQuery(range).execute(db)]);
  return taxReturnOf(settings, result.rows);
}

type TaxReturnRow = { line: string; gross: unknown; vat: unknown; levy: unknown };

function taxReturnOf(
  settings: Awaited<ReturnType<typeof getLodgeSettings>>,
  rows: TaxReturnRow[],
): TaxReturn {
  const byLine = new Map(rows.map((row) => [row.line, row]));
  const lines = TAX_RETURN_LINES.map((line) => {
    const row = byLine.get(line);
    return { line, gross: Number(row?.gross ?? 0), vat: Number(row?.vat ?? 0), levy: Number(row?.levy ?? 0) };
  });
  return {
    lines: taxReturn(lines),
    vatRegistered: settings.vatRegistered,
    vatRateBp: settings.vatRateBp,
    levyRateBp: settings.levyRateBp,
  };
}

export interface TaxReturn {
  lines: TaxReturnLine[];
  vatRegistered: boolean;
  vatRateBp: number;
  levyRateBp: number;
}

export interface PeriodRooms {
  /** As `occupancyByNight` (sold stays), for the period and for the one it is compared with. */
  nights: NightFigures[];
  nightsBefore: NightFigures[] | null;
  /** As `roomRevenueByTypeAndBucket`. */
  roomTypes: { types: string[]; buckets: BucketFigures[] };
  /** As `roomRevenueBy` channel and payment method. */
  sources: GroupFigures[];
  methods: GroupFigures[];
  /** As `readTaxReturn`. */
  taxes: TaxReturn;
}

/**
 * The most nights one query of `readPeriodRooms` reads: a slice of a few weeks costs the embedded
 * database some tens of milliseconds whatever the history, where a year with the year before in
 * one query held every other query for a few hundred.
 */
const SLICE_NIGHTS = 62;

/** `range` cut into consecutive slices of at most `nights` nights. */
function nightSlices(range: NightRange, nights = SLICE_NIGHTS): NightRange[] {
  const slices: NightRange[] = [];
  for (let from = range.from; from < range.until; from = addDays(from, nights)) {
    const until = addDays(from, nights);
    slices.push({ from, until: until < range.until ? until : range.until });
  }
  return slices;
}

/**
 * One slice's query of `readPeriodRooms`, one row per figure (part, key, sub, a, b, c): the nights
 * of `slice` (part `night` or `before`, the period's or the one it is compared with) and, for the
 * period's slices, the slice's share of every other figure (the room types with the first).
 * Every figure adds up over slices: the buckets are clipped to the period's first night
 * (`periodFrom`), not the slice's, and a stay's tax lines are shared over its nights cumulatively
 * (`taxReturnQuery`), so its slices' shares add up to the share of the whole period.
 */
export function periodRoomsQuery(
  slice: NightRange,
  part: "night" | "before",
  periodFrom: string,
  bucket: Bucket,
) {
  const nights = sql`select ${sql.lit(part)} as part, night from ${nightSeries(slice)} s`;
  const figures =
    part === "night"
      ? sql`
      union all
      select 'bucket', ${bucketStart({ from: periodFrom, until: slice.until }, bucket)}::text, room_type,
             sum(rooms), sum(revenue), null
        from n group by 2, 3
      union all
      select 'channel', channel, null, sum(rooms), sum(revenue), null from n group by 2
      union all
      select 'method', payment_method, null, sum(rooms), sum(revenue), null from n group by 2
      ${
        slice.from === periodFrom
          ? sql`union all
      select distinct 'type', type, null, null::numeric, null::numeric, null::numeric from rooms`
          : sql``
      }
      union all
      select 'tax', line, null, gross, vat, levy from taxes`
      : sql``;
  return sql<{ part: string; key: string; sub: string | null; a: unknown; b: unknown; c: unknown }>`
      with ${nightsAndClosures(slice)},
      n as materialized ${roomNightsSold(slice)},
      sold as (select night, sum(rooms) as sold, sum(revenue) as revenue from n group by night)
      ${part === "night" ? sql`, taxes as (${taxReturnQuery(slice, sql`n`)})` : sql``}
      select s.part, s.night::text as key, null::text as sub,
             ((select count(*) from rooms) - coalesce(closed.rooms, 0))::numeric as a,
             coalesce(sold.sold, 0)::numeric as b, coalesce(sold.revenue, 0)::numeric as c
        from (${nights}) s
        left join closed using (night)
        left join sold using (night)
      ${figures}
      order by 1, 2, 3`;
}

type PeriodRoomsRow = { part: string; key: string; sub: string | null; a: unknown; b: unknown; c: unknown };

/** Adds the rows of one figure from several slices: by key (and sub), their numbers summed. */
function addedUp(rows: PeriodRoomsRow[]): PeriodRoomsRow[] {
  const byKey = new Map<string, PeriodRoomsRow>();
  for (const row of rows) {
    const key = JSON.stringify([row.key, row.sub]);
    const kept = byKey.get(key);
    if (!kept) byKey.set(key, { ...row });
    else
      for (const column of ["a", "b", "c"] as const)
        kept[column] = row[column] === null ? kept[column] : Number(kept[column] ?? 0) + Number(row[column]);
  }
  return [...byKey.values()].sort((x, y) => textOrder(x.key, y.key) || textOrder(x.sub, y.sub));
}

/** As the database orders text in the C collation, nulls last. */
function textOrder(x: string | null, y: string | null): number {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return x < y ? -1 : 1;
}

/**
 * The reports page's room figures for a period (and the nights of the one it is compared with),
 * the same as the functions above give one by one: the nights sold are read once per slice of
 * `sliceNights` nights and every figure is grouped from them, rather than each report reading
 * them again. The slices take their turns in the back office's lane (back-office.server.ts): one
 * at a time on the embedded database, so no query of a year's report holds a guest's for long.
 */
export async function readPeriodRooms(
  db: DB,
  range: NightRange,
  compareWith: NightRange | null,
  bucket: Bucket,
  sliceNights = SLICE_NIGHTS,
): Promise<PeriodRooms> {
  const slices = [
    ...nightSlices(range, sliceNights).map((slice) => ({ slice, part: "night" as const })),
    ...(compareWith ? nightSlices(compareWith, sliceNights) : []).map((slice) => ({
      slice,
      part: "before" as const,
    })),
  ];
  const [settings, ...reads] = await Promise.all([
    inBackOfficeLane(db, () => getLodgeSettings(db)),
    ...slices.map(({ slice, part }) =>
      inBackOfficeLane(db, () => periodRoomsQuery(slice, part, range.from, bucket).execute(db)),
    ),
  ]);
  const rows = reads.flatMap((read) => read.rows);
  const part = (name: string) => rows.filter((row) => row.part === name);
  const groups = (name: string) =>
    addedUp(part(name)).map((row) => ({
      key: String(row.key),
      nights: Number(row.a),
      revenue: Number(row.b),
    }));
  const nights = (name: string) =>
    part(name).map((row) => ({
      night: row.key,
      available: Number(row.a),
      sold: Number(row.b),
      pending: 0,
      revenue: Number(row.c),
    }));
  return {
    nights: nights("night"),
    nightsBefore: compareWith ? nights("before") : null,
    roomTypes: fillBuckets(
      range,
      bucket,
      part("type").map((row) => row.key),
      addedUp(part("bucket")).map((row) => ({
        start: row.key,
        type: String(row.sub),
        nights: Number(row.a),
        revenue: Number(row.b),
      })),
    ),
    sources: groups("channel"),
    methods: groups("method"),
    taxes: taxReturnOf(
      settings,
      addedUp(part("tax")).map((row) => ({ line: row.key, gross: row.a, vat: row.b, levy: row.c })),
    ),
  };
}
