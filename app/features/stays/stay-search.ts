import { addYears, isIsoDate } from "../../shared/dates.ts";

/**
 * The stay a page's address asks about (`?checkIn=&checkOut=&adults=&children=`): the dialog,
 * /booking, /reservation and /rooms list or count the rooms free for it. Until both dates are
 * set, and valid, the question is "free tonight" (decisions.md 24).
 */
export interface StaySearch {
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  /** True when the guest chose the dates; false means "tonight". */
  chosen: boolean;
}

function count(value: string | null, fallback: number, max: number): number {
  const n = value !== null && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n <= max ? n : fallback;
}

/**
 * Reads a stay from query parameters. Dates count only when both are real days from today on,
 * within a year, with check-out on or after check-in (equal: one night, decisions.md 11).
 */
export function readStaySearch(params: URLSearchParams, today: string): StaySearch {
  const checkIn = params.get("checkIn");
  const checkOut = params.get("checkOut");
  const adults = count(params.get("adults"), 1, 20);
  const children = count(params.get("children"), 0, 20);
  const lastDay = addYears(today, 1);
  const valid =
    isIsoDate(checkIn) &&
    isIsoDate(checkOut) &&
    checkIn >= today &&
    checkOut >= checkIn &&
    checkIn <= lastDay &&
    checkOut <= lastDay;
  return valid
    ? { checkIn, checkOut, adults: Math.max(1, adults), children, chosen: true }
    : { checkIn: today, checkOut: today, adults: Math.max(1, adults), children, chosen: false };
}

/** `checkIn=…&checkOut=…&adults=…&children=…` for a chosen stay, or "" for tonight. */
export function staySearchQuery(stay: StaySearch): string {
  if (!stay.chosen) return "";
  return new URLSearchParams({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults: String(stay.adults),
    children: String(stay.children),
  }).toString();
}

/** Dates from a form's fields worth asking about: both set and in order (else null, keep the list). */
export function datesToAsk(checkIn: string, checkOut: string): { checkIn: string; checkOut: string } | null {
  return isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut >= checkIn ? { checkIn, checkOut } : null;
}
