// Placing a stay: the one way every stay form stores one (the Room Booking dialog, /booking's room
// and reservation tabs, /reservation, the staff desk). The form parses; this prices, takes the
// deposit terms, inserts, and hands an online payer to the payment step; stay-answer.server.ts
// turns the outcome into the form's answer.
import type { RouterContextProvider } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { failureReason, logReadFailure, logWriteFailure } from "~/shared/db/failures.server.ts";
import type { Booking, PaymentMethod, RequestChannel, Reservation } from "~/shared/db/schema.ts";
import { payOnlineFor, payStepAddress, type PayLink } from "~/features/payments/pay-step.server.ts";
import type { RequestAuthor } from "~/features/requests/guest-requests.server.ts";
import { insertReservation } from "./reservations.server.ts";
import type { FreeRoomList } from "./room-choices.ts";
import { bookRoom, getRoom, listQuotedFreeRooms } from "./rooms.server.ts";

/** The forms a stay is placed from, each with what it places. */
const STAY_ENTRIES = {
  /** The Room Booking dialog on /rooms and /details/:id. */
  dialog: { kind: "booking", log: "room-booking" },
  "booking-room": { kind: "booking", log: "room-booking" },
  "booking-reservation": { kind: "reservation", source: "booking-page", log: "booking-reservation" },
  reservation: { kind: "reservation", source: "reservation-page", log: "reservation" },
  "desk-room": { kind: "booking", log: "desk-booking" },
  // The desk's reservations are filed with /booking's: the same form, typed in by staff.
  "desk-reservation": { kind: "reservation", source: "booking-page", log: "desk-reservation" },
} as const;

export type StayEntry = keyof typeof STAY_ENTRIES;

/** A stay as a form asks for it, once its schema has passed. */
export interface StayRequest {
  entry: StayEntry;
  roomId: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  /** Rooms of a reservation (1 unless /reservation asks for more). */
  roomCount?: number;
  name: string;
  /** Null only at the desk, for a guest without an address. */
  email: string | null;
  phone: string;
  paymentMethod: PaymentMethod;
  message?: string | null;
  /** The form's submission key: a repeated POST answers with the first stay. */
  submissionId: string | null;
  /** The desk: a phone call or a guest at the door (the web forms' default otherwise). */
  channel?: RequestChannel;
  /** The desk: a walk-in checked in at once (room bookings only). */
  checkInNow?: boolean;
  /** The desk: why staff take a stay that breaks a stay rule. */
  overrideReason?: string | null;
  /** Extras the guest chose from the catalogue, kept with the stay at its prices. */
  extras?: readonly number[];
}

/** What placing a stay depends on besides the database. */
export interface PlaceStayDeps {
  /** A fresh payment link when the guest may pay the deposit online; none at the desk. */
  payOnline?: (paymentMethod: PaymentMethod) => PayLink | null;
  /** Who enters it: the guest (the default) or the staff account at the desk. */
  by?: RequestAuthor;
}

/** The one answer of placeStay, whatever the form. */
export type StayOutcome =
  | { kind: "booked"; stay: Booking; repeated: boolean }
  | { kind: "reserved"; stay: Reservation; repeated: boolean }
  /** Stored `Awaiting payment`: the guest goes on to the payment step at `payAt`. */
  | { kind: "awaiting-payment"; stay: Booking | Reservation; payAt: string }
  /** Another stay holds the room for one of these nights; `freeRooms` is null when it could not be read. */
  | { kind: "taken"; freeRooms: FreeRoomList | null }
  /** The stay breaks the stay rule in force on its arrival night: the message says which. */
  | { kind: "stay-rule"; message: string }
  /** The room does not exist (any more). */
  | { kind: "unknown-room" }
  /** The database could not be reached (`connected` false) or failed while saving. */
  | { kind: "failed"; reason: string; connected: boolean };

/** The deps of a guest's form: online payment as the server is configured. */
export function guestStayDeps(context: Readonly<RouterContextProvider>): PlaceStayDeps {
  return { payOnline: (paymentMethod) => payOnlineFor(context, paymentMethod) };
}

/**
 * Places a stay. `db` may be the request's `getDb` promise: a database that cannot be reached is
 * then an outcome like the others. Never throws for a database failure; logs it.
 */
export async function placeStay(
  db: DB | Promise<DB>,
  deps: PlaceStayDeps,
  request: StayRequest,
): Promise<StayOutcome> {
  const { log } = STAY_ENTRIES[request.entry];
  let handle: DB;
  try {
    handle = await db;
  } catch (error) {
    logWriteFailure(log, error);
    return { kind: "failed", reason: failureReason(error), connected: false };
  }
  try {
    const outcome = await save(handle, deps, request);
    if (outcome.kind !== "taken") return outcome;
    return { kind: "taken", freeRooms: await freeRoomsNow(handle, request) };
  } catch (error) {
    logWriteFailure(log, error);
    return { kind: "failed", reason: failureReason(error), connected: true };
  }
}

/** The outcome before a room taken meanwhile has its list of the rooms free now. */
type SaveResult = Exclude<StayOutcome, { kind: "taken" }> | { kind: "taken" };

async function save(db: DB, deps: PlaceStayDeps, request: StayRequest): Promise<SaveResult> {
  const entry = STAY_ENTRIES[request.entry];
  const by = deps.by ?? { actor: "guest" };
  const pay = deps.payOnline?.(request.paymentMethod) ?? null;
  const payOnline = pay && { tokenHash: pay.hash };
  const stayRuleOverride =
    request.overrideReason && by.actor === "staff"
      ? { reason: request.overrideReason, staffAccountId: by.staffAccountId }
      : null;
  const stay = {
    submissionId: request.submissionId,
    name: request.name,
    email: request.email,
    phone: request.phone,
    paymentMethod: request.paymentMethod,
    message: request.message ?? null,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    adults: request.adults,
    children: request.children,
    extraIds: request.extras ?? [],
    ...(request.channel ? { channel: request.channel } : {}),
  };

  if (entry.kind === "booking") {
    const result = await bookRoom(db, {
      ...stay,
      roomId: request.roomId,
      status: request.checkInNow ? "Checked in" : "Confirmed",
      by,
      stayRuleOverride,
      payOnline,
    });
    if (result.kind !== "booked") return result;
    const payAt = await payStepAddress(db, { ...result.booking, kind: "booking" }, result.repeated, pay);
    if (payAt) return { kind: "awaiting-payment", stay: result.booking, payAt };
    return { kind: "booked", stay: result.booking, repeated: result.repeated };
  }

  const room = await getRoom(db, request.roomId);
  if (!room) return { kind: "unknown-room" };
  const result = await insertReservation(
    db,
    {
      ...stay,
      source: entry.source,
      roomId: room.id,
      roomNumber: room.roomNumber,
      roomType: room.type,
      numberOfPeople: request.adults + request.children,
      roomCount: request.roomCount ?? 1,
      stayRuleOverride,
      payOnline,
    },
    by,
  );
  if (result.kind !== "saved") return result;
  const payAt = await payStepAddress(db, { ...result.record, kind: "reservation" }, result.repeated, pay);
  if (payAt) return { kind: "awaiting-payment", stay: result.record, payAt };
  return { kind: "reserved", stay: result.record, repeated: result.repeated };
}

/** The rooms free now for the refused stay's dates, so the form can offer another at once. */
async function freeRoomsNow(db: DB, request: StayRequest): Promise<FreeRoomList | null> {
  try {
    return await listQuotedFreeRooms(db, {
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      chosen: true,
    });
  } catch (error) {
    logReadFailure("available rooms", error);
    return null;
  }
}
