// What a stay form says about the price of the guest's choice, in one place for the server render
// and the browser (app/components/estimate-enhance.ts recomputes it as the guest changes fields).
import { isIsoDate, nightsBetween } from "./dates.ts";
import { estimatedStayTotal, perNight } from "./messages.ts";
import { formatKwacha, stayTotal } from "./money.ts";

/** The stay's nights and total for `rooms` rooms at `rate`, or null while the dates are incomplete. */
export function stayEstimate(
  rate: number,
  checkIn: string,
  checkOut: string,
  rooms = 1,
): { nights: number; total: number } | null {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut) || checkOut < checkIn) return null;
  return { nights: nightsBetween(checkIn, checkOut), total: stayTotal(rate, checkIn, checkOut) * rooms };
}

/** 'K1,100 for 2 nights' once the dates are set, else the nightly rate ('K550 per night'), or '' with no room. */
export function stayPriceText(rate: number | null, checkIn: string, checkOut: string): string {
  if (rate === null) return "";
  const estimate = stayEstimate(rate, checkIn, checkOut);
  return estimate
    ? estimatedStayTotal(formatKwacha(estimate.total), estimate.nights)
    : perNight(formatKwacha(rate));
}

/** /reservation's estimate: the total, and how it is made ('(3 nights × K400 × 2 rooms)'). */
export function reservationEstimateText(
  rate: number | null,
  checkIn: string,
  checkOut: string,
  roomCount: string,
): { total: string; detail: string } | null {
  const rooms = /^\d+$/.test(roomCount) && Number(roomCount) > 0 ? Number(roomCount) : 1;
  const estimate = rate === null ? null : stayEstimate(rate, checkIn, checkOut, rooms);
  if (rate === null || !estimate) return null;
  const nights = `${estimate.nights} ${estimate.nights === 1 ? "night" : "nights"}`;
  return {
    total: formatKwacha(estimate.total),
    detail: `(${nights} × ${formatKwacha(rate)}${rooms > 1 ? ` × ${rooms} rooms` : ""})`,
  };
}
