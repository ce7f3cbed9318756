import { sql } from "kysely";
import { formatKwacha } from "~/shared/money.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { isUniqueViolation } from "../../shared/db/database-errors.server.ts";
import { closeRoom, reopenRoom, type ClosureRequest, type ClosureResult } from "./room-closures.server.ts";
import { recordAudit } from "../staff/staff-audit.server.ts";

// Managers' changes to rooms and venues, each with its audit entry in the same transaction. The
// public pages read prices from the database, so a change shows there at once.

/** Sets one room's nightly rate. */
export async function setRoomPrice(db: DB, by: number, roomId: number, price: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("rooms")
      .select(["roomNumber", "price"])
      .where("id", "=", roomId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return false;
    await trx
      .updateTable("rooms")
      .set({ price, lastUpdated: sql<Date>`now()` as never })
      .where("id", "=", roomId)
      .execute();
    await recordAudit(trx, {
      staffAccountId: by,
      subject: "room",
      subjectId: roomId,
      change: `Room ${before.roomNumber}: nightly rate ${formatKwacha(before.price)} → ${formatKwacha(price)}.`,
    });
    return true;
  });
}

/** Sets the nightly rate of every room of a type; the number of rooms changed. */
export async function setRoomTypePrice(db: DB, by: number, type: string, price: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("rooms")
      .set({ price, lastUpdated: sql<Date>`now()` as never })
      .where("type", "=", type)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (changed > 0) {
      await recordAudit(trx, {
        staffAccountId: by,
        subject: "room",
        subjectId: type,
        change: `All ${changed} ${type} rooms: nightly rate → ${formatKwacha(price)}.`,
      });
    }
    return changed;
  });
}

export async function setVenuePrice(db: DB, by: number, venueId: number, price: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("venues")
      .select(["venue", "price"])
      .where("id", "=", venueId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return false;
    await trx.updateTable("venues").set({ price }).where("id", "=", venueId).execute();
    await recordAudit(trx, {
      staffAccountId: by,
      subject: "venue",
      subjectId: venueId,
      change: `${before.venue}: price ${formatKwacha(before.price)} → ${formatKwacha(price)}.`,
    });
    return true;
  });
}

export type AddVenueResult = "added" | "exists";

export async function addVenue(db: DB, by: number, venue: string, price: number): Promise<AddVenueResult> {
  try {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("venues")
        .values({ venue, price })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        staffAccountId: by,
        subject: "venue",
        subjectId: row.id,
        change: `Added ${venue} at ${formatKwacha(price)}.`,
      });
    });
    return "added";
  } catch (error) {
    if (isUniqueViolation(error, "venue")) return "exists";
    throw error;
  }
}

const REFUSED = Symbol("refused");

/** closeRoom with its audit entry; refused (taken) while a stay holds any of the nights. */
export async function closeRoomAudited(
  db: DB,
  by: number,
  request: Omit<ClosureRequest, "staffAccountId">,
): Promise<ClosureResult> {
  // A refusal leaves the transaction (on PostgreSQL, aborted by the failed insert) by a throw.
  let refused: ClosureResult | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await closeRoom(trx, { ...request, staffAccountId: by });
      if (result.kind !== "closed") {
        refused = result;
        throw REFUSED;
      }
      const room = await trx
        .selectFrom("rooms")
        .select("roomNumber")
        .where("id", "=", request.roomId)
        .executeTakeFirst();
      await recordAudit(trx, {
        staffAccountId: by,
        subject: "closure",
        subjectId: result.closure.id,
        change: `Room ${room?.roomNumber ?? request.roomId} out of service from ${request.startsOn} ${
          request.endsOn ? `until ${request.endsOn}` : "until further notice"
        }: ${request.reason}`,
      });
      return result;
    });
  } catch (error) {
    if (error === REFUSED && refused) return refused;
    throw error;
  }
}

export async function reopenRoomAudited(db: DB, by: number, closureId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const closure = await reopenRoom(trx, closureId);
    if (!closure) return false;
    const room = await trx
      .selectFrom("rooms")
      .select("roomNumber")
      .where("id", "=", closure.roomId)
      .executeTakeFirst();
    await recordAudit(trx, {
      staffAccountId: by,
      subject: "closure",
      subjectId: closureId,
      change: `Room ${room?.roomNumber ?? closure.roomId} back in service (closure from ${closure.startsOn} ended).`,
    });
    return true;
  });
}
