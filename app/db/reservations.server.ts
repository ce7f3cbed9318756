import type { DB } from "./client.server.ts";
import { isRoomAlreadyHeld } from "./database-errors.server.ts";
import { saveOnce, type Saved } from "./guest-requests.server.ts";
import { enqueueNewRequestMails, reservationFacts } from "./request-mails.server.ts";
import { recordHistory } from "./request-history.server.ts";
import type { NewReservation, Reservation } from "./schema.ts";

/**
 * Every Reservation field but what the database and this function fill in.
 * `source` tells /booking's reservation tab from the /reservation page.
 */
export type ReservationRequest = Omit<NewReservation, "id" | "reference" | "status"> & {
  status?: NewReservation["status"];
};

export type ReservationResult =
  | ({ kind: "saved" } & Saved<Reservation>)
  /** Another stay (or an out-of-service period) holds the room for one of these nights. */
  | { kind: "taken" };

/**
 * Saves one reservation record with its own id (decisions.md 9; status Pending unless given),
 * once per submission id. A Pending reservation holds its room (decisions.md 23): its insert
 * writes the held nights to the ledger, whose exclusion constraint refuses an overlap.
 */
export async function insertReservation(db: DB, row: ReservationRequest): Promise<ReservationResult> {
  const find = (submissionId: string) =>
    db.selectFrom("reservations").selectAll().where("submissionId", "=", submissionId).executeTakeFirst();
  try {
    const saved = await saveOnce(row.submissionId, find, (reference) =>
      db.transaction().execute(async (trx) => {
        const reservation = await trx
          .insertInto("reservations")
          .values({ status: "Pending", ...row, reference })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordHistory(trx, {
          requestKind: "reservation",
          requestId: reservation.id,
          fromStatus: null,
          toStatus: reservation.status,
          actor: "guest",
        });
        await enqueueNewRequestMails(trx, reservationFacts(reservation));
        return reservation;
      }),
    );
    return { kind: "saved", ...saved };
  } catch (error) {
    if (!isRoomAlreadyHeld(error)) throw error;
    const existing = row.submissionId ? await find(row.submissionId) : undefined;
    return existing ? { kind: "saved", record: existing, repeated: true } : { kind: "taken" };
  }
}
