import type { DB } from "./client.server.ts";
import { saveOnce, type Saved } from "./guest-requests.server.ts";
import type { NewReservation, Reservation } from "./schema.ts";

/**
 * Every Reservation field but what the database and this function fill in.
 * `source` tells /booking's reservation tab from the /reservation page.
 */
export type ReservationRequest = Omit<NewReservation, "id" | "reference" | "status"> & {
  status?: NewReservation["status"];
};

/**
 * Saves one reservation record with its own id (decisions.md 9; status Pending
 * unless given), once per submission id.
 */
export function insertReservation(db: DB, row: ReservationRequest): Promise<Saved<Reservation>> {
  return saveOnce(
    row.submissionId,
    (submissionId) =>
      db.selectFrom("reservations").selectAll().where("submissionId", "=", submissionId).executeTakeFirst(),
    (reference) =>
      db
        .insertInto("reservations")
        .values({ status: "Pending", ...row, reference })
        .returningAll()
        .executeTakeFirstOrThrow(),
  );
}
