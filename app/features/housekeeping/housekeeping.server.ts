import { sql } from "kysely";
import type { DB } from "~/shared/db/client.server.ts";
import type { HousekeepingState, StayStatus } from "~/shared/db/schema.ts";
import { LODGE_TIME_ZONE, lodgeToday } from "~/shared/dates.ts";
import { logger } from "~/shared/logger.server.ts";
import { closeRoomAudited } from "~/features/stays/staff-rooms.server.ts";
import { markableFrom, type Mark, type RoomOfTheDay } from "./housekeeping-rules.ts";

// Each room's housekeeping state (decisions.md 38, ADR 0026). The state is one row per room; the
// database writes its history (a trigger) and makes a room Dirty when its guest checks out (a
// trigger on the check-out's history line, in the check-out's transaction). Out of order is a
// room closure: it holds the nights on the ledger like a stay, through the same exclusion
// constraint.

/** A room on the day's list, with who last changed its state. */
export interface HousekeepingRoom extends RoomOfTheDay {
  roomId: number;
  type: string;
  note: string | null;
  changedAt: Date;
  changedBy: string | null;
  /** A guest is checked in to it. */
  occupied: boolean;
}

/**
 * Every room with its state and what today brings it: an arrival, a departure, a guest in. One
 * query; the stays read are those around today only. A departure is a guest in due out today, or
 * a guest who checked out today (the day of the check-out's history line, not the booked
 * check-out: a guest may leave early), unless the room was cleaned since.
 */
export async function listHousekeeping(db: DB, today: string): Promise<HousekeepingRoom[]> {
  const result = await sql<HousekeepingRoom>`
    with stays as (
      select 'booking' as kind, id::text as id, room_id, status, check_in, check_out from bookings
       where check_in <= ${today}::date and check_out >= ${today}::date
      union all
      select 'reservation' as kind, id::text as id, room_id, status, check_in, check_out from reservations
       where check_in <= ${today}::date and check_out >= ${today}::date
    ),
    left_today as (
      select s.room_id, max(h.at) as at
        from stays s
        join request_history h on h.request_kind = s.kind and h.request_id = s.id
       where s.status = 'Checked out' and h.to_status = 'Checked out'
         and (h.at at time zone ${LODGE_TIME_ZONE})::date = ${today}::date
       group by s.room_id
    )
    select r.id as "roomId", r.room_number as "roomNumber", r.type, h.state, h.note,
      h.changed_at as "changedAt", a.name as "changedBy",
      exists (select 1 from stays s where s.room_id = r.id and s.check_in = ${today}::date
        and s.status in ('Pending', 'Confirmed')) as "arrivalToday",
      (exists (select 1 from stays s where s.room_id = r.id and s.check_out = ${today}::date
        and s.status = 'Checked in')
       or exists (select 1 from left_today l where l.room_id = r.id
        and not (h.state in ('Clean', 'Inspected') and h.changed_at > l.at))) as "departureToday",
      exists (select 1 from stays s where s.room_id = r.id and s.status = 'Checked in') as occupied
    from rooms r
    join room_housekeeping h on h.room_id = r.id
    left join staff_accounts a on a.id = h.staff_account_id
    order by r.room_number`.execute(db);
  return result.rows;
}

/** Each room's state by room number, for the desk's today page and the room board. */
export async function housekeepingStates(db: DB): Promise<Record<string, HousekeepingState>> {
  const rows = await db
    .selectFrom("roomHousekeeping as h")
    .innerJoin("rooms as r", "r.id", "h.roomId")
    .select(["r.roomNumber", "h.state"])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.roomNumber, row.state]));
}

/** The latest changes of every room's state, newest first, for the list's foot. */
export async function recentHousekeepingChanges(db: DB, limit = 15) {
  const rows = await db
    .selectFrom("roomHousekeepingHistory as c")
    .innerJoin("rooms as r", "r.id", "c.roomId")
    .leftJoin("staffAccounts as a", "a.id", "c.staffAccountId")
    .select(["c.id", "c.at", "r.roomNumber", "c.toState", "c.note", "a.name"])
    .orderBy("c.at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    staffName: row.name ?? "The lodge",
    change: `Room ${row.roomNumber} ${row.toState}${row.note ? ` (${row.note})` : ""}.`,
  }));
}

export type MarkResult =
  | { kind: "marked"; roomNumber: string }
  | { kind: "already"; roomNumber: string }
  | { kind: "not-allowed"; roomNumber: string; from: HousekeepingState }
  | { kind: "not-found" };

/**
 * Marks a room Clean, Inspected or Dirty: one conditional update (the state it may come from), so
 * two phones marking the same room at once change it once.
 */
export async function markRoom(
  db: DB,
  staffAccountId: number | null,
  roomId: number,
  to: Mark,
): Promise<MarkResult> {
  const changed = await db
    .updateTable("roomHousekeeping")
    .set({ state: to, note: null, staffAccountId, changedAt: sql<Date>`now()` as never })
    .where("roomId", "=", roomId)
    .where("state", "in", markableFrom(to))
    .returning("roomId")
    .executeTakeFirst();
  const room = await currentState(db, roomId);
  if (!room) return { kind: "not-found" };
  if (changed) return { kind: "marked", roomNumber: room.roomNumber };
  if (room.state === to) return { kind: "already", roomNumber: room.roomNumber };
  return { kind: "not-allowed", roomNumber: room.roomNumber, from: room.state };
}

function currentState(db: DB, roomId: number) {
  return db
    .selectFrom("roomHousekeeping as h")
    .innerJoin("rooms as r", "r.id", "h.roomId")
    .select(["r.roomNumber", "h.state"])
    .where("h.roomId", "=", roomId)
    .executeTakeFirst();
}

export interface OutOfOrderRequest {
  roomId: number;
  /** The first day out of order; today or later. */
  from: string;
  /** The first day back in service; null: until someone puts it back. */
  until: string | null;
  reason: string;
}

export type OutOfOrderResult =
  | { kind: "out-of-order"; roomNumber: string; fromToday: boolean }
  | { kind: "taken" }
  | { kind: "no-such-room" };

/**
 * Takes a room out of order: a room closure for those dates (refused while a stay holds any of
 * them), and, from today, the Out of order state. A closure from a later day makes the room Out
 * of order on the morning it starts (`runMorning`).
 */
export async function putOutOfOrder(
  db: DB,
  staffAccountId: number,
  request: OutOfOrderRequest,
  today: string,
): Promise<OutOfOrderResult> {
  const closed = await closeRoomAudited(db, staffAccountId, {
    roomId: request.roomId,
    startsOn: request.from,
    endsOn: request.until,
    reason: request.reason,
  });
  if (closed.kind !== "closed") return closed;
  const fromToday = request.from <= today;
  if (fromToday) {
    await db
      .updateTable("roomHousekeeping")
      .set({
        state: "Out of order",
        note: request.reason,
        staffAccountId,
        changedAt: sql<Date>`now()` as never,
        closureId: closed.closure.id,
      })
      .where("roomId", "=", request.roomId)
      .execute();
  }
  const room = await currentState(db, request.roomId);
  return { kind: "out-of-order", roomNumber: room?.roomNumber ?? "", fromToday };
}

export type BackInServiceResult =
  { kind: "back"; roomNumber: string } | { kind: "not-out-of-order" } | { kind: "not-found" };

/**
 * Puts a room that is out of order today back in service: its closure ends today (or goes, if it
 * began today), and the room is Dirty: it is cleaned before a guest has it.
 */
export async function backInService(
  db: DB,
  staffAccountId: number,
  roomId: number,
  today: string,
): Promise<BackInServiceResult> {
  const room = await db
    .updateTable("roomHousekeeping")
    .set({
      state: "Dirty",
      note: "Back in service",
      staffAccountId,
      changedAt: sql<Date>`now()` as never,
      closureId: null,
    })
    .where("roomId", "=", roomId)
    .where("state", "=", "Out of order")
    .returning("roomId")
    .executeTakeFirst();
  if (!room) return (await currentState(db, roomId)) ? { kind: "not-out-of-order" } : { kind: "not-found" };
  // The closure that holds tonight: shortened to end today, or removed if it starts today.
  await sql`
    with current as (
      select c.id, c.starts_on from room_closures c
       where c.room_id = ${roomId} and c.starts_on <= ${today}::date
         and (c.ends_on is null or c.ends_on > ${today}::date)
    ), ended as (
      update room_closures c set ends_on = ${today}::date
        from current where c.id = current.id and current.starts_on < ${today}::date
    )
    delete from room_closures c using current
     where c.id = current.id and current.starts_on = ${today}::date`.execute(db);
  return { kind: "back", roomNumber: (await currentState(db, roomId))?.roomNumber ?? "" };
}

/** The stay's status and the state of its room, for the check-in's question, or undefined. */
export async function stayRoomState(
  db: DB,
  kind: "booking" | "reservation",
  id: string,
): Promise<{ status: StayStatus; roomNumber: string; state: HousekeepingState } | undefined> {
  const result = await sql<{ status: StayStatus; roomNumber: string; state: HousekeepingState }>`
    select s.status, s.room_number as "roomNumber", h.state
      from ${sql.table(kind === "booking" ? "bookings" : "reservations")} s
      join room_housekeeping h on h.room_id = s.room_id
     where s.id::text = ${id}`.execute(db);
  return result.rows[0];
}

export interface MorningReport {
  /** False: another instance (or an earlier pass) already made this day's change. */
  ran: boolean;
  stayOvers: number;
  outOfOrder: number;
  backInService: number;
}

/**
 * The morning's change, once per lodge day however many instances run it: the day's row in
 * housekeeping_mornings is claimed first (its primary key; a second instance waits for the
 * first's commit, then finds it), and in the same transaction
 * - each room with a guest staying on (checked in before today, leaving after) becomes Dirty,
 *   if `stayOver`;
 * - a room whose closure begins today becomes Out of order;
 * - a room Out of order that no closure holds today is back in service, Dirty.
 */
export async function runMorning(
  db: DB,
  today: string,
  { stayOver }: { stayOver: boolean },
): Promise<MorningReport> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("housekeepingMornings")
      .values({ day: today })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .returning("day")
      .executeTakeFirst();
    if (!claimed) return { ran: false, stayOvers: 0, outOfOrder: 0, backInService: 0 };
    const stayOvers = stayOver
      ? await sql`
          update room_housekeeping h
             set state = 'Dirty', note = 'Stay-over', staff_account_id = null, changed_at = now()
           where h.state in ('Clean', 'Inspected')
             and h.room_id in (
               select room_id from bookings where status = 'Checked in'
                  and check_in < ${today}::date and check_out > ${today}::date
               union all
               select room_id from reservations where status = 'Checked in'
                  and check_in < ${today}::date and check_out > ${today}::date)`.execute(trx)
      : { numAffectedRows: 0n };
    const outOfOrder = await sql`
      update room_housekeeping h
         set state = 'Out of order', note = c.reason, staff_account_id = c.staff_account_id,
             changed_at = now(), closure_id = c.id
        from room_closures c
       where c.room_id = h.room_id and h.state <> 'Out of order' and c.starts_on = ${today}::date`.execute(
      trx,
    );
    const back = await sql`
      update room_housekeeping h
         set state = 'Dirty', note = 'Back in service', staff_account_id = null, changed_at = now(),
             closure_id = null
       where h.state = 'Out of order'
         and not exists (select 1 from room_holds rh where rh.room_id = h.room_id
           and rh.closure_id is not null and rh.nights @> ${today}::date)`.execute(trx);
    const report = {
      ran: true,
      stayOvers: Number(stayOvers.numAffectedRows ?? 0),
      outOfOrder: Number(outOfOrder.numAffectedRows ?? 0),
      backInService: Number(back.numAffectedRows ?? 0),
    };
    await trx
      .updateTable("housekeepingMornings")
      .set({ rooms: report.stayOvers + report.outOfOrder + report.backInService })
      .where("day", "=", today)
      .execute();
    return report;
  });
}

/**
 * The morning's change, looked for every `pollMs` by each server process (server/lifecycle.ts):
 * the first pass of a new lodge day makes it; the others find it made.
 */
export function startHousekeeping(options: {
  database: () => Promise<DB>;
  stayOver: boolean;
  pollMs?: number;
}): { stop(): Promise<void> } {
  const pollMs = options.pollMs ?? 5 * 60_000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let doneFor: string | undefined;
  async function pass() {
    const today = lodgeToday();
    if (doneFor === today) return;
    try {
      const report = await runMorning(await options.database(), today, options);
      doneFor = today;
      if (report.ran) logger.info({ ...report, day: today }, "housekeeping: the morning's rooms marked");
    } catch (error) {
      // The database is down: the next pass tries again.
      logger.error({ error: String((error as Error)?.message ?? error) }, "housekeeping morning failed");
    }
  }
  function run() {
    running = pass().finally(() => {
      running = undefined;
      if (stopping) return;
      timer = setTimeout(run, pollMs);
      timer.unref();
    });
  }
  run();
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
