import type { DB } from "../../shared/db/client.server.ts";
import { isVenueAlreadyBooked } from "../../shared/db/database-errors.server.ts";
import { saveOnce, type RequestAuthor, type Saved } from "../requests/guest-requests.server.ts";
import { enqueueNewRequestMails, venueBookingFacts } from "../requests/request-mails.server.ts";
import { recordHistory } from "../requests/request-history.server.ts";
import { getLodgeSettings } from "../pricing/lodge-settings.server.ts";
import { keepPrices, venueTaxes } from "../pricing/rates.server.ts";
import type { NewVenueBooking, VenueBooking } from "../../shared/db/schema.ts";

/** Everything but what the database and this function fill in. */
export type VenueBookingRequest = Omit<NewVenueBooking, "id" | "reference" | "status"> & {
  status?: NewVenueBooking["status"];
};

export type VenueBookingResult =
  | ({ kind: "saved" } & Saved<VenueBooking>)
  /** The venue already has an event (Pending or Confirmed) on that date. */
  | { kind: "taken" };

/**
 * Saves a venue booking (status Pending unless given) once per submission id. One event per
 * venue per day (decisions.md 23) is the database's partial unique index, not a check here.
 */
export async function insertVenueBooking(
  db: DB,
  row: VenueBookingRequest,
  by: RequestAuthor = { actor: "guest" },
): Promise<VenueBookingResult> {
  const find = (submissionId: string) =>
    db.selectFrom("venueBookings").selectAll().where("submissionId", "=", submissionId).executeTakeFirst();
  try {
    const saved = await saveOnce(row.submissionId, find, (reference) =>
      db.transaction().execute(async (trx) => {
        const booking = await trx
          .insertInto("venueBookings")
          .values({ status: "Pending", ...row, reference })
          .returningAll()
          .executeTakeFirstOrThrow();
        // The taxes contained in its price, at today's settings, kept with it (decisions.md 32).
        const taxes = venueTaxes(await getLodgeSettings(trx), booking.totalPrice, booking.numberOfPeople);
        await keepPrices(trx, { kind: "venue-booking", id: booking.id }, [], taxes);
        await recordHistory(trx, {
          requestKind: "venue-booking",
          requestId: booking.id,
          fromStatus: null,
          toStatus: booking.status,
          ...by,
        });
        await enqueueNewRequestMails(trx, venueBookingFacts(booking));
        return booking;
      }),
    );
    return { kind: "saved", ...saved };
  } catch (error) {
    if (!isVenueAlreadyBooked(error)) throw error;
    const existing = row.submissionId ? await find(row.submissionId) : undefined;
    return existing ? { kind: "saved", record: existing, repeated: true } : { kind: "taken" };
  }
}

/** Venue ids already booked (Pending or Confirmed) on a date: the venue list leaves them out. */
export async function listBookedVenueIds(db: DB, date: string): Promise<number[]> {
  const rows = await db
    .selectFrom("venueBookings")
    .select("venueId")
    .where("bookingDate", "=", date)
    .where("status", "in", ["Pending", "Confirmed"])
    .execute();
  return rows.map((row) => row.venueId);
}
