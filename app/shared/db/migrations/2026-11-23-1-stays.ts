import { sql, type Kysely } from "kysely";

// Stays, not flags (decisions.md 23-25). A room is held by dates, not by a status flag:
// - `room_holds` is the ledger of nights that are taken: one row per room booking or reservation
//   whose status holds its room (Pending, Confirmed, Checked in) and per out-of-service period.
//   An exclusion constraint refuses two rows of one room whose nights overlap (SQLSTATE 23P01),
//   whichever kind of request they come from, on PGlite and PostgreSQL alike.
// - Triggers on bookings, reservations and room_closures keep the ledger in step with the rows it
//   derives from, inside the same statement: no application code can forget it or race it.
// - `rooms.status` and `rooms.current_booking` are dropped: they are derived from the ledger and
//   tonight's date when read, so they cannot drift.
// - Venues: one event per venue per day while Pending or Confirmed (a partial unique index).
// - `request_history`: every status change of every request, with when, who and from what to what.
//
// Rows of the previous version are carried over: dialog bookings ('Occupied') become 'Confirmed';
// every holding request gets its ledger row in the order it was made. The previous version let
// reservations overlap each other and bookings; such a later request cannot hold its room, so it
// is marked 'Declined' with a history entry that says why, for staff to follow up. Nothing is
// deleted.
//
// Migrations never import application code: they describe the schema as it was on their date.

const HOLDING = sql`('Pending', 'Confirmed', 'Checked in')`;
const STAY_STATUSES = sql`('Pending', 'Confirmed', 'Checked in', 'Checked out', 'Cancelled', 'Declined', 'No-show')`;
const VENUE_STATUSES = sql`('Pending', 'Confirmed', 'Cancelled', 'Declined')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);

  // The lifecycle's statuses (decisions.md 25).
  for (const table of ["bookings", "reservations"]) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_status_check`)}`.execute(
      db,
    );
  }
  await sql`alter table venue_bookings drop constraint if exists venue_bookings_status_check`.execute(db);
  await sql`update bookings set status = 'Confirmed' where status = 'Occupied'`.execute(db);
  await sql`alter table bookings add constraint bookings_status_check check (status in ${STAY_STATUSES})`.execute(
    db,
  );
  await sql`alter table reservations add constraint reservations_status_check check (status in ${STAY_STATUSES})`.execute(
    db,
  );
  await sql`alter table venue_bookings add constraint venue_bookings_status_check check (status in ${VENUE_STATUSES})`.execute(
    db,
  );

  await db.schema
    .createTable("room_closures")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("room_id", "integer", (c) => c.notNull().references("rooms.id"))
    .addColumn("starts_on", "date", (c) => c.notNull())
    // The first day the room is back in service; null: until further notice.
    .addColumn("ends_on", "date")
    .addColumn("reason", "text", (c) => c.notNull().check(sql`char_length(reason) between 1 and 200`))
    .addColumn("staff_account_id", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("room_closures_dates_check", sql`ends_on is null or ends_on > starts_on`)
    .execute();

  await db.schema
    .createTable("room_holds")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("room_id", "integer", (c) => c.notNull().references("rooms.id"))
    .addColumn("nights", sql`daterange`, (c) => c.notNull().check(sql`not isempty(nights)`))
    .addColumn("booking_id", "uuid", (c) => c.unique().references("bookings.id").onDelete("cascade"))
    .addColumn("reservation_id", "uuid", (c) => c.unique().references("reservations.id").onDelete("cascade"))
    .addColumn("closure_id", "integer", (c) => c.unique().references("room_closures.id").onDelete("cascade"))
    .addCheckConstraint(
      "room_holds_one_source_check",
      sql`num_nonnulls(booking_id, reservation_id, closure_id) = 1`,
    )
    .execute();
  await sql`alter table room_holds add constraint room_holds_no_overlap exclude using gist (room_id with =, nights with &&)`.execute(
    db,
  );

  await db.schema
    .createTable("request_history")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("request_kind", "text", (c) =>
      c.notNull().check(sql`request_kind in ('booking', 'reservation', 'venue-booking', 'contact-message')`),
    )
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("actor", "text", (c) => c.notNull().check(sql`actor in ('guest', 'system', 'staff')`))
    .addColumn("staff_account_id", "integer")
    .addColumn("note", "text", (c) => c.check(sql`char_length(note) <= 500`))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("request_history_request_idx")
    .on("request_history")
    .columns(["request_kind", "request_id", "at"])
    .execute();

  // Every request made so far starts its history with its creation, at the time it was made.
  for (const [table, kind] of [
    ["bookings", "booking"],
    ["reservations", "reservation"],
    ["venue_bookings", "venue-booking"],
  ] as const) {
    await sql`
      insert into request_history (request_kind, request_id, from_status, to_status, actor, at)
      select ${kind}, id::text, null, status, 'guest', created_at from ${sql.table(table)}`.execute(db);
  }

  // Carry the holding requests over in the order they were made; a later one that overlaps is declined.
  const holding = await sql<{
    kind: "booking" | "reservation";
    id: string;
    roomId: number;
    roomNumber: string;
    status: string;
  }>`
    select 'booking' as kind, id, room_id as "roomId", room_number as "roomNumber", status, created_at
      from bookings where status in ${HOLDING}
    union all
    select 'reservation', id, room_id, room_number, status, created_at from reservations where status in ${HOLDING}
    order by created_at, id`.execute(db);
  for (const request of holding.rows) {
    const table = request.kind === "booking" ? "bookings" : "reservations";
    const column = request.kind === "booking" ? "booking_id" : "reservation_id";
    const inserted = await sql`
      insert into room_holds (room_id, nights, ${sql.id(column)})
      select room_id, daterange(check_in, greatest(check_out, check_in + 1)), id
        from ${sql.table(table)} where id = ${request.id}
      on conflict do nothing`.execute(db);
    if (Number(inserted.numAffectedRows ?? 0) === 0) {
      // The history says what the request was: 'Confirmed' for a dialog booking (its 'Occupied'
      // became 'Confirmed' above), 'Pending' for a reservation.
      await sql`update ${sql.table(table)} set status = 'Declined' where id = ${request.id}`.execute(db);
      await sql`
        insert into request_history (request_kind, request_id, from_status, to_status, actor, note)
        values (${request.kind}, ${request.id}, ${request.status}, 'Declined', 'system',
          ${`Room ${request.roomNumber} was already held for these dates when stays were introduced.`})`.execute(
        db,
      );
    }
  }

  // Venues: one event per venue per day; a later duplicate of the previous version is declined.
  const duplicates = await sql<{ id: string; status: string }>`
    select id, status from (
      select id, status, row_number() over (partition by venue_id, booking_date order by created_at, id) as n
        from venue_bookings where status in ('Pending', 'Confirmed')
    ) ranked where n > 1`.execute(db);
  for (const { id, status } of duplicates.rows) {
    await sql`update venue_bookings set status = 'Declined' where id = ${id}`.execute(db);
    await sql`
      insert into request_history (request_kind, request_id, from_status, to_status, actor, note)
      values ('venue-booking', ${id}, ${status}, 'Declined', 'system',
        'The venue was already booked on that date when one event per venue per day was introduced.')`.execute(
      db,
    );
  }
  await sql`
    create unique index venue_bookings_one_event_per_day on venue_bookings (venue_id, booking_date)
      where status in ('Pending', 'Confirmed')`.execute(db);

  // The ledger follows its sources inside the same statement (and so the same transaction).
  for (const [table, column] of [
    ["bookings", "booking_id"],
    ["reservations", "reservation_id"],
  ] as const) {
    await sql
      .raw(
        `create function ${table}_hold_room() returns trigger language plpgsql as $$
        begin
          delete from room_holds where ${column} = new.id;
          if new.status in ('Pending', 'Confirmed', 'Checked in') then
            insert into room_holds (room_id, nights, ${column})
            values (new.room_id, daterange(new.check_in, greatest(new.check_out, new.check_in + 1)), new.id);
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_hold_room after insert or update of status, room_id, check_in, check_out
        on ${table} for each row execute function ${table}_hold_room()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function room_closures_hold_room() returns trigger language plpgsql as $$
      begin
        delete from room_holds where closure_id = new.id;
        insert into room_holds (room_id, nights, closure_id)
        values (new.room_id, daterange(new.starts_on, new.ends_on), new.id);
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger room_closures_hold_room after insert or update of room_id, starts_on, ends_on
      on room_closures for each row execute function room_closures_hold_room()`,
    )
    .execute(db);

  // Room status and current booking are derived from the ledger from now on (decisions.md 24).
  await db.schema.dropIndex("rooms_status_idx").ifExists().execute();
  await db.schema.alterTable("rooms").dropColumn("status").execute();
  await db.schema.alterTable("rooms").dropColumn("current_booking").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("rooms")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Available"))
    .execute();
  await db.schema.alterTable("rooms").addColumn("current_booking", "jsonb").execute();
  for (const table of ["bookings", "reservations", "room_closures"]) {
    await sql.raw(`drop trigger if exists ${table}_hold_room on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_hold_room()`).execute(db);
  }
  await sql`drop index if exists venue_bookings_one_event_per_day`.execute(db);
  await db.schema.dropTable("request_history").ifExists().execute();
  await db.schema.dropTable("room_holds").ifExists().execute();
  await db.schema.dropTable("room_closures").ifExists().execute();
}
