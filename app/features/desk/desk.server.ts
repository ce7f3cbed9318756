import { data, redirect, type RouterContextProvider } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { listQuotedFreeRooms } from "~/features/stays/rooms.server.ts";
import type { RequestAuthor } from "~/features/requests/guest-requests.server.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import { listBookedVenueIds } from "~/features/venues/venue-bookings.server.ts";
import { listVenues } from "~/features/venues/venues.server.ts";
import { placeVenueBooking, venueResponse } from "~/features/venues/place-venue-booking.server.ts";
import { placeStay } from "~/features/stays/place-stay.server.ts";
import { stayResponse } from "~/features/stays/stay-answer.server.ts";
import { refusedFreeRooms, rememberRefusedStay } from "~/features/stays/refused-stay.server.ts";
import { roomChoices, type RoomChoice } from "~/features/stays/room-choices.ts";
import { addDays, isIsoDate } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import {
  deskTabOf,
  parseDeskBookingForm,
  type DeskChannel,
  type DeskTab,
} from "~/features/desk/desk-schema.ts";
import { FORM_ERROR, formDataToObject } from "~/shared/forms/form-data.ts";
import { toIntegerId } from "~/shared/db/ids.ts";
import { askRoomNotReady, type RoomNotReady } from "./room-not-ready.ts";
import type { FormResponse } from "~/shared/forms/form-submission.server.ts";

// The desk's booking form (decisions.md 34): what it lists and what it saves. It places
// stays and venue bookings as the public forms do, so the same database guarantees hold: one room
// per night (the stays ledger's exclusion constraint), one event per venue per day, one request
// per rendered form (the submission id), and the history names the staff account.

export interface DeskPage {
  tab: DeskTab;
  channel: DeskChannel;
  checkIn: string;
  checkOut: string;
  bookingDate: string;
  rooms: RoomChoice[];
  venues: { id: string; label: string }[];
}

/**
 * The form's lists for the dates in the address (or of a booking the action just refused): rooms
 * free for the stay, venues free that day.
 */
export async function loadDeskPage(
  context: Readonly<RouterContextProvider>,
  db: DB,
  params: URLSearchParams,
  today: string,
): Promise<DeskPage> {
  const tab = deskTabOf(params.get("tab")) ?? "room";
  const channel: DeskChannel = params.get("channel") === "walk-in" ? "walk-in" : "phone";
  const checkIn = validDate(params.get("checkIn"), today) ?? today;
  const checkOut = validDate(params.get("checkOut"), checkIn) ?? addDays(checkIn, 1);
  const bookingDate = validDate(params.get("bookingDate"), today) ?? today;
  const [rooms, venues, booked] = await Promise.all([
    // Quoted as the guest's forms are: the picker reads each room's total for the dates and guests.
    refusedFreeRooms(context, { checkIn, checkOut })?.rooms ??
      listQuotedFreeRooms(db, { checkIn, checkOut, chosen: true }).then((list) => list.rooms),
    listVenues(db),
    listBookedVenueIds(db, bookingDate),
  ]);
  return {
    tab,
    channel,
    checkIn,
    checkOut,
    bookingDate,
    rooms: roomChoices(rooms),
    venues: venues
      .filter((venue) => !booked.includes(venue.id))
      .map((venue) => ({ id: String(venue.id), label: `${venue.venue} - ${formatKwacha(venue.price)}` })),
  };
}

function validDate(value: string | null, earliest: string): string | undefined {
  return isIsoDate(value) && value >= earliest ? value : undefined;
}

export interface DeskFailure {
  fieldErrors: Record<string, string | undefined>;
  values: Record<string, string>;
  /** A walk-in checked in now to a room that is not ready: the page asks staff to confirm it. */
  roomNotReady?: { message: string; question: RoomNotReady };
}

/**
 * Saves the desk's booking and goes to its page (a thrown redirect); a refusal answers with
 * messages by field, and the page lists what is free for the refused dates.
 */
export async function saveDeskBooking(
  context: Readonly<RouterContextProvider>,
  db: DB,
  staff: SignedInStaff,
  form: FormData,
  today: string,
) {
  const values = Object.fromEntries(
    Object.entries(formDataToObject(form)).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  const parsed = parseDeskBookingForm(form, today);
  if (!parsed.ok) return data<DeskFailure>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  const booking = parsed.data;
  if (booking.tab === "room" && booking.checkInNow) {
    const asked = await askWalkInRoomNotReady(db, booking.roomId, form, values);
    if (asked) return asked;
  }
  const by: RequestAuthor = { actor: "staff", staffAccountId: staff.accountId };
  const fields = {
    ...booking,
    email: booking.email ?? null,
    // Kept apart from the public forms' ids, which carry a hash of what was sent.
    submissionId: `desk.${booking.submissionId}`,
  };
  try {
    if (fields.tab === "venue") {
      const outcome = await placeVenueBooking(db, by, { ...fields, entry: "desk-venue" });
      return deskAnswer(rememberRefusedStay(context, venueResponse(outcome, "desk-venue", values)));
    }
    const entry = fields.tab === "room" ? "desk-room" : "desk-reservation";
    const outcome = await placeStay(db, { by }, { ...fields, entry });
    const response = stayResponse(outcome, entry, values);
    return deskAnswer(
      rememberRefusedStay(context, response, outcome.kind === "taken" ? outcome.freeRooms : null),
    );
  } catch (thrown) {
    // The new request's page (the same for a repeat of the form: the stay's own submission id):
    // "see other", as every console write answers (post/redirect/get).
    const location = thrown instanceof Response ? thrown.headers.get("Location") : null;
    if (location) throw redirect(location, 303);
    throw thrown;
  }
}

/**
 * A guest checked in at once to a room housekeeping has not made ready asks first (409), as a
 * stay's check-in does (room-not-ready.ts): the page offers to send the form again, confirmed.
 */
async function askWalkInRoomNotReady(
  db: DB,
  roomId: string | number,
  form: FormData,
  values: Record<string, string>,
) {
  const id = toIntegerId(roomId);
  if (id === undefined) return undefined;
  const room = await db
    .selectFrom("roomHousekeeping as h")
    .innerJoin("rooms as r", "r.id", "h.roomId")
    .select(["r.roomNumber", "h.state"])
    .where("h.roomId", "=", id)
    .executeTakeFirst();
  const asked = room && askRoomNotReady(room, form, values);
  if (!asked) return undefined;
  return data<DeskFailure>(
    { fieldErrors: {}, values, roomNotReady: { message: asked.message, question: asked.roomNotReady } },
    { status: 409 },
  );
}

/** A refusal as the desk page shows it: a message for the whole form, or one beside each field. */
function deskAnswer(response: FormResponse) {
  const result = response.data;
  const fieldErrors =
    result.status === "invalid"
      ? result.fieldErrors
      : result.status === "error"
        ? { [FORM_ERROR]: result.message }
        : {};
  const values = result.status === "success" ? {} : (result.values as Record<string, string>);
  return data<DeskFailure>({ fieldErrors, values }, { status: response.init?.status ?? 200 });
}
