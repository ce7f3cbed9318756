import { sql, type Kysely, type RawBuilder } from "kysely";
import { isIsoDate, lodgeToday } from "../app/shared/dates.ts";
import type { DB } from "../app/shared/db/client.server.ts";
import type { Database } from "../app/shared/db/schema.ts";

// Years of a busy lodge's history, for measuring what the staff console costs when the tables
// are full: `npm run db:seed-history` (bench/seed-history.ts) and the bench, which compares ten
// years with one. Never run by the server. Plain SQL over generate_series in slices of a few
// hundred rows, each its own transaction; deterministic, so two runs measure the same data. Relative imports only: scripts
// load it without the build.

export interface HistorySize {
  years: number;
  bookings: number;
  reservations: number;
  venueBookings: number;
  messages: number;
  subscribers: number;
}

/** One year of a busy lodge of 35 rooms: a stay on each room about every fourth day. */
const BUSY_YEAR = {
  bookings: 2_229,
  reservations: 963,
  venueBookings: 150,
  messages: 1_000,
  subscribers: 2_000,
} as const;

/**
 * `years` whole years of the busy lodge, every count in proportion: two such sizes seeded for
 * the same day hold the same most recent year (see seedHistory), so they differ only in age.
 */
export function busyLodge(years: number): HistorySize {
  if (!Number.isInteger(years) || years < 1) throw new Error(`not a whole number of years: ${years}`);
  return {
    years,
    bookings: BUSY_YEAR.bookings * years,
    reservations: BUSY_YEAR.reservations * years,
    venueBookings: BUSY_YEAR.venueBookings * years,
    messages: BUSY_YEAR.messages * years,
    subscribers: BUSY_YEAR.subscribers * years,
  };
}

/** The sizes the bench compares: ten years, and the most recent of them alone. */
export const TEN_YEARS = busyLodge(10);
export const ONE_YEAR = busyLodge(1);

/** The newest stays arrive up to two weeks ahead, as a busy lodge's confirmed bookings do. */
const DAYS_AHEAD = 14;

/**
 * Rows of each kind written per transaction: a few hundred, so that the seed holds the embedded
 * database (one query at a time) for a few milliseconds at a time, as the exports do.
 */
const SEED_SLICE_ROWS = 300;

/** Venue bookings' references are numbered from here, past any stay's (see `reference`). */
const VENUE_REFERENCES_FROM = 800_000;

export interface HistoryCounts {
  bookings: number;
  reservations: number;
  venueBookings: number;
  messages: number;
  subscribers: number;
  history: number;
  mails: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Adds the history to a database that holds no guest requests yet (it refuses otherwise: its
 * stays are laid out so that none overlaps, which it cannot promise beside others). Stays run
 * back from DAYS_AHEAD days after the lodge's today, one room after the other, 1–3 nights each;
 * those in the past are checked out, cancelled, declined or no-shows, the last few are confirmed
 * or in house (they hold their rooms like any stay). Every request has its history and its mails.
 *
 * Everything is laid out from today backwards, each row made from its place counted from the
 * newest: the stay, event, message or subscriber k of a larger size is the same row as k of a
 * smaller one with the same yearly counts (busyLodge), so ten years and one year seeded for the
 * same `today` hold the same recent year (Today, the board, the newest requests) and differ only
 * in the years before it. Dates come from `today` alone, never from the clock.
 *
 * The rooms take turns: room i's stays begin i mod `step` days into each round of `step` days,
 * so every day has about as many arrivals and departures as any other: with every room turning
 * over on the same day, what Today costs would depend on the day the bench runs. `today` is the
 * lodge's, as Today's.
 */
export async function seedHistory(
  db: DB,
  size: HistorySize = TEN_YEARS,
  today: string = lodgeToday(),
): Promise<HistoryCounts> {
  const existing = await sql<{ n: number }>`
    select ((select count(*) from bookings) + (select count(*) from reservations)
      + (select count(*) from venue_bookings) + (select count(*) from contact_messages))::int as n`.execute(
    db,
  );
  if ((existing.rows[0]?.n ?? 0) > 0) {
    throw new Error("the database already holds guest requests: seed the history into a new one");
  }
  if (!isIsoDate(today)) throw new Error(`not a date: ${today}`);
  const stays = size.bookings + size.reservations;
  if (stays > VENUE_REFERENCES_FROM) throw new Error(`more stays than references: ${stays}`);
  const places = await sql<{ rooms: number; venues: number }>`
    select (select count(*) from rooms where room_number ~ '^[0-9]+$')::int as rooms,
      (select count(*) from venues)::int as venues`.execute(db);
  const { rooms, venues } = places.rows[0]!;
  // Days between a room's stays, and between a venue's events: the years' days shared out. Exact
  // in whole numbers (a year is 36525/100 days), so sizes in proportion get the same steps.
  const step = Math.max(1, Math.floor((36_525 * rooms * size.years) / (100 * Math.max(stays, 1))));
  const eventStep = Math.max(
    1,
    Math.floor((36_525 * venues * size.years) / (100 * Math.max(size.venueBookings, 1))),
  );
  // Bookings among the stays, spread evenly: slot k is a booking when (k × b) mod n < b, over the
  // fraction in lowest terms, so that it depends on the share of bookings alone, not the count.
  const shared = gcd(size.bookings, stays) || 1;
  const [bookingShare, stayShare] = [size.bookings / shared, stays / shared];
  // Messages and subscribers one after the other back from the start of today, evenly over the
  // years (in minutes: a year is 525960).
  const yearsInMinutes = Math.round(525_960 * size.years);
  // Whole numbers and a checked date of our own, written into the SQL (as parameters, `date - $1`
  // would read as date minus date).
  const todayDate = sql`${sql.lit(today)}::date`;
  const todayStart = sql`${todayDate}::timestamptz`;
  const newest = sql`(${todayDate} + ${sql.lit(DAYS_AHEAD)})`;
  /**
   * Runs `write` for slots [0, count) in slices of SEED_SLICE_ROWS, each in its own short
   * transaction, so that other requests get in between the slices (on the embedded database one
   * query runs at a time). The kept list counts are recounted once at the end rather than moved
   * row by row: the triggers (migration 2026-11-25-5-history-indexes) would make the seed many
   * times slower.
   */
  const inSlices = async (
    count: number,
    write: (trx: Kysely<Database>, from: number, until: number) => Promise<void>,
  ) => {
    for (let from = 0; from < count; from += SEED_SLICE_ROWS) {
      await db.transaction().execute(async (trx) => {
        await sql`set local lodge.recount_later = 'on'`.execute(trx);
        await write(trx, from, Math.min(from + SEED_SLICE_ROWS, count));
      });
    }
  };

  await inSlices(stays, async (trx, from, until) => {
    // Slot k of every stay, counted from the newest: room k % rooms, arriving
    // (k / rooms) * step + (k % rooms) % step days before the newest day, so consecutive stays of a
    // room are `step` days apart and none overlaps (nights < step).
    await sql`
      create temporary table history_slots on commit drop as
      with room_list as (
        select row_number() over (order by id)::int - 1 as idx, id, room_number, type, price
        from rooms where room_number ~ '^[0-9]+$'
      ), slots as (
        select k, (k::bigint * ${sql.lit(bookingShare)}) % ${sql.lit(stayShare)} < ${sql.lit(bookingShare)} as is_booking,
          ${newest} - (k / ${sql.lit(rooms)}) * ${sql.lit(step)} - (k % ${sql.lit(rooms)}) % ${sql.lit(step)} as check_in,
          1 + (k * 7) % ${sql.lit(Math.min(3, Math.max(1, step - 1)))} as nights,
          k % ${sql.lit(rooms)} as room_idx
        from generate_series(${sql.lit(from)}, ${sql.lit(until - 1)}) k
      )
      select k, is_booking, r.id as room_id, r.room_number, r.type as room_type, r.price,
        check_in, check_in + nights as check_out, nights,
        ${reference(sql`k`)} as reference,
        'Guest ' || (k % 5000) as name, 'guest' || (k % 5000) || '@example.com' as email,
        '+260 97 ' || lpad((k % 5000)::text, 7, '0') as phone,
        (array['Cash', 'Mobile Money', 'Credit Card'])[1 + k % 3] as payment_method,
        case
          when check_in + nights < ${todayDate} then
            (array['Checked out', 'Checked out', 'Checked out', 'Checked out', 'Checked out', 'Checked out',
              'Checked out', 'Cancelled', 'Declined', 'No-show'])[1 + (k * 3) % 10]
          -- arriving today: still Confirmed, among Today's arrivals
          when check_in < ${todayDate} then 'Checked in'
          else 'Confirmed'
        end as status,
        -- Booked up to two months ahead, and never later than yesterday.
        least(check_in - (1 + (k * 13) % 60), ${todayDate} - 1)::timestamptz
          + make_interval(mins => (k * 37) % 1440) as created_at
      from slots join room_list r on r.idx = slots.room_idx`.execute(trx);

    await sql`
      insert into bookings (reference, name, email, phone, payment_method, status, message, created_at,
        room_id, room_number, room_type, selected_room, check_in, check_out, adults, children,
        number_of_people, guest_count, price, total_price, booking_date, timestamp)
      select reference, name, email, phone, payment_method, status,
        case when k % 4 = 0 then 'Arriving late, around 21:00.' end, created_at,
        room_id, room_number, room_type, room_number || ' (' || room_type || ')', check_in, check_out,
        1 + k % 2, k % 3, (1 + k % 2 + k % 3)::text, (1 + k % 2 + k % 3)::text, price, price * nights,
        created_at, created_at
      from history_slots where is_booking`.execute(trx);
    await sql`
      insert into reservations (reference, name, email, phone, payment_method, status, message, created_at,
        source, room_id, room_number, room_type, check_in, check_out, adults, children, number_of_people,
        room_count, price, total_price, timestamp)
      select reference, name, email, phone, payment_method, status, null, created_at,
        case when k % 2 = 0 then 'booking-page' else 'reservation-page' end, room_id, room_number, room_type,
        check_in, check_out, 2, k % 3, 2 + k % 3, 1, price, price * nights, created_at
      from history_slots where not is_booking`.execute(trx);
    const inSlice = sql`r.reference in (select reference from history_slots)`;
    await keepHistoryPrices(trx, inSlice);

    // History: every request was made by its guest; staff moved most stays on once or twice.
    const slice = sql`(
      select 'booking' as kind, r.id::text as id, r.reference, r.email, r.status, r.check_in, r.created_at
        from bookings r where ${inSlice}
      union all select 'reservation', r.id::text, r.reference, r.email, r.status, r.check_in, r.created_at
        from reservations r where ${inSlice})`;
    await sql`
      insert into request_history (request_kind, request_id, from_status, to_status, actor, at)
      select kind, id, null, 'Pending', 'guest', created_at from ${slice} stays
      union all
      select kind, id, 'Pending', status, 'staff', check_in::timestamptz + interval '14 hours' from ${slice} stays
      where status <> 'Pending' and extract(minute from created_at)::int % 8 < 5`.execute(trx);
    // Mails: to the guest and to the lodge for each request, sent long ago.
    await sql`
      insert into outbox (template, audience, recipient, subject, payload, request_kind, request_id, status,
        attempts, next_attempt_at, retry_from, sent_at, created_at)
      select template, audience, recipient, subject, '{}'::jsonb, kind, id, 'sent', 1, created_at, created_at,
        created_at + interval '5 seconds', created_at
      from (
        select 'request-received' as template, 'guest' as audience, email as recipient,
          'Your ' || kind || ' ' || reference as subject, kind, id, created_at from ${slice} stays
        union all select 'new-request', 'lodge', null, 'New booking ' || reference, kind, id, created_at
          from ${slice} stays where kind = 'booking' and extract(minute from created_at)::int % 4 <> 0
      ) mails`.execute(trx);
  });

  // Each venue's events `eventStep` days apart, back from the newest day, counted from the newest
  // as the stays are; past ones stay Confirmed (a venue booking has no later status), some
  // cancelled or declined.
  await inSlices(size.venueBookings, async (trx, from, until) => {
    await sql`
      create temporary table history_events on commit drop as
      with venue_list as (
        select row_number() over (order by id)::int - 1 as idx, id, venue, price from venues
      )
      select ${reference(sql`(${sql.lit(VENUE_REFERENCES_FROM)} + k)`)} as reference, 'Guest ' || (k % 5000) as name,
        'guest' || (k % 5000) || '@example.com' as email, '+260 96 ' || lpad((k % 5000)::text, 7, '0') as phone,
        (array['Confirmed', 'Confirmed', 'Confirmed', 'Cancelled', 'Declined'])[1 + k % 5] as status,
        least(day - 30, ${todayDate} - 1)::timestamptz as created_at, v.id as venue_id, v.venue, day,
        20 + k % 200 as people, v.price
      from (
        select k, ${newest} - (k / ${sql.lit(venues)}) * ${sql.lit(eventStep)} as day, k % ${sql.lit(venues)} as venue_idx
        from generate_series(${sql.lit(from)}, ${sql.lit(until - 1)}) k
      ) e join venue_list v on v.idx = e.venue_idx`.execute(trx);
    await sql`
      insert into venue_bookings (reference, name, email, phone, payment_method, status, created_at,
        venue_id, venue_name, booking_date, number_of_people, total_price)
      select reference, name, email, phone, 'Mobile Money', status, created_at, venue_id, venue, day, people, price
      from history_events`.execute(trx);
    const inSlice = sql`r.reference in (select reference from history_events)`;
    await keepHistoryPrices(trx, inSlice);
    await sql`
      insert into request_history (request_kind, request_id, from_status, to_status, actor, at)
      select 'venue-booking', r.id::text, null, 'Pending', 'guest', r.created_at from venue_bookings r
      where ${inSlice}`.execute(trx);
    await sql`
      insert into outbox (template, audience, recipient, subject, payload, request_kind, request_id, status,
        attempts, next_attempt_at, retry_from, sent_at, created_at)
      select 'request-received', 'guest', r.email, 'Your venue booking ' || r.reference, '{}'::jsonb,
        'venue-booking', r.id::text, 'sent', 1, r.created_at, r.created_at, r.created_at + interval '5 seconds',
        r.created_at
      from venue_bookings r where ${inSlice}`.execute(trx);
  });

  await inSlices(size.messages, async (trx, from, until) => {
    await sql`
      with messages as (
        insert into contact_messages (name, email, subject, message, status, created_at)
        select 'Guest ' || (k % 5000), 'guest' || (k % 5000) || '@example.com',
          case when k % 3 = 0 then null else 'Question ' || k end, 'Do you have a room free next month? (' || k || ')',
          case when k < 10 then 'New' else 'Handled' end,
          ${todayStart} - make_interval(mins => ((k + 1)::bigint * ${sql.lit(yearsInMinutes)} / ${sql.lit(size.messages)})::int)
        from generate_series(${sql.lit(from)}, ${sql.lit(until - 1)}) k
        returning id, status, created_at
      )
      insert into request_history (request_kind, request_id, from_status, to_status, actor, at)
      select 'contact-message', id::text, null, 'New', 'guest', created_at from messages`.execute(trx);
  });

  await inSlices(size.subscribers, async (trx, from, until) => {
    await sql`
      insert into newsletter_subscriptions (email, confirm_token_hash, confirm_sent_at, confirmed_at,
        unsubscribe_token, unsubscribed_at, created_at)
      select 'subscriber' || k || '@example.com', case when k % 10 = 9 then md5('confirm' || k) end, at,
        case when k % 10 <> 9 then at + interval '1 hour' end, md5('unsubscribe' || k),
        case when k % 10 = 8 then at + interval '90 days' end, at
      from (
        select k, ${todayStart} - make_interval(mins => ((k + 1)::bigint * ${sql.lit(yearsInMinutes)} / ${sql.lit(size.subscribers)})::int) as at
        from generate_series(${sql.lit(from)}, ${sql.lit(until - 1)}) k
      ) subscriptions`.execute(trx);
  });

  const counts = await db.transaction().execute(async (trx) => {
    await sql`delete from list_counts`.execute(trx);
    await sql`
      insert into list_counts (list, key, n)
      select 'requests', 'booking:' || status, count(*) from bookings group by status
      union all select 'requests', 'reservation:' || status, count(*) from reservations group by status
      union all select 'requests', 'venue-booking:' || status, count(*) from venue_bookings group by status
      union all select 'requests', 'contact-message:' || status, count(*) from contact_messages group by status
      union all select 'requests', 'newsletter:' || s, count(*) from (
        select case when unsubscribed_at is not null then 'Unsubscribed' when confirmed_at is not null
          then 'Subscribed' else 'Unconfirmed' end as s from newsletter_subscriptions) n group by s
      union all select 'outbox', status, count(*) from outbox group by status`.execute(trx);

    const seeded = await sql<HistoryCounts>`
      select (select count(*) from bookings)::int as bookings,
        (select count(*) from reservations)::int as reservations,
        (select count(*) from venue_bookings)::int as "venueBookings",
        (select count(*) from contact_messages)::int as messages,
        (select count(*) from newsletter_subscriptions)::int as subscribers,
        (select count(*) from request_history)::int as history,
        (select count(*) from outbox)::int as mails`.execute(trx);
    return seeded.rows[0]!;
  });
  // Fresh statistics for the planner, as after any bulk load: without them it reads the new
  // tables as empty and chooses plans that read every row.
  await sql`analyze`.execute(db);
  return counts;
}

/**
 * The first day from which this database holds every kind of its seeded history in full: the
 * latest of each room's and each venue's first day, the day after the first message's and the
 * first subscriber's. A larger size seeded for the same today holds the same rows from that day on
 * (seedHistory), which `historySince` lets the bench and its test check.
 */
export async function recentFrom(db: DB): Promise<string> {
  const { rows } = await sql<{ day: string }>`
    select greatest(
      (select max(first) from (select min(check_in) as first from (
        select room_id, check_in from bookings union all select room_id, check_in from reservations) s
        group by room_id) rooms),
      (select max(first) from (select min(booking_date) as first from venue_bookings group by venue_id) venues),
      (select min(created_at)::date + 1 from contact_messages),
      (select min(created_at)::date + 1 from newsletter_subscriptions))::text as day`.execute(db);
  const day = rows[0]?.day;
  if (!day) throw new Error("no seeded history in this database");
  return day;
}

/**
 * The seeded rows dated on or after `since`, per table, each as its JSON text without the ids this
 * database gave it, sorted: a stay by its arrival, an event by its day, a message or subscriber
 * by when it came, nights, tax lines, history and mails by their request (named by its reference,
 * or a message by its text). Two databases hold the same history from `since` on when these are
 * equal.
 */
export async function historySince(db: DB, since: string): Promise<Record<string, string[]>> {
  if (!isIsoDate(since)) throw new Error(`not a date: ${since}`);
  const from = sql`${sql.lit(since)}::date`;
  const requests = sql`
    select 'booking' as kind, id::text as id, reference as key from bookings where check_in >= ${from}
    union all select 'reservation', id::text, reference from reservations where check_in >= ${from}
    union all select 'venue-booking', id::text, reference from venue_bookings where booking_date >= ${from}
    union all select 'contact-message', id::text, message from contact_messages
      where created_at >= ${from}::timestamptz`;
  const queries = {
    bookings: sql`select (to_jsonb(t) - 'id')::text as row from bookings t where check_in >= ${from}`,
    reservations: sql`select (to_jsonb(t) - 'id')::text as row from reservations t where check_in >= ${from}`,
    venueBookings: sql`select (to_jsonb(t) - 'id')::text as row from venue_bookings t
      where booking_date >= ${from}`,
    contactMessages: sql`select (to_jsonb(t) - 'id')::text as row from contact_messages t
      where created_at >= ${from}::timestamptz`,
    newsletterSubscriptions: sql`select (to_jsonb(t) - 'id')::text as row from newsletter_subscriptions t
      where created_at >= ${from}::timestamptz`,
    requestNights: sql`with requests as (${requests})
      select ((to_jsonb(t) - 'id' - 'booking_id' - 'reservation_id') || jsonb_build_object('request', r.key))::text as row
      from request_nights t join requests r on r.id = coalesce(t.booking_id, t.reservation_id)::text`,
    requestTaxLines: sql`with requests as (${requests})
      select ((to_jsonb(t) - 'id' - 'booking_id' - 'reservation_id' - 'venue_booking_id')
        || jsonb_build_object('request', r.key))::text as row
      from request_tax_lines t
      join requests r on r.id = coalesce(t.booking_id, t.reservation_id, t.venue_booking_id)::text`,
    requestHistory: sql`with requests as (${requests})
      select ((to_jsonb(t) - 'id' - 'request_id') || jsonb_build_object('request', r.key))::text as row
      from request_history t join requests r on r.kind = t.request_kind and r.id = t.request_id`,
    outbox: sql`with requests as (${requests})
      select ((to_jsonb(t) - 'id' - 'message_id' - 'request_id') || jsonb_build_object('request', r.key))::text as row
      from outbox t join requests r on r.kind = t.request_kind and r.id = t.request_id`,
  };
  const rows: Record<string, string[]> = {};
  for (const [table, query] of Object.entries(queries)) {
    const result = await sql<{ row: string }>`${query}`.execute(db);
    rows[table] = result.rows.map((row) => row.row).sort();
  }
  return rows;
}

/** A booking reference (LDG- and six of its letters) made from a number: one per number. */
function reference(n: ReturnType<typeof sql>) {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const digits = [5, 4, 3, 2, 1, 0].map(
    (k) => sql`substr(${alphabet}, ((${n} + 104729)::bigint / ${sql.lit(31 ** k)} % 31)::int + 1, 1)`,
  );
  return sql`'LDG-' || ${sql.join(digits, sql` || `)}`;
}

/**
 * Every request without kept prices gets them, as the app keeps them: each night of a
 * stay at the room's rate (history totals are nights × rate), and the tax lines of today's
 * settings (the levy on stays and on events of 25 people or more). Also used by the bench.
 */
export async function keepHistoryPrices(
  db: Kysely<Database>,
  only: RawBuilder<unknown> = sql`true`,
): Promise<void> {
  for (const [table, column] of [
    ["bookings", "booking_id"],
    ["reservations", "reservation_id"],
  ] as const) {
    await sql`
      insert into request_nights (${sql.id(column)}, night, price)
      select r.id, r.check_in + g.i, r.price
        from ${sql.table(table)} r
        cross join lateral generate_series(0, greatest(r.check_out - r.check_in, 1) - 1) as g(i)
       where ${only} and not exists (select 1 from request_nights n where n.${sql.id(column)} = r.id)`.execute(
      db,
    );
  }
  for (const [table, column, levied] of [
    ["bookings", "booking_id", sql`true`],
    ["reservations", "reservation_id", sql`true`],
    ["venue_bookings", "venue_booking_id", sql`r.number_of_people >= 25`],
  ] as const) {
    await sql`
      insert into request_tax_lines (${sql.id(column)}, kind, rate_bp, amount)
      select r.id, t.kind, t.rate_bp, round(r.total_price::numeric * t.rate_bp / (10000 + t.sum_bp))::integer
        from ${sql.table(table)} r
        cross join lodge_settings s
        cross join lateral (
          select kind, rate_bp, sum(rate_bp) over () as sum_bp from (
            select 'vat' as kind, s.vat_rate_bp as rate_bp where s.vat_registered and s.vat_rate_bp > 0
            union all
            select 'levy', s.levy_rate_bp where ${levied} and s.levy_rate_bp > 0
          ) lines
        ) t
       where ${only} and not exists (select 1 from request_tax_lines l where l.${sql.id(column)} = r.id)`.execute(
      db,
    );
  }
}
