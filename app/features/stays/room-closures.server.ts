import type { DB } from "../../shared/db/client.server.ts";
import { isForeignKeyViolation, isRoomAlreadyHeld } from "../../shared/db/database-errors.server.ts";
import type { RoomClosure } from "../../shared/db/schema.ts";

export interface ClosureRequest {
  roomId: number;
  startsOn: string;
  /** The first day back in service; null: until further notice. */
  endsOn: string | null;
  reason: string;
  staffAccountId?: number | null;
}

export type ClosureResult =
  { kind: "closed"; closure: RoomClosure } | { kind: "taken" } | { kind: "no-such-room" };

/**
 * Takes a room out of service for dates (decisions.md 24). The closure holds the room on the
 * ledger like a stay, so it is refused while a stay holds any of those nights: move or cancel
 * that stay first.
 */
export async function closeRoom(db: DB, request: ClosureRequest): Promise<ClosureResult> {
  try {
    const closure = await db
      .insertInto("roomClosures")
      .values({ ...request, staffAccountId: request.staffAccountId ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: "closed", closure };
  } catch (error) {
    if (isRoomAlreadyHeld(error)) return { kind: "taken" };
    if (isForeignKeyViolation(error)) return { kind: "no-such-room" };
    throw error;
  }
}

/** Ends a closure: the room is back in service (its hold goes with it). The closure, if it was. */
export async function reopenRoom(
  db: DB,
  closureId: number,
): Promise<{ roomId: number; startsOn: string } | undefined> {
  return db
    .deleteFrom("roomClosures")
    .where("id", "=", closureId)
    .returning(["roomId", "startsOn"])
    .executeTakeFirst();
}

export function listClosures(db: DB, roomId?: number): Promise<RoomClosure[]> {
  let query = db.selectFrom("roomClosures").selectAll().orderBy("startsOn");
  if (roomId !== undefined) query = query.where("roomId", "=", roomId);
  return query.execute();
}
