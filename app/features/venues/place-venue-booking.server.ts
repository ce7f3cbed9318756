// Placing a venue booking from /booking's venue tab or the staff desk, and what each form answers:
// the same shape as placing a stay (app/features/stays/place-stay.server.ts), for an event.
import { redirect } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { failureReason, logWriteFailure } from "~/shared/db/failures.server.ts";
import type { PaymentMethod, RequestChannel, VenueBooking } from "~/shared/db/schema.ts";
import {
  formError,
  formInvalid,
  formSuccess,
  type FormResponse,
} from "~/shared/forms/form-submission.server.ts";
import {
  BOOKING_SAVE_FAILED,
  failedToCreateBooking,
  REASON_DATABASE_UNAVAILABLE,
  ROOM_VENUE_BOOKING_SUCCESSFUL,
  SELECT_VENUE,
  VENUE_ALREADY_BOOKED,
} from "~/shared/messages.ts";
import type { RequestAuthor } from "../requests/guest-requests.server.ts";
import { insertVenueBooking } from "./venue-bookings.server.ts";
import { getVenue } from "./venues.server.ts";

export type VenueEntry = "booking-venue" | "desk-venue";

/** A venue booking as a form asks for it, once its schema has passed. */
export interface VenueRequest {
  entry: VenueEntry;
  venueId: string;
  bookingDate: string;
  numberOfPeople: number;
  name: string;
  /** Null only at the desk, for a guest without an address. */
  email: string | null;
  phone: string;
  paymentMethod: PaymentMethod;
  message?: string | null;
  submissionId: string | null;
  /** The desk: a phone call or a guest at the door. */
  channel?: RequestChannel;
}

export type VenueOutcome =
  | { kind: "booked"; venueBooking: VenueBooking; repeated: boolean }
  /** The venue already has an event that day. */
  | { kind: "taken" }
  | { kind: "unknown-venue" }
  /** The database could not be reached (`connected` false) or failed while saving. */
  | { kind: "failed"; reason: string; connected: boolean };

/**
 * Books a venue for a day, priced at the venue's price. `db` may be the request's `getDb` promise;
 * a database failure is an outcome (logged), never thrown.
 */
export async function placeVenueBooking(
  db: DB | Promise<DB>,
  by: RequestAuthor,
  request: VenueRequest,
): Promise<VenueOutcome> {
  let connected = false;
  try {
    const handle = await db;
    connected = true;
    const venue = await getVenue(handle, request.venueId);
    if (!venue) return { kind: "unknown-venue" };
    const saved = await insertVenueBooking(
      handle,
      {
        submissionId: request.submissionId,
        name: request.name,
        email: request.email,
        phone: request.phone,
        paymentMethod: request.paymentMethod,
        message: request.message ?? null,
        ...(request.channel ? { channel: request.channel } : {}),
        venueId: venue.id,
        venueName: venue.venue,
        bookingDate: request.bookingDate,
        numberOfPeople: request.numberOfPeople,
        totalPrice: venue.price,
      },
      by,
    );
    if (saved.kind === "taken") return saved;
    return { kind: "booked", venueBooking: saved.record, repeated: saved.repeated };
  } catch (error) {
    logWriteFailure(request.entry, error);
    return { kind: "failed", reason: failureReason(error), connected };
  }
}

/** The form's answer to a placed venue booking; the desk's success is a redirect (thrown). */
export function venueResponse(
  outcome: VenueOutcome,
  entry: VenueEntry,
  values: Record<string, string>,
): FormResponse {
  switch (outcome.kind) {
    case "booked":
      if (entry === "desk-venue")
        throw redirect(`/staff/requests/venue-booking/${outcome.venueBooking.id}?entered=1`);
      return formSuccess(ROOM_VENUE_BOOKING_SUCCESSFUL, outcome.venueBooking.reference);
    case "taken":
      return formError(VENUE_ALREADY_BOOKED, values, 409, "taken");
    case "unknown-venue":
      return formInvalid({ venueId: SELECT_VENUE }, values);
    case "failed": {
      const code = outcome.reason === REASON_DATABASE_UNAVAILABLE ? "unavailable" : "failed";
      const message = entry === "desk-venue" ? failedToCreateBooking(outcome.reason) : BOOKING_SAVE_FAILED;
      return formError(message, values, 503, code);
    }
  }
}
