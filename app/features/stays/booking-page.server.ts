// Server side of /booking: its rooms (free for the chosen dates), venues (free on the chosen
// date) and its action for the three tabs. The Room Booking dialog is in room-dialog.server.ts.
import type { RouterContextProvider } from "react-router";
import type { RoomOption } from "~/features/stays/room-choices.ts";
import { getDb } from "~/shared/context.server.ts";
import { failureReason, logReadFailure, logWriteFailure } from "~/shared/db/failures.server.ts";
import { dontKeepPage } from "~/shared/page-cache/page-keeping.server.ts";
import { insertReservation } from "~/features/stays/reservations.server.ts";
import { bookRoom, getRoom, listFreeRooms } from "~/features/stays/rooms.server.ts";
import { quoteRoomList } from "~/features/pricing/rates.server.ts";
import type { StaySearch } from "~/features/stays/stay-search.ts";
import { insertVenueBooking, listBookedVenueIds } from "~/features/venues/venue-bookings.server.ts";
import { payOnlineFor, payStepRedirect } from "~/features/payments/pay-step.server.ts";
import { getVenue, listVenues } from "~/features/venues/venues.server.ts";
import { isIsoDate, lodgeToday } from "~/shared/dates.ts";
import {
  formError,
  formInvalid,
  formSuccess,
  readSubmission,
  type FormResponse,
} from "~/shared/forms/form-submission.server.ts";
import {
  BOOKING_SAVE_FAILED,
  RESERVATION_BOOKING_SUCCESSFUL,
  RESERVATION_SAVE_FAILED,
  ROOM_JUST_BOOKED,
  ROOM_VENUE_BOOKING_SUCCESSFUL,
  SELECT_ROOM,
  SELECT_VENUE,
  VENUE_ALREADY_BOOKED,
  failedToFetchRooms,
  failedToFetchVenues,
} from "~/shared/messages.ts";
import { bookingSchema, type StayBooking } from "~/features/stays/booking-schemas.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * /booking's rooms and venues, each with its own error text (spec section 8): the rooms free for
 * the stay (tonight until dates are chosen), the venues free on `bookingDate` when one is chosen.
 */
export async function loadBookingPage(context: Context, stay: StaySearch, bookingDate: string | null) {
  let db;
  try {
    db = await getDb(context);
  } catch (error) {
    dontKeepPage(context);
    logReadFailure("booking page", error);
    const reason = failureReason(error);
    return {
      rooms: [],
      venues: [],
      stayRuleHints: [],
      errors: [failedToFetchRooms(reason), failedToFetchVenues(reason)],
    };
  }
  const [rooms, venues, bookedVenues] = await Promise.allSettled([
    // The free rooms with their quotes for the stay and the stay rules beside the dates (issue 16).
    listFreeRooms(db, stay).then((free) => quoteRoomList(db, free, stay, null)),
    listVenues(db),
    bookingDate && isIsoDate(bookingDate) ? listBookedVenueIds(db, bookingDate) : Promise.resolve([]),
  ]);
  const errors: string[] = [];
  if (rooms.status === "rejected") {
    dontKeepPage(context);
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
    dontKeepPage(context);
    logReadFailure("venues", venueFailure);
    errors.push(failedToFetchVenues(failureReason(venueFailure)));
  }
  const taken = new Set(bookedVenues.status === "fulfilled" ? bookedVenues.value : []);
  return {
    rooms:
      rooms.status === "fulfilled"
        ? rooms.value.rooms.map(({ id, roomNumber, type, price, quote }): RoomOption => ({
            id,
            roomNumber,
            type,
            price,
            quote,
          }))
        : [],
    stayRuleHints: rooms.status === "fulfilled" ? rooms.value.stayRuleHints : [],
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
 * Saves what /booking's form sent, by tab: a room booking (atomic, the same
 * path as the dialog), a Pending reservation, or a Pending venue booking.
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
  if (parsed.kind === "answered") return parsed.response;
  const { data: booking, submissionId, values } = parsed;
  const guest = {
    submissionId,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    paymentMethod: booking.paymentMethod,
    message: booking.message ?? null,
  };

  if (booking.tab === "venue") {
    try {
      const db = await getDb(context);
      const venue = await getVenue(db, booking.venueId);
      if (!venue) return formInvalid({ venueId: SELECT_VENUE }, values);
      const saved = await insertVenueBooking(db, {
        ...guest,
        venueId: venue.id,
        venueName: venue.venue,
        bookingDate: booking.bookingDate,
        numberOfPeople: booking.numberOfPeople,
        totalPrice: venue.price,
      });
      if (saved.kind === "taken") return formError(VENUE_ALREADY_BOOKED, values, 409, "taken");
      return formSuccess(ROOM_VENUE_BOOKING_SUCCESSFUL, saved.record.reference);
    } catch (error) {
      logWriteFailure("booking-venue", error);
      return formError(BOOKING_SAVE_FAILED, values, 503);
    }
  }

  if (booking.tab === "room") {
    try {
      const db = await getDb(context);
      const pay = payOnlineFor(context, guest.paymentMethod);
      const result = await bookRoom(db, {
        ...guest,
        ...stayOf(booking),
        roomId: booking.roomId,
        payOnline: pay && { tokenHash: pay.hash },
      });
      if (result.kind === "taken") return formError(ROOM_JUST_BOOKED, values, 409, "taken");
      if (result.kind === "unknown-room") return formInvalid({ roomId: SELECT_ROOM }, values);
      if (result.kind === "stay-rule") return formInvalid({ checkOut: result.message }, values);
      // A deposit to pay online: on to the payment step (ADR 0018).
      const toPay = await payStepRedirect(db, { ...result.booking, kind: "booking" }, result.repeated, pay);
      if (toPay) throw toPay;
      return formSuccess(ROOM_VENUE_BOOKING_SUCCESSFUL, result.booking.reference);
    } catch (error) {
      if (error instanceof Response) throw error;
      logWriteFailure("room-booking", error);
      return formError(BOOKING_SAVE_FAILED, values, 503);
    }
  }

  // The reservation tab.
  try {
    const db = await getDb(context);
    const room = await getRoom(db, booking.roomId);
    if (!room) return formInvalid({ roomId: SELECT_ROOM }, values);
    const pay = payOnlineFor(context, guest.paymentMethod);
    const saved = await insertReservation(db, {
      ...guest,
      ...stayOf(booking),
      source: "booking-page",
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      numberOfPeople: booking.adults + booking.children,
      roomCount: 1,
      payOnline: pay && { tokenHash: pay.hash },
    });
    if (saved.kind === "taken") return formError(ROOM_JUST_BOOKED, values, 409, "taken");
    if (saved.kind === "unknown-room") return formInvalid({ roomId: SELECT_ROOM }, values);
    if (saved.kind === "stay-rule") return formInvalid({ checkOut: saved.message }, values);
    // A deposit to pay online: on to the payment step, as for the room tab (ADR 0018).
    const toPay = await payStepRedirect(db, { ...saved.record, kind: "reservation" }, saved.repeated, pay);
    if (toPay) throw toPay;
    return formSuccess(RESERVATION_BOOKING_SUCCESSFUL, saved.record.reference);
  } catch (error) {
    if (error instanceof Response) throw error;
    logWriteFailure("booking-reservation", error);
    return formError(RESERVATION_SAVE_FAILED, values, 503);
  }
}

function stayOf(booking: StayBooking) {
  const { checkIn, checkOut, adults, children } = booking;
  return { checkIn, checkOut, adults, children };
}
