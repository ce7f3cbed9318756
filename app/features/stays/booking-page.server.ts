// Server side of /booking: its rooms (free for the chosen dates), venues (free on the chosen
// date) and its action for the three tabs. The Room Booking dialog is in room-dialog.server.ts.
import type { RouterContextProvider } from "react-router";
import { roomOptions } from "~/features/stays/room-choices.ts";
import { getDb } from "~/shared/context.server.ts";
import { failureReason, logReadFailure } from "~/shared/db/failures.server.ts";
import type { PageFreshness } from "~/shared/page-cache/kept-page.server.ts";
import { listQuotedFreeRooms } from "~/features/stays/rooms.server.ts";
import type { StaySearch } from "~/features/stays/stay-search.ts";
import { listBookedVenueIds } from "~/features/venues/venue-bookings.server.ts";
import { listVenues } from "~/features/venues/venues.server.ts";
import { listExtras } from "~/features/extras/extras.server.ts";
import { placeVenueBooking, venueResponse } from "~/features/venues/place-venue-booking.server.ts";
import { isIsoDate, lodgeToday } from "~/shared/dates.ts";
import { readSubmission, type FormResponse } from "~/shared/forms/form-submission.server.ts";
import {
  RESERVATION_BOOKING_SUCCESSFUL,
  ROOM_VENUE_BOOKING_SUCCESSFUL,
  failedToFetchRooms,
  failedToFetchVenues,
} from "~/shared/messages.ts";
import { bookingSchema } from "~/features/stays/booking-schemas.ts";
import { guestStayDeps, placeStay } from "~/features/stays/place-stay.server.ts";
import { stayResponse } from "~/features/stays/stay-answer.server.ts";
import { refusedFreeRooms, rememberRefusedStay } from "~/features/stays/refused-stay.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * /booking's rooms and venues, each with its own error text (spec section 8): the rooms free for
 * the stay (tonight until dates are chosen), the venues free on `bookingDate` when one is chosen.
 */
export async function loadBookingPage(
  context: Context,
  page: PageFreshness,
  stay: StaySearch,
  bookingDate: string | null,
) {
  let db;
  try {
    db = await getDb(context);
  } catch (error) {
    page.readFailed();
    logReadFailure("booking page", error);
    const reason = failureReason(error);
    return {
      rooms: [],
      venues: [],
      stayRuleHints: [],
      extras: [],
      errors: [failedToFetchRooms(reason), failedToFetchVenues(reason)],
    };
  }
  const [rooms, venues, bookedVenues, extras] = await Promise.allSettled([
    // The free rooms with their quotes for the stay and the stay rules beside the dates:
    // those the action has just read when it refused a room taken meanwhile.
    refusedFreeRooms(context, stay) ?? listQuotedFreeRooms(db, stay),
    listVenues(db),
    bookingDate && isIsoDate(bookingDate) ? listBookedVenueIds(db, bookingDate) : Promise.resolve([]),
    listExtras(db, { activeOnly: true }),
  ]);
  const errors: string[] = [];
  if (rooms.status === "rejected") {
    page.readFailed();
    logReadFailure("rooms", rooms.reason);
    errors.push(failedToFetchRooms(failureReason(rooms.reason)));
  }
  const venueFailure =
    venues.status === "rejected"
      ? venues.reason
      : bookedVenues.status === "rejected"
        ? bookedVenues.reason
        : null;
  if (venueFailure !== null) {
    page.readFailed();
    logReadFailure("venues", venueFailure);
    errors.push(failedToFetchVenues(failureReason(venueFailure)));
  }
  const taken = new Set(bookedVenues.status === "fulfilled" ? bookedVenues.value : []);
  return {
    rooms: rooms.status === "fulfilled" ? roomOptions(rooms.value.rooms) : [],
    stayRuleHints: rooms.status === "fulfilled" ? rooms.value.stayRuleHints : [],
    // The extras a guest may add; without them (a failed read) the stay books as before.
    extras:
      extras.status === "fulfilled"
        ? extras.value.map(({ id, name, priceNgwee, basis, taxCategory }) => ({
            id,
            name,
            priceNgwee,
            basis,
            taxCategory,
          }))
        : [],
    taxes: rooms.status === "fulfilled" ? rooms.value.taxes : undefined,
    venues:
      venues.status === "fulfilled" && venueFailure === null
        ? venues.value
            .filter(({ id }) => !taken.has(id))
            .map(({ id, venue, price }) => ({ id, venue, price }))
        : [],
    errors,
  };
}

// --- /booking's action ------------------------------------------------------------------------

/**
 * Saves what /booking's form sent, by tab: a room booking or a Pending reservation (placed as every
 * stay form places one), or a Pending venue booking. After a refusal the loaders list what is free
 * for the submission's dates.
 */
export async function submitBookingPage(request: Request, context: Context): Promise<FormResponse> {
  // The honeypot's answer names the tab's success; the tab is in the address the form posts to.
  const tab = new URL(request.url).searchParams.get("tab");
  const parsed = await readSubmission(
    request,
    context,
    bookingSchema(lodgeToday()),
    tab === "reservation" ? RESERVATION_BOOKING_SUCCESSFUL : ROOM_VENUE_BOOKING_SUCCESSFUL,
  );
  if (parsed.kind === "answered") return rememberRefusedStay(context, parsed.response);
  const { data: booking, submissionId, values } = parsed;

  if (booking.tab === "venue") {
    const outcome = await placeVenueBooking(
      getDb(context),
      { actor: "guest" },
      {
        ...booking,
        entry: "booking-venue",
        submissionId,
      },
    );
    return rememberRefusedStay(context, venueResponse(outcome, "booking-venue", values));
  }

  const entry = booking.tab === "room" ? "booking-room" : "booking-reservation";
  const outcome = await placeStay(getDb(context), guestStayDeps(context), {
    ...booking,
    entry,
    submissionId,
  });
  return rememberRefusedStay(
    context,
    stayResponse(outcome, entry, values),
    outcome.kind === "taken" ? outcome.freeRooms : null,
  );
}
