// What a stay form says about the price of the guest's choice, in one place for the server render
// and the browser (the islands recompute it as the guest changes fields, ADR 0015).
// Where the server quoted the stay (prices by the calendar), its total is the one shown.
import { isIsoDate, nightsBetween } from "../../shared/dates.ts";
import { estimatedStayTotal, perNight } from "../../shared/messages.ts";
import { formatKwacha, stayTotal } from "../../shared/money.ts";
import { taxFolioLines, type FolioLine } from "./folio.ts";
import { taxLines, type TaxSettings } from "./rates.ts";

/** The stay's nights and total for `rooms` rooms at `rate`, or null while the dates are incomplete. */
function stayEstimate(
  rate: number,
  checkIn: string,
  checkOut: string,
  rooms = 1,
): { nights: number; total: number } | null {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut) || checkOut < checkIn) return null;
  return { nights: nightsBetween(checkIn, checkOut), total: stayTotal(rate, checkIn, checkOut) * rooms };
}

/**
 * 'K1,100 for 2 nights' once the dates are set, else the nightly rate ('K550 per night'), or ''
 * with no room. `quoted` is the server's quote for these dates (prices by the calendar):
 * null while it is on its way (the nightly rate shows), undefined where a list has none.
 */
export function stayPriceText(
  rate: number | null,
  checkIn: string,
  checkOut: string,
  quoted?: number | null,
): string {
  if (rate === null) return "";
  if (quoted === null) return perNight(formatKwacha(rate));
  const computed = stayEstimate(rate, checkIn, checkOut);
  const estimate = computed && quoted !== undefined ? { ...computed, total: quoted } : computed;
  return estimate
    ? estimatedStayTotal(formatKwacha(estimate.total), estimate.nights)
    : perNight(formatKwacha(rate));
}

/**
 * /reservation's estimate: the total (in kwacha and as shown), and how it is made ('(3 nights ×
 * K400 × 2 rooms)'). `supplements`: what the guests beyond the rooms' rates add to the quote.
 */
export function reservationEstimateText(
  rate: number | null,
  checkIn: string,
  checkOut: string,
  roomCount: string,
  quoted?: number | null,
  supplements = 0,
): { amount: number; total: string; detail: string } | null {
  const rooms = /^\d+$/.test(roomCount) && Number(roomCount) > 0 ? Number(roomCount) : 1;
  const estimate = rate === null || quoted === null ? null : stayEstimate(rate, checkIn, checkOut, rooms);
  if (rate === null || !estimate) return null;
  const nights = `${estimate.nights} ${estimate.nights === 1 ? "night" : "nights"}`;
  const perRoom = rooms > 1 ? ` × ${rooms} rooms` : "";
  // With the server's quote the nights may differ in price: the stay's price per room, not a rate.
  if (quoted !== undefined && quoted !== null) {
    const extra = supplements > 0 ? ` + ${formatKwacha(supplements)} for extra guests` : "";
    return {
      amount: quoted * rooms + supplements,
      total: formatKwacha(quoted * rooms + supplements),
      detail: `(${nights}: ${formatKwacha(quoted)}${perRoom}${extra})`,
    };
  }
  return {
    amount: estimate.total,
    total: formatKwacha(estimate.total),
    detail: `(${nights} × ${formatKwacha(rate)}${perRoom})`,
  };
}

/**
 * The taxes a quoted total contains ('Of which Tourism levy 1.5%'), computed and named as the
 * bill does (the same taxLines the booking keeps, the folio's labels); none without a total.
 */
export function quoteTaxLines(total: number | null | undefined, taxes: TaxSettings | undefined): FolioLine[] {
  if (total === null || total === undefined || !taxes) return [];
  return taxFolioLines(taxLines(total, taxes));
}
