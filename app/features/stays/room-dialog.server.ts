// Server side of the Room Booking dialog and of /rooms' availability bar. The dialog lives on
// /rooms and /details/:id and is served by those pages' own loader and action (ADR 0010): the
// loader lists the rooms free for the stay in the address (`?book=&checkIn=&checkOut=`), the
// action books one and answers with the result and, when it was refused, the fresh list.
import { data, type RouterContextProvider } from "react-router";
import type {
  AvailableRoomsData,
  RoomDialogAnswer,
  RoomDialogData,
  RoomOption,
} from "~/features/stays/room-choices.ts";
import { getDb } from "~/shared/context.server.ts";
import { failureReason, logReadFailure, logWriteFailure } from "~/shared/db/failures.server.ts";
import { dontKeepPage, freshSubmissionId } from "~/shared/page-cache/page-keeping.server.ts";
import {
  bookRoom,
  countFreeRoomsByType,
  listFreeRooms,
  type StayDates,
} from "~/features/stays/rooms.server.ts";
import { loadPricing, quoteRoomList, quoteRooms } from "~/features/pricing/rates.server.ts";
import type { Quote } from "~/features/pricing/rates.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { echoedFields } from "~/shared/forms/echoed-fields.ts";
import {
  formError,
  formInvalid,
  formSuccess,
  readSubmission,
} from "~/shared/forms/form-submission.server.ts";
import {
  BOOKING_SUCCESSFUL,
  failedToCreateBooking,
  failedToFetchRooms,
  REASON_DATABASE_UNAVAILABLE,
  ROOM_JUST_BOOKED,
  SELECT_ROOM,
} from "~/shared/messages.ts";
import { roomBookingSchema } from "~/features/stays/room-booking-schema.ts";
import { payOnlineFor, payStepRedirect } from "~/features/payments/pay-step.server.ts";
import { readStaySearch, type StaySearch } from "~/features/stays/stay-search.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The rooms free for a stay with each one's quote for it, as the dialog and /booking list them,
 * and the stay rules to show beside the dates (issue 16); or the error for the banner.
 */
export async function loadFreeRoomOptions(
  context: Context,
  stay: StaySearch,
  roomType: string | null = null,
): Promise<AvailableRoomsData> {
  try {
    const db = await getDb(context);
    const free = await listFreeRooms(db, stay);
    const { rooms, stayRuleHints } = await quoteRoomList(db, free, stay, roomType);
    return {
      rooms: rooms.map(({ id, roomNumber, type, price, quote }): RoomOption => ({
        id,
        roomNumber,
        type,
        price,
        quote,
      })),
      stayRuleHints,
    };
  } catch (error) {
    dontKeepPage(context);
    logReadFailure("available rooms", error);
    return { error: failedToFetchRooms(failureReason(error)) };
  }
}

/** For the loaders of /rooms and /details/:id: the dialog's data when `?book=` asks for it. */
export async function loadRoomDialog(request: Request, context: Context): Promise<RoomDialogData | null> {
  const params = new URL(request.url).searchParams;
  const roomType = params.get("book");
  if (roomType === null) return null;
  const stay = readStaySearch(params, lodgeToday());
  return {
    roomType: roomType.slice(0, 50),
    stay,
    rooms: await loadFreeRoomOptions(context, stay, roomType.slice(0, 50)),
    values: echoedFields(params),
    submissionId: freshSubmissionId(context),
  };
}

/**
 * One room type on /rooms: its nightly rate from the database and, for chosen dates, how many are
 * free and the stay's quote (issue 16).
 */
export interface RoomTypeOffer {
  price: number;
  free: number;
  quote?: Quote;
}

export interface RoomTypeOffers {
  /** By room type; null when the database could not be read (cards then show no price). */
  offers: Record<string, RoomTypeOffer> | null;
  /** 'Failed to fetch rooms: …' when the database could not be read. */
  error: string | null;
}

/** Prices (always) and free rooms per type (for the stay) for the room cards. */
export async function loadRoomTypeOffers(
  context: Context,
  stay: StayDates & { chosen?: boolean },
): Promise<RoomTypeOffers> {
  try {
    const db = await getDb(context);
    const rows = await countFreeRoomsByType(db, stay);
    // A quote only for dates the guest chose: without them the cards show the nightly rate.
    const quotes = stay.chosen ? quoteRooms(await loadPricing(db), rows, stay.checkIn, stay.checkOut) : null;
    return {
      offers: Object.fromEntries(
        rows.map((row) => [row.type, { price: row.price, free: row.free, quote: quotes?.get(row) }]),
      ),
      error: null,
    };
  } catch (error) {
    dontKeepPage(context);
    logReadFailure("room types", error);
    return { offers: null, error: failedToFetchRooms(failureReason(error)) };
  }
}

/**
 * The action of /rooms and /details/:id: books a room from the dialog (one parse of the body,
 * typed error codes). The page renders again with the dialog open, the guest's values and the
 * errors (no redirect); with JavaScript the dialog takes its content from that page (ADR 0014).
 */
export async function submitRoomDialog(request: Request, context: Context) {
  const result = await bookFromDialog(request, context);
  const answer: RoomDialogAnswer = { result: result.data, rooms: null };
  if (result.data.status !== "success") {
    const stay = readStaySearch(new URLSearchParams(result.data.values), lodgeToday());
    answer.rooms = await loadFreeRoomOptions(context, stay);
  }
  return data(answer, { status: result.init?.status ?? 200 });
}

async function bookFromDialog(request: Request, context: Context) {
  const parsed = await readSubmission(request, context, roomBookingSchema(lodgeToday()), BOOKING_SUCCESSFUL);
  if (parsed.kind === "answered") return parsed.response;
  const { data: booking, submissionId, values } = parsed;
  try {
    const db = await getDb(context);
    const pay = payOnlineFor(context, booking.paymentMethod);
    const result = await bookRoom(db, {
      ...booking,
      submissionId,
      payOnline: pay && { tokenHash: pay.hash },
    });
    switch (result.kind) {
      case "booked": {
        // A deposit to pay online: on to the payment step (ADR 0018).
        const toPay = await payStepRedirect(db, { ...result.booking, kind: "booking" }, result.repeated, pay);
        if (toPay) throw toPay;
        return formSuccess(BOOKING_SUCCESSFUL, result.booking.reference);
      }
      case "taken":
        return formError(ROOM_JUST_BOOKED, values, 409, "taken");
      case "unknown-room":
        return formInvalid({ roomId: SELECT_ROOM }, values);
      case "stay-rule":
        return formInvalid({ checkOut: result.message }, values);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    logWriteFailure("room-booking", error);
    const reason = failureReason(error);
    const code = reason === REASON_DATABASE_UNAVAILABLE ? "unavailable" : "failed";
    return formError(failedToCreateBooking(reason), values, 503, code);
  }
}
