import { sql, type Kysely } from "kysely";

// Prices that follow the calendar and taxes on the bill (decisions.md 31-32, ADR 0017):
// - `rate_rules`: a manager's rules by date range, room types and weekdays: a fixed nightly price
//   or a change by percent or amount. The base rate stays each room's `price`.
// - `stay_rules`: minimum and maximum nights and days closed to arrival, by date range and room
//   types; the rule in force on the arrival night applies to the whole stay.
// - `request_nights`: every room booking's and reservation's nights as they were priced when it
//   was made (all its rooms together), and the rule that set each. They sum to the request's
//   `total_price`; reports read room revenue by night of stay from here.
// - `request_tax_lines`: the VAT and tourism levy contained in a request's total, with the rate
//   they were taken at, for bookings, reservations and venue bookings.
// Every existing request gets a snapshot equal to what it stored: its total spread evenly over
// its nights (exactly its rate per night when the total was nights × rate), and the tax lines of
// the lodge's settings at the time of the upgrade (the defaults: the levy only).
// Rules and tax settings are shown by public pages, so they move the data version too.
//
// Migrations never import application code: they describe the schema as it was on their date.

const LEVY_MIN_EVENT_PEOPLE = 25;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rate_rules (
      id integer primary key generated always as identity,
      name text not null check (char_length(name) between 1 and 80),
      room_types text[] not null default '{}',
      starts_on date not null,
      ends_on date not null,
      weekdays integer[] not null default '{}' check (weekdays <@ array[1, 2, 3, 4, 5, 6, 7]),
      kind text not null check (kind in ('fixed', 'percent', 'amount')),
      value integer not null,
      staff_account_id integer references staff_accounts (id) on delete set null,
      created_at timestamptz not null default now(),
      check (ends_on >= starts_on),
      check (kind <> 'fixed' or value between 0 and 10000000),
      check (kind <> 'percent' or value between -100 and 1000),
      check (kind <> 'amount' or value between -10000000 and 10000000)
    )
  `.execute(db);
  await sql`
    create table stay_rules (
      id integer primary key generated always as identity,
      name text not null check (char_length(name) between 1 and 80),
      room_types text[] not null default '{}',
      starts_on date not null,
      ends_on date not null,
      min_nights integer check (min_nights between 1 and 365),
      max_nights integer check (max_nights between 1 and 365),
      closed_to_arrival integer[] not null default '{}'
        check (closed_to_arrival <@ array[1, 2, 3, 4, 5, 6, 7]),
      staff_account_id integer references staff_accounts (id) on delete set null,
      created_at timestamptz not null default now(),
      check (ends_on >= starts_on),
      check (min_nights is null or max_nights is null or min_nights <= max_nights),
      check (min_nights is not null or max_nights is not null or cardinality(closed_to_arrival) > 0)
    )
  `.execute(db);

  await sql`
    create table request_nights (
      id bigint primary key generated always as identity,
      booking_id uuid references bookings (id) on delete cascade,
      reservation_id uuid references reservations (id) on delete cascade,
      night date not null,
      price integer not null check (price >= 0),
      rule text check (char_length(rule) <= 200),
      check (num_nonnulls(booking_id, reservation_id) = 1),
      unique (booking_id, night),
      unique (reservation_id, night)
    )
  `.execute(db);
  await sql`create index request_nights_night_idx on request_nights (night)`.execute(db);

  await sql`
    create table request_tax_lines (
      id bigint primary key generated always as identity,
      booking_id uuid references bookings (id) on delete cascade,
      reservation_id uuid references reservations (id) on delete cascade,
      venue_booking_id uuid references venue_bookings (id) on delete cascade,
      kind text not null check (kind in ('vat', 'levy')),
      rate_bp integer not null check (rate_bp between 0 and 10000),
      amount integer not null check (amount >= 0),
      check (num_nonnulls(booking_id, reservation_id, venue_booking_id) = 1),
      unique (booking_id, kind),
      unique (reservation_id, kind),
      unique (venue_booking_id, kind)
    )
  `.execute(db);

  // The snapshot of every existing stay: its total spread evenly over its nights.
  for (const [table, column] of [
    ["bookings", "booking_id"],
    ["reservations", "reservation_id"],
  ] as const) {
    await sql`
      insert into request_nights (${sql.id(column)}, night, price)
      select r.id, r.check_in + g.i,
             r.total_price / s.n + case when g.i < r.total_price % s.n then 1 else 0 end
        from ${sql.table(table)} r
        cross join lateral (select greatest(r.check_out - r.check_in, 1) as n) s
        cross join lateral generate_series(0, s.n - 1) as g(i)
    `.execute(db);
  }

  // Tax lines contained in each total, at the settings of the day: round(total × rate ÷ (1 + sum)).
  const requests = [
    ["bookings", "booking_id", sql`true`],
    ["reservations", "reservation_id", sql`true`],
    ["venue_bookings", "venue_booking_id", sql`r.number_of_people >= ${sql.lit(LEVY_MIN_EVENT_PEOPLE)}`],
  ] as const;
  for (const [table, column, levied] of requests) {
    await sql`
      insert into request_tax_lines (${sql.id(column)}, kind, rate_bp, amount)
      select r.id, t.kind, t.rate_bp,
             round(r.total_price::numeric * t.rate_bp / (10000 + t.sum_bp))::integer
        from ${sql.table(table)} r
        cross join lodge_settings s
        cross join lateral (
          select kind, rate_bp, sum(rate_bp) over () as sum_bp from (
            select 'vat' as kind, s.vat_rate_bp as rate_bp where s.vat_registered and s.vat_rate_bp > 0
            union all
            select 'levy', s.levy_rate_bp where ${levied} and s.levy_rate_bp > 0
          ) lines
        ) t
    `.execute(db);
  }

  for (const table of ["rate_rules", "stay_rules", "lodge_settings"]) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_bump_data_version`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row execute function bump_data_version()
    `.execute(db);
  }

  // Rate and stay rules are staff changes, audited like prices and settings.
  await sql`alter table staff_audit drop constraint staff_audit_subject_check`.execute(db);
  await sql`alter table staff_audit add constraint staff_audit_subject_check
    check (subject in ('room', 'venue', 'closure', 'account', 'outbox', 'settings', 'payment', 'rates'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from staff_audit where subject = 'rates'`.execute(db);
  await sql`alter table staff_audit drop constraint staff_audit_subject_check`.execute(db);
  await sql`alter table staff_audit add constraint staff_audit_subject_check
    check (subject in ('room', 'venue', 'closure', 'account', 'outbox', 'settings', 'payment'))`.execute(db);
  for (const table of ["rate_rules", "stay_rules", "lodge_settings"]) {
    await sql`drop trigger ${sql.raw(`${table}_bump_data_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop table request_tax_lines`.execute(db);
  await sql`drop table request_nights`.execute(db);
  await sql`drop table stay_rules`.execute(db);
  await sql`drop table rate_rules`.execute(db);
}
