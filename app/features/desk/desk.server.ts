import { data, redirect } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { insertReservation } from "~/features/stays/reservations.server.ts";
import { bookRoom, getRoom, listFreeRooms } from "~/features/stays/rooms.server.ts";
import type { RequestAuthor } from "~/features/requests/guest-requests.server.ts";
import { roomLabel } from "~/features/requests/room-label.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import { insertVenueBooking, listBookedVenueIds } from "~/features/venues/venue-bookings.server.ts";
import { getVenue, listVenues } from "~/features/venues/venues.server.ts";
import { addDays, isIsoDate } from "~/shared/dates.ts";
import { ROOM_JUST_BOOKED, SELECT_ROOM, SELECT_VENUE, VENUE_ALREADY_BOOKED } from "~/shared/messages.ts";
import { formatKwacha } from "~/shared/money.ts";
import { parseDeskBookingForm, type DeskBooking, type DeskChannel } from "~/features/desk/desk-schema.ts";
import { FORM_ERROR, formDataToObject } from "~/shared/forms/form-data.ts";

// The desk's booking form (issue 17, decisions.md 34): what it lists and what it saves. It saves
// through the public forms' own data functions, so the same database guarantees hold: one room
// per night (the stays ledger's exclusion constraint), one event per venue per day, one request
// per rendered form (the submission id), and the history names the staff account.

export const OVERRIDE_HINT = "To take this stay all the same, give the reason here and save again.";

export const DESK_TABS = ["room", "reservation", "venue"] as const;
export type DeskTab = (typeof DESK_TABS)[number];

export interface DeskPage {
  tab: DeskTab;
  channel: DeskChannel;
  checkIn: string;
  checkOut: string;
  bookingDate: string;
  rooms: { id: string; label: string }[];
  venues: { id: string; label: string }[];
  submissionId: string;
}

/** The form's lists for the dates in the address: rooms free for the stay, venues free that day. */
export async function loadDeskPage(db: DB, params: URLSearchParams, today: string): Promise<DeskPage> {
  const tab = DESK_TABS.find((value) => value === params.get("tab")) ?? "room";
  const channel: DeskChannel = params.get("channel") === "walk-in" ? "walk-in" : "phone";
  const checkIn = validDate(params.get("checkIn"), today) ?? today;
  const checkOut = validDate(params.get("checkOut"), checkIn) ?? addDays(checkIn, 1);
  const bookingDate = validDate(params.get("bookingDate"), today) ?? today;
  const [rooms, venues, booked] = await Promise.all([
    listFreeRooms(db, { checkIn, checkOut }),
    listVenues(db),
    listBookedVenueIds(db, bookingDate),
  ]);
  return {
    tab,
    channel,
    checkIn,
    checkOut,
    bookingDate,
    rooms: rooms.map((room) => ({ id: String(room.id), label: roomLabel(room) })),
    venues: venues
      .filter((venue) => !booked.includes(venue.id))
      .map((venue) => ({ id: String(venue.id), label: `${venue.venue} - ${formatKwacha(venue.price)}` })),
    submissionId: crypto.randomUUID(),
  };
}

function validDate(value: string | null, earliest: string): string | undefined {
  return isIsoDate(value) && value >= earliest ? value : undefined;
}

export interface DeskFailure {
  fieldErrors: Record<string, string | undefined>;
  values: Record<string, string>;
}

function refused(fieldErrors: DeskFailure["fieldErrors"], values: Record<string, string>, status: number) {
  return data<DeskFailure>({ fieldErrors, values }, { status });
}

/** Saves the desk's booking and goes to its page; a refusal answers with messages by field. */
export async function saveDeskBooking(db: DB, staff: SignedInStaff, form: FormData, today: string) {
  const values = Object.fromEntries(
    Object.entries(formDataToObject(form)).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  const parsed = parseDeskBookingForm(form, today);
  if (!parsed.ok) return refused(parsed.fieldErrors, values, 400);
  const booking = parsed.data;
  const by: RequestAuthor = { actor: "staff", staffAccountId: staff.accountId };
  const saved = await save(db, booking, by);
  if (saved.kind === "refused") return refused(saved.fieldErrors, values, saved.status);
  return redirect(`/staff/requests/${saved.kind}/${saved.id}?entered=1`);
}

type Saved =
  | { kind: "booking" | "reservation" | "venue-booking"; id: string }
  | { kind: "refused"; fieldErrors: DeskFailure["fieldErrors"]; status: number };

async function save(db: DB, booking: DeskBooking, by: RequestAuthor): Promise<Saved> {
  const guest = {
    // Kept apart from the public forms' ids, which carry a hash of what was sent.
    submissionId: `desk.${booking.submissionId}`,
    name: booking.name,
    email: booking.email ?? null,
    phone: booking.phone,
    paymentMethod: booking.paymentMethod,
    message: booking.message ?? null,
    channel: booking.channel,
  };
  if (booking.tab === "venue") {
    const venue = await getVenue(db, booking.venueId);
    if (!venue) return { kind: "refused", fieldErrors: { venueId: SELECT_VENUE }, status: 400 };
    const result = await insertVenueBooking(
      db,
      {
        ...guest,
        venueId: venue.id,
        venueName: venue.venue,
        bookingDate: booking.bookingDate,
        numberOfPeople: booking.numberOfPeople,
        totalPrice: venue.price,
      },
      by,
    );
    if (result.kind === "taken")
      return { kind: "refused", fieldErrors: { [FORM_ERROR]: VENUE_ALREADY_BOOKED }, status: 409 };
    return { kind: "venue-booking", id: result.record.id };
  }
  const stay = {
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    adults: booking.adults,
    children: booking.children,
  };
  const taken = { kind: "refused", fieldErrors: { [FORM_ERROR]: ROOM_JUST_BOOKED }, status: 409 } as const;
  const unknownRoom = { kind: "refused", fieldErrors: { roomId: SELECT_ROOM }, status: 400 } as const;
  // A stay rule (issue 16) answers beside the dates, with the way round it: a reason to override.
  const stayRule = (message: string) =>
    ({
      kind: "refused",
      fieldErrors: { checkOut: message, overrideReason: OVERRIDE_HINT },
      status: 400,
    }) as const;
  const stayRuleOverride =
    booking.overrideReason && by.actor === "staff"
      ? { reason: booking.overrideReason, staffAccountId: by.staffAccountId }
      : null;
  if (booking.tab === "room") {
    const result = await bookRoom(db, {
      ...guest,
      ...stay,
      roomId: booking.roomId,
      status: booking.checkInNow ? "Checked in" : "Confirmed",
      by,
      stayRuleOverride,
    });
    if (result.kind === "taken") return taken;
    if (result.kind === "unknown-room") return unknownRoom;
    if (result.kind === "stay-rule") return stayRule(result.message);
    return { kind: "booking", id: result.booking.id };
  }
  const room = await getRoom(db, booking.roomId);
  if (!room) return unknownRoom;
  const result = await insertReservation(
    db,
    {
      ...guest,
      ...stay,
      source: "booking-page",
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      numberOfPeople: booking.adults + booking.children,
      roomCount: 1,
      stayRuleOverride,
    },
    by,
  );
  if (result.kind === "taken") return taken;
  if (result.kind === "unknown-room") return unknownRoom;
  if (result.kind === "stay-rule") return stayRule(result.message);
  return { kind: "reservation", id: result.record.id };
}
