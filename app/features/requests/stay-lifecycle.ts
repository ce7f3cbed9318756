// The lifecycle of a request (decisions.md 25): which statuses exist, which hold a room or a
// venue, and which changes are allowed. Pure rules, shared by the server, the staff console and
// the guest's own booking page.
import type { StayStatus, VenueBookingStatus } from "~/shared/db/schema.ts";
import { addDays } from "~/shared/dates.ts";

/** Statuses that hold a room for the stay's nights (the others release it). */
const HOLDING_STAY_STATUSES: readonly StayStatus[] = [
  "Awaiting payment",
  "Pending",
  "Confirmed",
  "Checked in",
];

export function holdsRoom(status: StayStatus): boolean {
  return HOLDING_STAY_STATUSES.includes(status);
}

const STAY_TRANSITIONS: Record<StayStatus, readonly StayStatus[]> = {
  // Confirmed by the provider's word only (the server, actor system); staff may cancel it.
  "Awaiting payment": ["Confirmed", "Cancelled"],
  Pending: ["Confirmed", "Declined", "Cancelled"],
  Confirmed: ["Checked in", "Cancelled", "No-show"],
  "Checked in": ["Checked out"],
  "Checked out": [],
  Cancelled: [],
  Declined: [],
  "No-show": [],
};

const VENUE_TRANSITIONS: Record<VenueBookingStatus, readonly VenueBookingStatus[]> = {
  Pending: ["Confirmed", "Declined", "Cancelled"],
  Confirmed: ["Cancelled"],
  Cancelled: [],
  Declined: [],
};

/** The statuses a stay in `from` may move to. */
export function nextStayStatuses(from: StayStatus): readonly StayStatus[] {
  return STAY_TRANSITIONS[from];
}

export function nextVenueBookingStatuses(from: VenueBookingStatus): readonly VenueBookingStatus[] {
  return VENUE_TRANSITIONS[from];
}

export function canChangeStay(from: StayStatus, to: StayStatus): boolean {
  return STAY_TRANSITIONS[from].includes(to);
}

export function canChangeVenueBooking(from: VenueBookingStatus, to: VenueBookingStatus): boolean {
  return VENUE_TRANSITIONS[from].includes(to);
}

/**
 * Whether the guest may still cancel a stay themselves: it holds its room and has not begun
 * (its check-in is after the lodge's today).
 */
export function guestMayCancelStay(stay: { status: StayStatus; checkIn: string }, today: string): boolean {
  return (stay.status === "Pending" || stay.status === "Confirmed") && stay.checkIn > today;
}

/**
 * Whether staff may check a stay in on the lodge's `today`: on its arrival day or a later night
 * of it (a guest who arrives late); the day before only as an early arrival staff confirm (the
 * staff guide); never earlier, nor once its last night is past.
 */
export function checkInWindow(
  stay: { checkIn: string; checkOut: string },
  today: string,
): "open" | "day-before" | "too-early" | "too-late" {
  if (today >= stay.checkOut) return "too-late";
  if (today >= stay.checkIn) return "open";
  return addDays(today, 1) === stay.checkIn ? "day-before" : "too-early";
}

/** What the desk may change on a stay today (ADR 0027), or null when it no longer holds a room. */
export interface StayChangeWindow {
  /** The first night a move takes to the new room: tonight for a guest in, else the arrival. */
  moveFrom: string;
  /** The day after the last night: an extension starts here. */
  until: string;
  /** The earliest check-out a shortening may choose: today, and never before the second day. */
  earliestCheckOut: string;
  /** Staying tonight: the page offers leaving today. */
  inHouse: boolean;
  today: string;
}

export function stayChangeWindow(
  stay: { status: StayStatus; checkIn: string; checkOut: string },
  today: string,
): StayChangeWindow | null {
  if (stay.status !== "Pending" && stay.status !== "Confirmed" && stay.status !== "Checked in") return null;
  const until = stay.checkOut > stay.checkIn ? stay.checkOut : addDays(stay.checkIn, 1);
  const inHouse = stay.status === "Checked in" && today > stay.checkIn;
  const firstDay = addDays(stay.checkIn, 1);
  return {
    moveFrom: inHouse && today < until ? today : stay.checkIn,
    until,
    earliestCheckOut: today > firstDay ? today : firstDay,
    inHouse,
    today,
  };
}
