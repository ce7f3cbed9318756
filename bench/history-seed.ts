import { sql, type Kysely } from "kysely";
import { isIsoDate, lodgeToday } from "../app/shared/dates.ts";
import type { DB } from "../app/shared/db/client.server.ts";
import type { Database } from "../app/shared/db/schema.ts";

// Ten years of a busy lodge's history, for measuring what the staff console costs
// when the tables are full: `npm run db:seed-history` (bench/seed-history.ts) and the bench.
// Never run by the server. Plain SQL over generate_series, so it takes seconds on both engines;
// deterministic, so two runs measure the same data. Relative imports only: scripts load it
// without the build.

export interface HistorySize {
  years: number;
  bookings: number;
  reservations: number;
  venueBookings: number;
  messages: number;
  subscribers: number;
}

/** The sizes the bench measures at: a busy lodge of 35 rooms over ten years. */
export const TEN_YEARS: HistorySize = {
  years: 10,
  bookings: 22_295,
  reservations: 9_625,
  venueBookings: 1_500,
  messages: 10_000,
  subscribers: 20_000,
};

export interface HistoryCounts {
  bookings: number;
  reservations: number;
  venueBookings: number;
  messages: number;
  subscribers: number;
  history: number;
  mails: number;
}

/**
 * Adds the history to a database that holds no guest requests yet (it refuses otherwise: its
 * stays are laid out so that none overlaps, which it cannot promise beside others). Stays are
 * spread evenly over the years up to the lodge's today, one room after the other, 1–3 nights each;
 * those in the past are checked out, cancelled, declined or no-shows, the last few are confirmed
 * or in house (they hold their rooms like any stay). Every request has its history and its mails.
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
  // Whole numbers and a checked date of our own, written into the SQL (as parameters, `date - $1`
  // would read as date minus date).
  const days = Math.round(size.years * 365.25);
  const stays = size.bookings + size.reservations;
  const todayDate = sql`${sql.lit(today)}::date`;
  const day0 = sql`(${todayDate} - ${sql.lit(days)})`;
  const step = sql`greatest(1, (${sql.lit(days)} * c.rooms) / ${sql.lit(stays)})`;
  const counts = await db.transaction().execute(async (trx) => {
    // The kept list counts are recounted once at the end rather than moved row by row: the
    // triggers (migration 2026-11-25-5-history-indexes) would make the seed many times slower.
    await sql`set local lodge.recount_later = 'on'`.execute(trx);
    // Slot s of every stay: room s % rooms, starting (s / rooms) * step + (s % rooms) % step days
    // after the first day, so consecutive stays of a room are `step` days apart and none overlaps
    // (nights < step).
    await sql`
      create temporary table history_slots on commit drop as
      with room_list as (
        select row_number() over (order by id)::int - 1 as idx, id, room_number, type, price
        from rooms where room_number ~ '^[0-9]+$'
      ), counts as (select count(*)::int as rooms from room_list), slots as (
        select s, (s::bigint * ${sql.lit(size.bookings)}) % ${sql.lit(stays)} < ${sql.lit(size.bookings)} as is_booking,
          ${day0} + 14 + (s / c.rooms) * ${step} + (s % c.rooms) % ${step} as check_in,
          1 + (s * 7) % least(3, greatest(1, (${sql.lit(days)} * c.rooms) / ${sql.lit(stays)} - 1)) as nights,
          s % c.rooms as room_idx
        from generate_series(0, ${sql.lit(stays - 1)}) s, counts c
      )
      select s, is_booking, r.id as room_id, r.room_number, r.type as room_type, r.price,
        check_in, check_in + nights as check_out, nights,
        ${reference(sql`s`)} as reference,
        'Guest ' || (s % 5000) as name, 'guest' || (s % 5000) || '@example.com' as email,
        '+260 97 ' || lpad((s % 5000)::text, 7, '0') as phone,
        (array['Cash', 'Mobile Money', 'Credit Card'])[1 + s % 3] as payment_method,
        case
          when check_in + nights < ${todayDate} then
            (array['Checked out', 'Checked out', 'Checked out', 'Checked out', 'Checked out', 'Checked out',
              'Checked out', 'Cancelled', 'Declined', 'No-show'])[1 + (s * 3) % 10]
          -- arriving today: still Confirmed, among Today's arrivals
          when check_in < ${todayDate} then 'Checked in'
          else 'Confirmed'
        end as status,
        (check_in - (1 + (s * 13) % 60))::timestamptz + make_interval(mins => (s * 37) % 1440) as created_at
      from slots join room_list r on r.idx = slots.room_idx`.execute(trx);

    await sql`
      insert into bookings (reference, name, email, phone, payment_method, status, message, created_at,
        room_id, room_number, room_type, selected_room, check_in, check_out, adults, children,
        number_of_people, guest_count, price, total_price, booking_date, timestamp)
      select reference, name, email, phone, payment_method, status,
        case when s % 4 = 0 then 'Arriving late, around 21:00.' end, created_at,
        room_id, room_number, room_type, room_number || ' (' || room_type || ')', check_in, check_out,
        1 + s % 2, s % 3, (1 + s % 2 + s % 3)::text, (1 + s % 2 + s % 3)::text, price, price * nights,
        created_at, created_at
      from history_slots where is_booking`.execute(trx);
    await sql`
      insert into reservations (reference, name, email, phone, payment_method, status, message, created_at,
        source, room_id, room_number, room_type, check_in, check_out, adults, children, number_of_people,
        room_count, price, total_price, timestamp)
      select reference, name, email, phone, payment_method, status, null, created_at,
        case when s % 2 = 0 then 'booking-page' else 'reservation-page' end, room_id, room_number, room_type,
        check_in, check_out, 2, s % 3, 2 + s % 3, 1, price, price * nights, created_at
      from history_slots where not is_booking`.execute(trx);

    // One event per venue per week or so; past ones stay Confirmed (a venue booking has no
    // later status), some cancelled or declined.
    await sql`
      with venue_list as (
        select row_number() over (order by id)::int - 1 as idx, id, venue, price from venues
      ), counts as (select count(*)::int as venues from venue_list)
      insert into venue_bookings (reference, name, email, phone, payment_method, status, created_at,
        venue_id, venue_name, booking_date, number_of_people, total_price)
      select ${reference(sql`(${sql.lit(stays)} + s)`)}, 'Guest ' || (s % 5000), 'guest' || (s % 5000) || '@example.com',
        '+260 96 ' || lpad((s % 5000)::text, 7, '0'), 'Mobile Money',
        (array['Confirmed', 'Confirmed', 'Confirmed', 'Cancelled', 'Declined'])[1 + s % 5],
        (day - 30)::timestamptz, v.id, v.venue, day, 20 + s % 200, v.price
      from (
        select s, ${day0} + (s / c.venues) * greatest(1, (${sql.lit(days)} * c.venues) / ${sql.lit(size.venueBookings)}) as day,
          s % c.venues as venue_idx
        from generate_series(0, ${sql.lit(size.venueBookings - 1)}) s, counts c
      ) e join venue_list v on v.idx = e.venue_idx`.execute(trx);

    await keepHistoryPrices(trx);

    await sql`
      insert into contact_messages (name, email, subject, message, status, created_at)
      select 'Guest ' || (s % 5000), 'guest' || (s % 5000) || '@example.com',
        case when s % 3 = 0 then null else 'Question ' || s end, 'Do you have a room free next month? (' || s || ')',
        case when s >= ${sql.lit(size.messages - 10)} then 'New' else 'Handled' end,
        now() - make_interval(mins => ((${sql.lit(size.messages)} - s)::bigint * ${sql.lit(days)} * 1440 / ${sql.lit(size.messages)})::int)
      from generate_series(0, ${sql.lit(size.messages - 1)}) s`.execute(trx);

    await sql`
      insert into newsletter_subscriptions (email, confirm_token_hash, confirm_sent_at, confirmed_at,
        unsubscribe_token, unsubscribed_at, created_at)
      select 'subscriber' || s || '@example.com', case when s % 10 = 9 then md5('confirm' || s) end, at,
        case when s % 10 <> 9 then at + interval '1 hour' end, md5('unsubscribe' || s),
        case when s % 10 = 8 then at + interval '90 days' end, at
      from (
        select s, now() - make_interval(mins => ((${sql.lit(size.subscribers)} - s)::bigint * ${sql.lit(days)} * 1440 / ${sql.lit(size.subscribers)})::int) as at
        from generate_series(0, ${sql.lit(size.subscribers - 1)}) s
      ) subscriptions`.execute(trx);

    // History: every request was made by its guest; staff moved most stays on once or twice.
    await sql`
      insert into request_history (request_kind, request_id, from_status, to_status, actor, at)
      select 'booking', id::text, null, 'Pending', 'guest', created_at from bookings
      union all select 'reservation', id::text, null, 'Pending', 'guest', created_at from reservations
      union all select 'venue-booking', id::text, null, 'Pending', 'guest', created_at from venue_bookings
      union all select 'contact-message', id::text, null, 'New', 'guest', created_at from contact_messages`.execute(
      trx,
    );
    await sql`
      insert into request_history (request_kind, request_id, from_status, to_status, actor, at)
      select kind, id, 'Pending', status, 'staff', check_in::timestamptz + interval '14 hours'
      from (
        select 'booking' as kind, id::text as id, status, check_in, created_at from bookings
        union all select 'reservation', id::text, status, check_in, created_at from reservations
      ) stays
      where status <> 'Pending' and extract(minute from created_at)::int % 8 < 5`.execute(trx);

    // Mails: to the guest and to the lodge for each request, sent long ago.
    await sql`
      insert into outbox (template, audience, recipient, subject, payload, request_kind, request_id, status,
        attempts, next_attempt_at, retry_from, sent_at, created_at)
      select template, audience, recipient, subject, '{}'::jsonb, kind, id, 'sent', 1, created_at, created_at,
        created_at + interval '5 seconds', created_at
      from (
        select 'request-received' as template, 'guest' as audience, email as recipient,
          'Your booking ' || reference as subject, 'booking' as kind, id::text as id, created_at from bookings
        union all select 'new-request', 'lodge', null, 'New booking ' || reference, 'booking', id::text, created_at
          from bookings where extract(minute from created_at)::int % 4 <> 0
        union all select 'request-received', 'guest', email, 'Your reservation ' || reference, 'reservation',
          id::text, created_at from reservations
        union all select 'request-received', 'guest', email, 'Your venue booking ' || reference, 'venue-booking',
          id::text, created_at from venue_bookings
      ) mails`.execute(trx);

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
export async function keepHistoryPrices(db: Kysely<Database>): Promise<void> {
  for (const [table, column] of [
    ["bookings", "booking_id"],
    ["reservations", "reservation_id"],
  ] as const) {
    await sql`
      insert into request_nights (${sql.id(column)}, night, price)
      select r.id, r.check_in + g.i, r.price
        from ${sql.table(table)} r
        cross join lateral generate_series(0, greatest(r.check_out - r.check_in, 1) - 1) as g(i)
       where not exists (select 1 from request_nights n where n.${sql.id(column)} = r.id)`.execute(db);
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
       where not exists (select 1 from request_tax_lines l where l.${sql.id(column)} = r.id)`.execute(db);
  }
}
