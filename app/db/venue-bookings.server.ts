import type { DB } from "./client.server.ts";
import { saveOnce, type Saved } from "./guest-requests.server.ts";
import type { NewVenueBooking, VenueBooking } from "./schema.ts";

/** Everything but what the database and this function fill in. */
export type VenueBookingRequest = Omit<NewVenueBooking, "id" | "reference" | "status"> & {
  status?: NewVenueBooking["status"];
};

/** Saves a venue booking (status Pending unless given) once per submission id. */
export function insertVenueBooking(db: DB, row: VenueBookingRequest): Promise<Saved<VenueBooking>> {
  return saveOnce(
    row.submissionId,
    (submissionId) =>
      db.selectFrom("venueBookings").selectAll().where("submissionId", "=", submissionId).executeTakeFirst(),
    (reference) =>
      db
        .insertInto("venueBookings")
        .values({ status: "Pending", ...row, reference })
        .returningAll()
        .executeTakeFirstOrThrow(),
  );
}
