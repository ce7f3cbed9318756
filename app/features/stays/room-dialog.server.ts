// Server side of the Room Booking dialog and of /rooms' availability bar. The dialog lives on
// /rooms and /details/:id and is served by those pages' own loader and action (ADR 0010): the
// loader lists the rooms free for the stay in the address (`?book=&checkIn=&checkOut=`), the
// action books one and answers with the result and, when it was refused, the fresh list.
import { data, type RouterContextProvider } from "react-router";
import {
  roomOptions,
  type AvailableRoomsData,
  type RoomDialogAnswer,
  type RoomDialogData,
} from "~/features/stays/room-choices.ts";
import { getDb } from "~/shared/context.server.ts";
import { failureReason, logReadFailure } from "~/shared/db/failures.server.ts";
import { NOT_KEPT, type PageFreshness } from "~/shared/page-cache/kept-page.server.ts";
import { countFreeRoomsByType, listQuotedFreeRooms, type StayDates } from "~/features/stays/rooms.server.ts";
import { loadPricing, quoteRooms } from "~/features/pricing/rates.server.ts";
import type { Quote } from "~/features/pricing/rates.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { echoedFields } from "~/shared/forms/echoed-fields.ts";
import { readSubmission, type FormResponse } from "~/shared/forms/form-submission.server.ts";
import { BOOKING_SUCCESSFUL, failedToFetchRooms } from "~/shared/messages.ts";
import { roomBookingSchema } from "~/features/stays/room-booking-schema.ts";
import { readStaySearch, type StaySearch } from "~/features/stays/stay-search.ts";
import { guestStayDeps, placeStay } from "~/features/stays/place-stay.server.ts";
import { stayResponse } from "~/features/stays/stay-answer.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The rooms free for a stay with each one's quote for it, as the dialog and /booking list them,
 * and the stay rules to show beside the dates; or the error for the banner.
 */
async function loadFreeRoomOptions(
  context: Context,
  page: PageFreshness,
  stay: StaySearch,
  roomType: string | null = null,
): Promise<AvailableRoomsData> {
  try {
    const { rooms, stayRuleHints, taxes } = await listQuotedFreeRooms(await getDb(context), stay, roomType);
    return { rooms: roomOptions(rooms), stayRuleHints, taxes };
  } catch (error) {
    page.readFailed();
    logReadFailure("available rooms", error);
    return { error: failedToFetchRooms(failureReason(error)) };
  }
}

/** For the loaders of /rooms and /details/:id: the dialog's data when `?book=` asks for it. */
export async function loadRoomDialog(
  request: Request,
  context: Context,
  page: PageFreshness,
): Promise<RoomDialogData | null> {
  const params = new URL(request.url).searchParams;
  const roomType = params.get("book");
  if (roomType === null) return null;
  const stay = readStaySearch(params, lodgeToday());
  return {
    roomType: roomType.slice(0, 50),
    stay,
    rooms: await loadFreeRoomOptions(context, page, stay, roomType.slice(0, 50)),
    values: echoedFields(params),
    submissionId: page.submissionId(),
  };
}

/**
 * One room type on /rooms: its nightly rate from the database and, for chosen dates, how many are
 * free and the stay's quote.
 */
interface RoomTypeOffer {
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
  page: PageFreshness,
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
    page.readFailed();
    logReadFailure("room types", error);
    return { offers: null, error: failedToFetchRooms(failureReason(error)) };
  }
}

/**
 * The action of /rooms and /details/:id: books a room from the dialog (one parse of the body,
 * typed error codes). The page renders again with the dialog open, the guest's values and the
 * errors (no redirect); with JavaScript the dialog takes its content from that page (ADR 0014).
 * After a refusal the answer carries the rooms free now for the guest's dates.
 */
export async function submitRoomDialog(request: Request, context: Context) {
  const parsed = await readSubmission(request, context, roomBookingSchema(lodgeToday()), BOOKING_SUCCESSFUL);
  let response: FormResponse;
  let rooms: AvailableRoomsData | null = null;
  if (parsed.kind === "answered") {
    response = parsed.response;
  } else {
    const { data: booking, submissionId, values } = parsed;
    const outcome = await placeStay(getDb(context), guestStayDeps(context), {
      ...booking,
      entry: "dialog",
      submissionId,
    });
    response = stayResponse(outcome, "dialog", values);
    if (outcome.kind === "taken" && outcome.freeRooms) {
      const { rooms: free, stayRuleHints, taxes } = outcome.freeRooms;
      rooms = { rooms: roomOptions(free), stayRuleHints, taxes };
    }
  }
  const answer: RoomDialogAnswer = { result: response.data, rooms };
  if (response.data.status !== "success" && rooms === null) {
    const stay = readStaySearch(new URLSearchParams(response.data.values), lodgeToday());
    answer.rooms = await loadFreeRoomOptions(context, NOT_KEPT, stay);
  }
  return data(answer, { status: response.init?.status ?? 200 });
}
