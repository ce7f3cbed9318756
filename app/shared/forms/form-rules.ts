// The parts of the form rules a page needs before, or without, its zod schema:
// constants and small helpers that pull in no validation library, so that a
// form page's first load stays light (ADR 0004).
import { isIsoDate } from "../dates.ts";

/** Hidden anti-spam field (decisions 16). The server checks it itself; schemas ignore it. */
export const HONEYPOT_FIELD = "website";

/** C0 controls and DEL, and the C1 range: no single-line value of ours holds one. */
export const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * True when a single-line value holds a control character. For values read from a request that
 * no schema field covers (a hidden submission id, a search in a query string): PostgreSQL
 * refuses a NUL byte outright, a 5xx for the client's mistake.
 */
export function hasControlCharacters(value: string): boolean {
  return SINGLE_LINE_CONTROLS.test(value);
}

/** Input limits from decisions 15. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  phoneMinDigits: 7,
  subject: 150,
  message: 2000,
  adults: { min: 1, max: 20 },
  children: { min: 0, max: 20 },
  roomCount: { min: 1, max: 35 },
  numberOfPeople: { min: 1, max: 1000 },
} as const;

/** The tabs of /booking (spec section 2); room is the default. */
export const BOOKING_TABS = ["room", "reservation", "venue"] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];

/** Spec: "If check-out is earlier than check-in it is set equal to check-in." */
export function clampCheckOut(checkIn: string, checkOut: string): string {
  return isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut < checkIn ? checkIn : checkOut;
}
