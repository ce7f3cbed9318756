import { sql, type Kysely } from "kysely";

// Housekeeping (decisions.md 38, ADR 0026):
// - `room_housekeeping`: each room's current state (Clean, Dirty, Inspected, Out of order), who
//   set it and when. A table beside `rooms`, not columns on it: `rooms` bumps the public pages'
//   data version, and a housekeeper's tap changes nothing a guest sees. Every room starts Clean;
//   a room added later gets its row from a trigger. `closure_id` is the room closure an Out of
//   order state came with (the closure holds the nights on the ledger).
// - `room_housekeeping_history`: every change of that row, written by a trigger, so no path
//   (a tap, a check-out, the morning) can change a state without leaving its line.
// - A check-out makes its room Dirty in the check-out's own transaction: a trigger on the
//   request's history line, which names the staff member who checked the guest out.
// - `housekeeping_mornings`: one row per lodge day whose stay-over change has been made; its
//   primary key lets one instance of several make it, once.
// - `staff_accounts.role` admits `housekeeping`.
// Every earlier row is kept.
//
// Migrations never import application code: they describe the schema as it was on their date.

const STATES = sql`('Clean', 'Dirty', 'Inspected', 'Out of order')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table staff_accounts drop constraint staff_accounts_role_check`.execute(db);
  await sql`alter table staff_accounts add constraint staff_accounts_role_check
    check (role in ('manager', 'reception', 'housekeeping'))`.execute(db);

  await sql`
    create table room_housekeeping (
      room_id integer primary key references rooms (id) on delete cascade,
      state text not null default 'Clean' check (state in ${STATES}),
      note text check (char_length(note) <= 200),
      staff_account_id integer references staff_accounts (id),
      changed_at timestamptz not null default now(),
      closure_id integer references room_closures (id) on delete set null
    )`.execute(db);
  await sql`insert into room_housekeeping (room_id) select id from rooms`.execute(db);

  await sql`
    create table room_housekeeping_history (
      id bigint generated always as identity primary key,
      room_id integer not null references rooms (id) on delete cascade,
      from_state text check (from_state in ${STATES}),
      to_state text not null check (to_state in ${STATES}),
      staff_account_id integer references staff_accounts (id),
      note text,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index room_housekeeping_history_room_idx
    on room_housekeeping_history (room_id, at desc)`.execute(db);

  await sql`
    create function room_housekeeping_log() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.state = new.state and old.changed_at = new.changed_at
        and old.note is not distinct from new.note then
        return null;
      end if;
      insert into room_housekeeping_history (room_id, from_state, to_state, staff_account_id, note, at)
      values (new.room_id, case when tg_op = 'UPDATE' then old.state end, new.state,
        new.staff_account_id, new.note, new.changed_at);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger room_housekeeping_log after insert or update on room_housekeeping
    for each row execute function room_housekeeping_log()`.execute(db);

  await sql`
    create function rooms_start_clean() returns trigger language plpgsql as $$
    begin
      insert into room_housekeeping (room_id) values (new.id) on conflict do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger rooms_start_clean after insert on rooms
    for each row execute function rooms_start_clean()`.execute(db);

  // A room out of order stays so when its guest leaves: its repair comes first.
  await sql`
    create function check_out_dirties_room() returns trigger language plpgsql as $$
    begin
      update room_housekeeping h
         set state = 'Dirty', note = 'Checked out', staff_account_id = new.staff_account_id,
             changed_at = now(), closure_id = null
       where h.state <> 'Out of order'
         and h.room_id = (
           case new.request_kind
             when 'booking' then (select room_id from bookings where id::text = new.request_id)
             else (select room_id from reservations where id::text = new.request_id)
           end);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger request_history_check_out_dirties_room after insert on request_history
    for each row
    when (new.to_status = 'Checked out' and new.from_status is distinct from 'Checked out'
      and new.request_kind in ('booking', 'reservation'))
    execute function check_out_dirties_room()`.execute(db);

  await sql`
    create table housekeeping_mornings (
      day date primary key,
      rooms integer not null default 0,
      at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table housekeeping_mornings`.execute(db);
  await sql`drop trigger request_history_check_out_dirties_room on request_history`.execute(db);
  await sql`drop function check_out_dirties_room()`.execute(db);
  await sql`drop trigger rooms_start_clean on rooms`.execute(db);
  await sql`drop function rooms_start_clean()`.execute(db);
  await sql`drop table room_housekeeping_history`.execute(db);
  await sql`drop table room_housekeeping`.execute(db);
  await sql`drop function room_housekeeping_log()`.execute(db);
  // Housekeepers' accounts are kept, disabled: the older console knows no such role.
  await sql`update staff_accounts set role = 'reception', disabled_at = coalesce(disabled_at, now())
    where role = 'housekeeping'`.execute(db);
  await sql`alter table staff_accounts drop constraint staff_accounts_role_check`.execute(db);
  await sql`alter table staff_accounts add constraint staff_accounts_role_check
    check (role in ('manager', 'reception'))`.execute(db);
}
