import { canChangeStay, canChangeVenueBooking } from "~/features/requests/stay-lifecycle.ts";
import {
  type HistoryActor,
  type RequestKind,
  type StayStatus,
  type VenueBookingStatus,
} from "~/shared/db/schema.ts";
import type { Transaction } from "kysely";
import type { BookedFacts } from "~/features/mail/mail-payload.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { isRoomAlreadyHeld, isVenueAlreadyBooked } from "../../shared/db/database-errors.server.ts";
import {
  bookingFacts,
  enqueueStatusMails,
  reservationFacts,
  venueBookingFacts,
} from "./request-mails.server.ts";
import { recordHistory } from "./request-history.server.ts";
import { toIntegerId } from "../../shared/db/ids.ts";
import { roomLabel } from "./room-label.ts";
import type { Booking, Database, Reservation } from "../../shared/db/schema.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks for a change; staff changes name the account. */
export interface ChangeActor {
  actor: HistoryActor;
  staffAccountId?: number | null;
  note?: string | null;
}

export type StatusChangeResult<S extends string> =
  | { kind: "changed"; from: S; to: S }
  /** The lifecycle does not allow this change from the request's current status. */
  | { kind: "not-allowed"; from: S }
  /** Holding again would overlap another stay (or the venue's other event). */
  | { kind: "taken" }
  | { kind: "not-found" };

export type StayKind = "booking" | "reservation";

const STAY_TABLES = { booking: "bookings", reservation: "reservations" } as const;

/**
 * The part every status change shares, in one transaction: the row locked while its status is
 * read (two staff members clicking at once cannot both apply a change from the same status),
 * the lifecycle's rule, the new status, its history entry and the guest's mail about it
 * (app/features/requests/request-mails.server.ts). A change that would hold what another request holds is
 * refused by the database (`taken`).
 */
async function changeStatus<S extends string, Row extends { status: S }>(
  db: DB,
  id: string,
  to: S,
  by: ChangeActor,
  request: {
    kind: RequestKind;
    lock(trx: Transaction<Database>): Promise<Row | undefined>;
    allowed(from: S, to: S): boolean;
    update(trx: Transaction<Database>): Promise<unknown>;
    facts(row: Row): BookedFacts;
    taken(error: unknown): boolean;
  },
): Promise<StatusChangeResult<S>> {
  if (!UUID.test(id)) return { kind: "not-found" };
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await request.lock(trx);
      if (!row) return { kind: "not-found" } as const;
      if (!request.allowed(row.status, to)) return { kind: "not-allowed", from: row.status } as const;
      await request.update(trx);
      await recordHistory(trx, {
        requestKind: request.kind,
        requestId: id,
        fromStatus: row.status,
        toStatus: to,
        actor: by.actor,
        staffAccountId: by.staffAccountId,
        note: by.note,
      });
      await enqueueStatusMails(trx, request.facts(row), row.status, to, by.actor);
      return { kind: "changed", from: row.status, to } as const;
    });
  } catch (error) {
    if (request.taken(error)) return { kind: "taken" };
    throw error;
  }
}

/**
 * Moves a room booking or reservation along its lifecycle (decisions.md 25). Releasing statuses
 * drop the stay's hold on the ledger (its trigger); an early check-out so releases the nights
 * not used.
 */
export async function changeStayStatus(
  db: DB,
  kind: StayKind,
  id: string,
  to: StayStatus,
  by: ChangeActor,
): Promise<StatusChangeResult<StayStatus>> {
  const table = STAY_TABLES[kind];
  return changeStatus(db, id, to, by, {
    kind,
    lock: (trx) => trx.selectFrom(table).selectAll().where("id", "=", id).forUpdate().executeTakeFirst(),
    allowed: canChangeStay,
    update: (trx) => trx.updateTable(table).set({ status: to }).where("id", "=", id).execute(),
    facts: (row) =>
      kind === "booking" ? bookingFacts(row as Booking) : reservationFacts(row as Reservation),
    taken: isRoomAlreadyHeld,
  });
}

/** Changes a venue booking's status (Pending → Confirmed, Declined, Cancelled; Confirmed → Cancelled). */
export async function changeVenueBookingStatus(
  db: DB,
  id: string,
  to: VenueBookingStatus,
  by: ChangeActor,
): Promise<StatusChangeResult<VenueBookingStatus>> {
  return changeStatus(db, id, to, by, {
    kind: "venue-booking",
    lock: (trx) =>
      trx.selectFrom("venueBookings").selectAll().where("id", "=", id).forUpdate().executeTakeFirst(),
    allowed: canChangeVenueBooking,
    update: (trx) => trx.updateTable("venueBookings").set({ status: to }).where("id", "=", id).execute(),
    facts: venueBookingFacts,
    taken: isVenueAlreadyBooked,
  });
}

export type MoveStayResult =
  | { kind: "moved"; fromRoom: string; toRoom: string }
  | { kind: "taken" }
  | { kind: "not-found" }
  /** The stay no longer holds a room (cancelled, checked out…): there is nothing to move. */
  | { kind: "not-holding" };

/**
 * Moves a holding stay to another room for the same nights. The ledger's trigger moves its hold;
 * the exclusion constraint refuses a room that is not free for all of them. The rate the guest
 * was quoted stays as booked.
 */
export async function moveStay(
  db: DB,
  kind: StayKind,
  id: string,
  roomId: string | number,
  by: ChangeActor,
): Promise<MoveStayResult> {
  const targetId = toIntegerId(roomId);
  if (!UUID.test(id) || targetId === undefined) return { kind: "not-found" };
  const table = STAY_TABLES[kind];
  try {
    return await db.transaction().execute(async (trx) => {
      const stay = await trx
        .selectFrom(table)
        .select(["status", "roomNumber"])
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      const room = await trx.selectFrom("rooms").selectAll().where("id", "=", targetId).executeTakeFirst();
      if (!stay || !room) return { kind: "not-found" } as const;
      if (!["Pending", "Confirmed", "Checked in"].includes(stay.status))
        return { kind: "not-holding" } as const;
      const moved = { roomId: room.id, roomNumber: room.roomNumber, roomType: room.type };
      if (kind === "booking") {
        // The label names the new room with the booked first night's price, as the guest saw it.
        const { price } = await trx
          .selectFrom("bookings")
          .select("price")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable("bookings")
          .set({ ...moved, selectedRoom: roomLabel({ ...room, price }) })
          .where("id", "=", id)
          .execute();
      } else {
        await trx.updateTable("reservations").set(moved).where("id", "=", id).execute();
      }
      await recordHistory(trx, {
        requestKind: kind,
        requestId: id,
        fromStatus: stay.status,
        toStatus: stay.status,
        actor: by.actor,
        staffAccountId: by.staffAccountId,
        note: by.note ?? `Moved from room ${stay.roomNumber} to room ${room.roomNumber}.`,
      });
      return { kind: "moved", fromRoom: stay.roomNumber, toRoom: room.roomNumber } as const;
    });
  } catch (error) {
    if (isRoomAlreadyHeld(error)) return { kind: "taken" };
    throw error;
  }
}

/** A stay's dates, for the rules on when it may change (check-in's day), or undefined. */
export async function readStayDates(
  db: DB,
  kind: StayKind,
  id: string,
): Promise<{ checkIn: string; checkOut: string } | undefined> {
  if (!UUID.test(id)) return undefined;
  return db
    .selectFrom(STAY_TABLES[kind])
    .select(["checkIn", "checkOut"])
    .where("id", "=", id)
    .executeTakeFirst();
}
