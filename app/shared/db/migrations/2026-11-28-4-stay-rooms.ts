import { sql, type Kysely } from "kysely";

// The rooms a stay left (decisions.md 38, ADR 0027): a guest moved from tonight keeps the nights
// already spent in the room left, but `room_from` (migration 2026-11-27-7-stay-changes) says only
// where the current room starts, not which room came before. `stay_rooms` keeps one row per room
// left: the room and the nights spent in it, from the first (the check-in, or the previous move)
// to the night of the move. The board draws those nights under that room; the ledger does not
// hold them (they are past), so nothing else changes.
//
// Stays moved before this migration get their rows from their history: each in-house move wrote
// "Moved from room A to room B from the night of 27 Nov 2026". Every earlier row is kept.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table stay_rooms (
      id bigint generated always as identity primary key,
      booking_id uuid references bookings (id) on delete cascade,
      reservation_id uuid references reservations (id) on delete cascade,
      room_id integer not null references rooms (id),
      room_number text not null,
      starts_on date not null,
      ends_on date not null,
      created_at timestamptz not null default now(),
      check (num_nonnulls(booking_id, reservation_id) = 1),
      check (ends_on > starts_on)
    )`.execute(db);
  await sql`create index stay_rooms_booking_idx on stay_rooms (booking_id) where booking_id is not null`.execute(
    db,
  );
  await sql`create index stay_rooms_reservation_idx on stay_rooms (reservation_id)
    where reservation_id is not null`.execute(db);
  await sql`create index stay_rooms_nights_idx on stay_rooms (starts_on, ends_on)`.execute(db);

  await sql`
    insert into stay_rooms (booking_id, reservation_id, room_id, room_number, starts_on, ends_on)
    select moves.booking_id, moves.reservation_id, rooms.id, moves.room_number, moves.starts_on, moves.ends_on
      from (
        select case when h.request_kind = 'booking' then s.id end as booking_id,
               case when h.request_kind = 'reservation' then s.id end as reservation_id,
               substring(h.note from '^Moved from room (\\S+) to room ') as room_number,
               coalesce(lag(to_date(substring(h.note from 'from the night of (\\d{1,2} \\w{3} \\d{4})'), 'DD Mon YYYY'))
                          over (partition by h.request_kind, h.request_id order by h.id),
                        s.check_in) as starts_on,
               to_date(substring(h.note from 'from the night of (\\d{1,2} \\w{3} \\d{4})'), 'DD Mon YYYY') as ends_on
          from request_history h
          join (select 'booking' as kind, id, check_in from bookings where room_from is not null
                union all
                select 'reservation', id, check_in from reservations where room_from is not null) s
            on s.kind = h.request_kind and s.id::text = h.request_id
         where h.note ~ '^Moved from room \\S+ to room \\S+ from the night of \\d{1,2} \\w{3} \\d{4}'
      ) moves
      join rooms on rooms.room_number = moves.room_number
     where moves.ends_on > moves.starts_on`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table stay_rooms`.execute(db);
}
