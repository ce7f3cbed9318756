import { nextStayStatuses, nextVenueBookingStatuses } from "../requests/stay-lifecycle.ts";
import { type RequestKind, type StayStatus, type VenueBookingStatus } from "../../shared/db/schema.ts";
import type { RequestIntent } from "../staff/staff-schemas.ts";
import type { RoomNotReady } from "./room-not-ready.ts";

/** What a staff action answers: shown in the page's notice. */
export interface StaffNotice {
  tone: "success" | "error";
  message: string;
  /** A check-out refused for a balance due: the page asks staff to confirm it. */
  confirm?: { kind: "booking" | "reservation"; id: string; balance: number; who: string };
  /** A check-in the day before the stay's arrival: the page asks staff to confirm it. */
  earlyCheckIn?: { kind: "booking" | "reservation"; id: string; arrival: string };
  /** A check-in to a room that is not Clean or Inspected: the page asks staff to confirm it. */
  roomNotReady?: RoomNotReady;
  /** A desk payment form's messages by field, and what was typed. */
  fieldErrors?: Record<string, string | undefined>;
  values?: Record<string, string>;
  /** An extension refused for its room: the rooms free for the extra nights, to choose one. */
  extension?: { checkOut: string; rooms: { id: number; label: string }[] };
  /** The payment just recorded, for its receipt link. */
  receiptId?: string;
}

const INTENT_OF: Record<string, RequestIntent> = {
  Confirmed: "confirm",
  Declined: "decline",
  Cancelled: "cancel",
  "Checked in": "check-in",
  "Checked out": "check-out",
  "No-show": "no-show",
};

export const INTENT_LABELS: Record<RequestIntent, string> = {
  confirm: "Confirm",
  decline: "Decline",
  cancel: "Cancel",
  "check-in": "Check in",
  "check-out": "Check out",
  "no-show": "No-show",
  move: "Move",
  handled: "Mark handled",
};

/** The buttons a request's status allows (the lifecycle's transitions, decisions.md 25). */
export function intentsFor(kind: RequestKind, status: string): RequestIntent[] {
  if (kind === "contact-message") return status === "New" ? ["handled"] : [];
  const next =
    kind === "venue-booking"
      ? (nextVenueBookingStatuses(status as VenueBookingStatus) ?? [])
      : (nextStayStatuses(status as StayStatus) ?? []);
  return next.map((to) => INTENT_OF[to]).filter((intent): intent is RequestIntent => intent !== undefined);
}
