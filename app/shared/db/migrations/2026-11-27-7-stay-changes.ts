import { sql, type Kysely } from "kysely";

// Changes during a stay (decisions.md 38, ADR 0027):
// - `room_from` on bookings and reservations: the first night the stay spends in its current room,
//   set when staff move an in-house guest from tonight (null: from its check-in). The ledger holds
//   the current room from that night only, so the nights already spent in the room left behind do
//   not make a room with an earlier guest look taken, and the room left is free again from tonight.
// - The hold triggers are those of migration 2026-11-25-4-online-payments with that start; they
//   also fire on a change of `room_from`.
// Every existing row is kept and holds what it held (its `room_from` is null).
//
// Migrations never import application code: they describe the schema as it was on their date.

const HOLDING = `('Awaiting payment', 'Pending', 'Confirmed', 'Checked in')`;
const TABLES = [
  ["bookings", "booking_id"],
  ["reservations", "reservation_id"],
] as const;

async function holdTriggers(db: Kysely<any>, withRoomFrom: boolean): Promise<void> {
  // A stay's held range ends at its check-out (a same-day stay: one night); with `room_from`, it
  // starts there, never past the last night.
  const until = "greatest(new.check_out, new.check_in + 1)";
  const from = withRoomFrom
    ? `least(greatest(new.check_in, coalesce(new.room_from, new.check_in)), ${until} - 1)`
    : "new.check_in";
  for (const [table, column] of TABLES) {
    await sql
      .raw(
        `create or replace function ${table}_hold_room() returns trigger language plpgsql as $$
        begin
          delete from room_holds where ${column} = new.id;
          if new.status in ${HOLDING} then
            insert into room_holds (room_id, nights, ${column})
            values (new.room_id, daterange(${from}, ${until}), new.id);
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`drop trigger if exists ${table}_hold_room on ${table}`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_hold_room after insert or update of status, room_id, check_in, check_out${withRoomFrom ? ", room_from" : ""}
        on ${table} for each row execute function ${table}_hold_room()`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table] of TABLES) {
    await db.schema.alterTable(table).addColumn("room_from", "date").execute();
  }
  await holdTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await holdTriggers(db, false);
  for (const [table] of TABLES) {
    await db.schema.alterTable(table).dropColumn("room_from").execute();
  }
}
