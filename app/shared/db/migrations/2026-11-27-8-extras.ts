import { sql, type Kysely } from "kysely";

// Extras and charges on the bill (decisions.md 38, ADR 0028):
// - `extras`: the catalogue the manager keeps (breakfast, transfers, late check-out…): a price in
//   ngwee, how it is counted (per item, night, person, or person and night) and a tax category
//   that says which of the lodge's taxes it carries. A default catalogue is written once here;
//   staff changes are kept.
// - `folio_charges`: one line on a stay's or venue booking's bill, booked by the guest on the site
//   or posted by staff. It keeps its name, unit price, quantity, amount and tax lines as sold, so
//   a later change of the catalogue or of the tax settings never reprices it. A voided line stays
//   with its reason and who voided it; it no longer counts.
// Earlier rows are untouched.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table extras (
      id integer primary key generated always as identity,
      name text not null unique check (char_length(name) between 1 and 60),
      price_ngwee integer not null check (price_ngwee between 0 and 100000000),
      basis text not null check (basis in ('item', 'night', 'person', 'person-night')),
      tax_category text not null check (tax_category in ('accommodation', 'food', 'services', 'events')),
      active boolean not null default true,
      created_at timestamptz not null default now()
    )
  `.execute(db);

  await sql`
    create table folio_charges (
      id bigint primary key generated always as identity,
      booking_id uuid references bookings (id) on delete cascade,
      reservation_id uuid references reservations (id) on delete cascade,
      venue_booking_id uuid references venue_bookings (id) on delete cascade,
      extra_id integer references extras (id) on delete set null,
      name text not null check (char_length(name) between 1 and 60),
      basis text not null check (basis in ('item', 'night', 'person', 'person-night')),
      tax_category text not null check (tax_category in ('accommodation', 'food', 'services', 'events')),
      unit_price_ngwee integer not null check (unit_price_ngwee >= 0),
      quantity integer not null check (quantity between 1 and 10000),
      amount_ngwee integer not null check (amount_ngwee = unit_price_ngwee::bigint * quantity),
      vat_rate_bp integer not null default 0 check (vat_rate_bp between 0 and 10000),
      vat_ngwee integer not null default 0 check (vat_ngwee >= 0),
      levy_rate_bp integer not null default 0 check (levy_rate_bp between 0 and 10000),
      levy_ngwee integer not null default 0 check (levy_ngwee >= 0),
      source text not null check (source in ('guest', 'staff')),
      note text check (char_length(note) <= 200),
      staff_account_id integer references staff_accounts (id) on delete set null,
      posted_at timestamptz not null default now(),
      voided_at timestamptz,
      void_reason text check (char_length(void_reason) between 1 and 200),
      voided_by integer references staff_accounts (id) on delete set null,
      check (num_nonnulls(booking_id, reservation_id, venue_booking_id) = 1),
      check ((voided_at is null) = (void_reason is null)),
      check (vat_ngwee::bigint + levy_ngwee <= amount_ngwee)
    )
  `.execute(db);
  for (const column of ["booking_id", "reservation_id", "venue_booking_id"]) {
    await sql`create index ${sql.raw(`folio_charges_${column}_idx`)} on folio_charges (${sql.id(column)})
      where ${sql.id(column)} is not null`.execute(db);
  }
  await sql`create index folio_charges_posted_at_idx on folio_charges (posted_at)`.execute(db);

  // The site lists the active extras: a change shows there at once.
  await sql`
    create constraint trigger extras_bump_data_version
    after insert or update or delete on extras
    deferrable initially deferred
    for each row execute function bump_data_version()
  `.execute(db);

  await sql`
    insert into extras (name, price_ngwee, basis, tax_category) values
      ('Breakfast', 15000, 'person-night', 'food'),
      ('Dinner', 25000, 'person-night', 'food'),
      ('Airport transfer', 45000, 'item', 'services'),
      ('Laundry (per bag)', 8000, 'item', 'services'),
      ('Bar', 5000, 'item', 'food'),
      ('Restaurant', 10000, 'item', 'food'),
      ('Conference package (full day)', 35000, 'person', 'events'),
      ('Late check-out (until 16:00)', 30000, 'item', 'accommodation')
    on conflict (name) do nothing
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists extras_bump_data_version on extras`.execute(db);
  await sql`drop table folio_charges`.execute(db);
  await sql`drop table extras`.execute(db);
}
