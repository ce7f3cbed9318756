import type { RouterContextProvider } from "react-router";
import type { RoomChoice } from "~/features/stays/room-choices.ts";
import { getDb } from "~/shared/context.server.ts";
import { failureReason, logReadFailure, logWriteFailure } from "~/shared/db/failures.server.ts";
import { dontKeepPage, freshSubmissionId } from "~/shared/page-cache/page-keeping.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { insertReservation } from "~/features/stays/reservations.server.ts";
import { quoteRoomList } from "~/features/pricing/rates.server.ts";
import { getRoom, listFreeRooms } from "~/features/stays/rooms.server.ts";
import { roomLabel } from "~/features/requests/room-label.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { echoedFields } from "~/shared/forms/echoed-fields.ts";
import { stayParams } from "~/features/stays/refused-stay.server.ts";
import { readStaySearch } from "~/features/stays/stay-search.ts";
import {
  formError,
  formInvalid,
  formSuccess,
  readSubmission,
  type FormResponse,
} from "~/shared/forms/form-submission.server.ts";
import {
  DB_NOT_CONNECTED,
  failedToCreateReservation,
  FAILED_TO_FETCH_AVAILABLE_ROOMS,
  RESERVATION_SUCCESSFUL,
  ROOM_JUST_BOOKED,
  SELECT_ROOM,
} from "~/shared/messages.ts";
import { reservationSchema } from "~/features/stays/reservation-schema.ts";
import { payOnlineFor, payStepRedirect } from "~/features/payments/pay-step.server.ts";

export interface ReservationPageData {
  rooms: RoomChoice[];
  /** The stay rules beside the dates (issue 16). */
  stayRuleHints: string[];
  /** What the guest typed before 'Check availability' reloaded the page (no JavaScript). */
  values: Record<string, string>;
  /** 'Failed to fetch available rooms. Please try again later.' when the rooms could not be read. */
  loadError: string | null;
  today: string;
  submissionId: string;
}

/**
 * The rooms free for the dates in the address (tonight's until both are chosen: decisions.md 24)
 * or of a submission the action just refused, what the guest had typed, and a fresh submission id.
 */
export async function loadReservationPage(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ReservationPageData> {
  const params = stayParams(request, context);
  const today = lodgeToday();
  const base = { today, submissionId: freshSubmissionId(context), values: echoedFields(params) };
  const stay = readStaySearch(params, today);
  try {
    const db = await getDb(context);
    const { rooms, stayRuleHints } = await quoteRoomList(db, await listFreeRooms(db, stay), stay, null);
    return {
      ...base,
      rooms: rooms.map((room) => ({
        id: String(room.id),
        label: roomLabel(room),
        price: room.price,
        quote: room.quote,
      })),
      stayRuleHints,
      loadError: null,
    };
  } catch (error) {
    dontKeepPage(context);
    logReadFailure("reservation rooms", error);
    return { ...base, rooms: [], stayRuleHints: [], loadError: FAILED_TO_FETCH_AVAILABLE_ROOMS };
  }
}

/**
 * Saves one Pending reservation (decisions.md 9) from the /reservation form:
 * rate limit, honeypot and schema first (readSubmission), then the room is
 * checked and the record stored once per submission id. A guest who pays the deposit online
 * (Mobile Money, or Credit Card with the card widget) is sent on to the payment step, the
 * reservation held `Awaiting payment` (ADR 0018), as the room booking forms do.
 */
export async function createReservation(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<FormResponse> {
  const submission = await readSubmission(
    request,
    context,
    reservationSchema(lodgeToday()),
    RESERVATION_SUCCESSFUL,
  );
  if (submission.kind === "answered") return submission.response;
  const { data, submissionId, values } = submission;

  let db: DB;
  try {
    db = await getDb(context);
  } catch (error) {
    logWriteFailure("reservation", error);
    return formError(failedToCreateReservation(DB_NOT_CONNECTED), values, 503);
  }

  try {
    const room = await getRoom(db, data.roomId);
    if (!room) return formInvalid({ roomId: SELECT_ROOM }, values);
    const pay = payOnlineFor(context, data.paymentMethod);
    const saved = await insertReservation(db, {
      source: "reservation-page",
      status: "Pending",
      submissionId,
      name: data.name,
      email: data.email,
      phone: data.phone,
      paymentMethod: data.paymentMethod,
      message: data.message,
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      checkIn: data.checkIn,
      checkOut: data.checkOut,
      adults: data.adults,
      children: data.children,
      numberOfPeople: data.adults + data.children,
      roomCount: data.roomCount,
      payOnline: pay && { tokenHash: pay.hash },
    });
    // Another stay holds the room for one of these nights (decisions.md 23): answered as the
    // dialog and /booking answer it, so the page shows the message and reads the rooms again.
    if (saved.kind === "taken") return formError(ROOM_JUST_BOOKED, values, 409, "taken");
    if (saved.kind === "unknown-room") return formInvalid({ roomId: SELECT_ROOM }, values);
    // A stay rule (decisions.md 31): its message beside the dates, as the hint said it.
    if (saved.kind === "stay-rule") return formInvalid({ checkOut: saved.message }, values);
    // A deposit to pay online: on to the payment step (ADR 0018).
    const toPay = await payStepRedirect(db, { ...saved.record, kind: "reservation" }, saved.repeated, pay);
    if (toPay) throw toPay;
    return formSuccess(RESERVATION_SUCCESSFUL, saved.record.reference);
  } catch (error) {
    if (error instanceof Response) throw error;
    logWriteFailure("reservation", error);
    return formError(failedToCreateReservation(failureReason(error)), values, 503);
  }
}
