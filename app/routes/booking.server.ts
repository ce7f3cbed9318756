// Server side of room, reservation and venue booking: the /booking page, and
// the Room Booking dialog that /rooms and /details/:id open (its data comes
// from routes/api.available-rooms.ts, its submissions go to
// routes/api.room-booking.ts). Both book rooms through answerRoomBooking.
import { redirect, type RouterContextProvider } from "react-router";
import type { AvailableRoomsData, RoomOption } from "~/components/room-booking-dialog.tsx";
import { getDb } from "~/context.server.ts";
import { failureReason, logReadFailure, logWriteFailure } from "~/db/failures.server.ts";
import { insertReservation } from "~/db/reservations.server.ts";
import { bookRoom, getRoom, listAvailableRooms, type RoomBookingRequest } from "~/db/rooms.server.ts";
import { insertVenueBooking } from "~/db/venue-bookings.server.ts";
import { getVenue, listVenues } from "~/db/venues.server.ts";
import { lodgeToday } from "~/lib/dates.ts";
import type { FormResult } from "~/lib/form-result.ts";
import {
  formError,
  formInvalid,
  formSuccess,
  readSubmission,
  type FormResponse,
} from "~/lib/form-submission.server.ts";
import {
  BOOKING_SAVE_FAILED,
  RESERVATION_BOOKING_SUCCESSFUL,
  RESERVATION_SAVE_FAILED,
  ROOM_JUST_BOOKED,
  ROOM_VENUE_BOOKING_SUCCESSFUL,
  SELECT_ROOM,
  SELECT_VENUE,
  REASON_DATABASE_UNAVAILABLE,
  failedToFetchRooms,
  failedToFetchVenues,
} from "~/lib/messages.ts";
import { stayTotal } from "~/lib/money.ts";
import { bookingSchema, type StayBooking } from "~/lib/schemas/booking.ts";

type Context = Readonly<RouterContextProvider>;

/** The Room Booking dialog's list: Available rooms by number, or the error text for its banner. */
export async function loadAvailableRooms(context: Context): Promise<AvailableRoomsData> {
  try {
    const rooms = await listAvailableRooms(await getDb(context));
    return {
      rooms: rooms.map(({ id, roomNumber, type, price }): RoomOption => ({ id, roomNumber, type, price })),
    };
  } catch (error) {
    logReadFailure("available rooms", error);
    return { error: failedToFetchRooms(failureReason(error)) };
  }
}

/**
 * For the loaders of pages that show the dialog (/rooms, /details/:id): when
 * the URL asks for it (`?book=`), the rooms come with the page, so the dialog
 * renders open and complete on the server and works without JavaScript.
 */
export async function loadRoomBookingDialog(
  request: Request,
  context: Context,
): Promise<AvailableRoomsData | null> {
  return new URL(request.url).searchParams.has("book") ? loadAvailableRooms(context) : null;
}

/** /booking's rooms and venues, each with its own error text (spec section 8). */
export async function loadBookingPage(context: Context) {
  let db;
  try {
    db = await getDb(context);
  } catch (error) {
    logReadFailure("booking page", error);
    const reason = failureReason(error);
    return { rooms: [], venues: [], errors: [failedToFetchRooms(reason), failedToFetchVenues(reason)] };
  }
  const [rooms, venues] = await Promise.allSettled([listAvailableRooms(db), listVenues(db)]);
  const errors: string[] = [];
  if (rooms.status === "rejected") {
    logReadFailure("rooms", rooms.reason);
    errors.push(failedToFetchRooms(failureReason(rooms.reason)));
  }
  if (venues.status === "rejected") {
    logReadFailure("venues", venues.reason);
    errors.push(failedToFetchVenues(failureReason(venues.reason)));
  }
  return {
    rooms:
      rooms.status === "fulfilled"
        ? rooms.value.map(({ id, roomNumber, type, price }): RoomOption => ({ id, roomNumber, type, price }))
        : [],
    venues:
      venues.status === "fulfilled" ? venues.value.map(({ id, venue, price }) => ({ id, venue, price })) : [],
    errors,
  };
}

interface RoomBookingMessages {
  success: string;
  failed: (error: unknown) => string;
}

/**
 * Books a room (the dialog and /booking's room tab share this path) and says
 * what happened as a FormResult.
 */
export async function answerRoomBooking(
  context: Context,
  booking: RoomBookingRequest,
  values: Record<string, string>,
  messages: RoomBookingMessages,
): Promise<FormResponse> {
  try {
    const result = await bookRoom(await getDb(context), booking);
    switch (result.kind) {
      case "booked":
        return formSuccess(messages.success, result.booking.reference);
      case "taken":
        return formError(ROOM_JUST_BOOKED, values, 409);
      case "unknown-room":
        return formInvalid({ roomId: SELECT_ROOM }, values);
    }
  } catch (error) {
    logWriteFailure("room-booking", error);
    return formError(messages.failed(error), values, 503);
  }
}

// --- The dialog without JavaScript ------------------------------------------------------------

/** Query parameters the dialog reads after a POST without JavaScript. */
export const DIALOG_PARAMS = {
  book: "book",
  booked: "booked",
  error: "bookingError",
  field: "bookingField",
} as const;

/** A same-origin path to go back to, or null (never another site: no open redirect). */
export function safeReturnTo(value: FormDataEntryValue | null): string | null {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return null;
  }
  const base = "http://lodge.invalid";
  const url = new URL(value, base);
  return url.origin === base ? url.pathname + url.search : null;
}

/** Which error the page shows: a code, mapped back to its message by the dialog. */
export type DialogErrorCode = "taken" | "invalid" | "rate-limited" | "unavailable" | "failed";

/**
 * Sends a browser that posted the dialog's form itself (no JavaScript) back to
 * its page: on success with the reference (dialog closed, notice shown), else
 * with the dialog open again and the error. Field errors travel as
 * `bookingField=<name>:<message>`; the dialog shows only messages it knows,
 * so a crafted link cannot put arbitrary text on the page.
 */
export function redirectBack(
  returnTo: string,
  roomType: string,
  result: FormResult,
  status: number,
): Response {
  const url = new URL(returnTo, "http://lodge.invalid");
  for (const key of Object.values(DIALOG_PARAMS)) url.searchParams.delete(key);
  if (result.status === "success") {
    if (result.reference) url.searchParams.set(DIALOG_PARAMS.booked, result.reference);
  } else {
    url.searchParams.set(DIALOG_PARAMS.book, roomType);
    if (result.status === "invalid") {
      url.searchParams.set(DIALOG_PARAMS.error, "invalid");
      for (const [field, message] of Object.entries(result.fieldErrors)) {
        if (message) url.searchParams.append(DIALOG_PARAMS.field, `${field}:${message}`);
      }
    } else {
      const code: DialogErrorCode =
        status === 409
          ? "taken"
          : status === 429
            ? "rate-limited"
            : result.message.endsWith(REASON_DATABASE_UNAVAILABLE)
              ? "unavailable"
              : "failed";
      url.searchParams.set(DIALOG_PARAMS.error, code);
    }
  }
  return redirect(url.pathname + url.search, 303);
}

// --- /booking's action ------------------------------------------------------------------------

/**
 * Saves what /booking's form sent, by tab: a room booking (atomic, the same
 * path as the dialog), a Pending reservation, or a Pending venue booking.
 */
export async function submitBookingPage(request: Request, context: Context): Promise<FormResponse> {
  const tab = (await request.clone().formData()).get("tab");
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
      const { record } = await insertVenueBooking(db, {
        ...guest,
        venueId: venue.id,
        venueName: venue.venue,
        bookingDate: booking.bookingDate,
        numberOfPeople: booking.numberOfPeople,
        totalPrice: venue.price,
      });
      return formSuccess(ROOM_VENUE_BOOKING_SUCCESSFUL, record.reference);
    } catch (error) {
      logWriteFailure("booking-venue", error);
      return formError(BOOKING_SAVE_FAILED, values, 503);
    }
  }

  if (booking.tab === "room") {
    return answerRoomBooking(context, { ...guest, ...stayOf(booking), roomId: booking.roomId }, values, {
      success: ROOM_VENUE_BOOKING_SUCCESSFUL,
      failed: () => BOOKING_SAVE_FAILED,
    });
  }

  // The reservation tab.
  try {
    const db = await getDb(context);
    const room = await getRoom(db, booking.roomId);
    if (!room) return formInvalid({ roomId: SELECT_ROOM }, values);
    const { record } = await insertReservation(db, {
      ...guest,
      ...stayOf(booking),
      source: "booking-page",
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      numberOfPeople: booking.adults + booking.children,
      roomCount: 1,
      price: room.price,
      totalPrice: stayTotal(room.price, booking.checkIn, booking.checkOut),
    });
    return formSuccess(RESERVATION_BOOKING_SUCCESSFUL, record.reference);
  } catch (error) {
    logWriteFailure("booking-reservation", error);
    return formError(RESERVATION_SAVE_FAILED, values, 503);
  }
}

function stayOf(booking: StayBooking) {
  const { checkIn, checkOut, adults, children } = booking;
  return { checkIn, checkOut, adults, children };
}
