// A stay's (or venue booking's) folio: what was charged, what was paid, what is due.
// Receipts and folios say plainly that they are not a fiscal tax invoice: the lodge issues those
// from its ZRA-approved system.
import { nightsBetween, stayNights } from "../../shared/dates.ts";
import { formatKwacha } from "../../shared/money.ts";
import { taxLabel, type QuotedNight, type TaxLine } from "./rates.ts";

export const NOT_A_TAX_INVOICE =
  "This is not a fiscal tax invoice. Ask at reception for a tax invoice from the lodge's ZRA-approved system.";

type FolioLineKind = "charge" | "tax" | "payment" | "refund";

export interface FolioLine {
  kind: FolioLineKind;
  label: string;
  /** A date or a method and transaction id; null when there is nothing to add. */
  detail: string | null;
  /** Kwacha, positive; `kind` says which way it counts. */
  amount: number;
}

/** What a stay's charges are built from. */
interface ChargedStay {
  kind: "booking" | "reservation";
  roomNumber: string;
  roomType: string;
  checkIn: string;
  checkOut: string;
  /** The nightly rate kept on the request. */
  price: number;
  /** The total kept on the request: what the guest owes for the stay. */
  totalPrice: number;
  roomCount?: number;
  /** The rooms the stay was moved out of, oldest first, with the nights spent in each. */
  roomsLeft?: readonly RoomLeft[];
}

/** A room a stay was moved out of (stay_rooms): its nights [from, until). */
export interface RoomLeft {
  roomNumber: string;
  roomType: string;
  from: string;
  until: string;
}

interface ChargedVenueBooking {
  kind: "venue-booking";
  venueName: string;
  bookingDate: string;
  numberOfPeople: number;
  totalPrice: number;
}

/**
 * The prices a request keeps (rates.server.ts getKeptPrices): each night's price and the rule
 * that set it, adding up to the total, and the tax lines contained in the total.
 */
export interface KeptPrices {
  nights: QuotedNight[];
  taxes: TaxLine[];
}

/**
 * An extra or charge on the bill (app/features/extras): its line, in kwacha, and the taxes its
 * amount contains, as kept when it was sold.
 */
export interface ExtraCharge {
  label: string;
  detail: string | null;
  amount: number;
  taxes: TaxLine[];
}

export type Chargeable = (ChargedStay | ChargedVenueBooking) & {
  kept?: KeptPrices;
  /** Extras and charges on the bill, voided ones left out. */
  extras?: readonly ExtraCharge[];
};

/**
 * Tax lines of several sources added up per kind and rate: the folio shows one VAT line and one
 * levy line (two of a kind if its rate changed between the stay and a later charge).
 */
export function sumTaxLines(groups: readonly (readonly TaxLine[])[]): TaxLine[] {
  const sums = new Map<string, TaxLine>();
  for (const line of groups.flat()) {
    const key = `${line.kind}/${line.rateBp}`;
    const sum = sums.get(key);
    sums.set(key, sum ? { ...sum, amount: sum.amount + line.amount } : { ...line });
  }
  // VAT before the levy, as getKeptPrices orders them.
  return [...sums.values()].sort((a, b) =>
    a.kind === b.kind ? a.rateBp - b.rateBp : a.kind === "vat" ? -1 : 1,
  );
}

/**
 * "Of which VAT 16%": the tax lines contained in a total (prices include taxes, decisions.md 32),
 * as the bill lists them and as the stay forms show them under a quote before booking.
 */
export function taxFolioLines(taxes: readonly TaxLine[]): FolioLine[] {
  return taxes.map((tax) => ({
    kind: "tax",
    label: `Of which ${taxLabel(tax)}`,
    detail: null,
    amount: tax.amount,
  }));
}

/**
 * The charge lines of a request: the one place a folio's charges come from. A stay whose kept
 * nights differ in price lists each night; otherwise it is its nightly rate × nights (× rooms).
 * Either way the lines add up to the kept total; its extras and charges follow.
 */
export function chargeLines(request: Chargeable): FolioLine[] {
  const extras = (request.extras ?? []).map((extra) => ({
    kind: "charge" as const,
    label: extra.label,
    detail: extra.detail,
    amount: extra.amount,
  }));
  return [...ownChargeLines(request), ...extras];
}

/** The request's own lines: its nights, or its venue. */
function ownChargeLines(request: Chargeable): FolioLine[] {
  if (request.kind === "venue-booking") {
    return [
      {
        kind: "charge",
        label: `${request.venueName}, ${request.numberOfPeople} people`,
        detail: request.bookingDate,
        amount: request.totalPrice,
      },
    ];
  }
  return stayLines(request);
}

type StayPart = Omit<RoomLeft, "until"> & { until: string; detailUntil: string };

/**
 * A stay's nights room by room: the rooms it was moved out of, then its room now. Each room's
 * lines carry the nights kept for it; the last carries the rest of the kept total, so the lines
 * always add up to it.
 */
function stayLines(request: ChargedStay & { kept?: KeptPrices }): FolioLine[] {
  const { until } = stayNights(request.checkIn, request.checkOut);
  const left = (request.roomsLeft ?? []).filter((room) => room.from < room.until && room.until < until);
  const now = { roomNumber: request.roomNumber, roomType: request.roomType };
  const parts: StayPart[] = [
    ...left.map((room) => ({ ...room, detailUntil: room.until })),
    { ...now, from: left.at(-1)?.until ?? request.checkIn, until, detailUntil: request.checkOut },
  ];
  const kept = request.kept?.nights ?? [];
  const lines: FolioLine[] = [];
  parts.forEach((part, i) => {
    const nights = kept.filter((night) => night.night >= part.from && night.night < part.until);
    const last = i === parts.length - 1;
    const amount = last
      ? request.totalPrice - lines.reduce((sum, line) => sum + line.amount, 0)
      : nights.length > 0
        ? nights.reduce((sum, night) => sum + night.price, 0)
        : request.price * (request.roomCount ?? 1) * nightsBetween(part.from, part.until);
    lines.push(...roomLines(request, part, nights, amount));
  });
  return lines;
}

/** One room's nights: a line per night when their prices differ, else nights × rate. */
function roomLines(
  request: ChargedStay,
  part: StayPart,
  kept: readonly QuotedNight[],
  amount: number,
): FolioLine[] {
  const room = `Room ${part.roomNumber} (${part.roomType})`;
  if (kept.length > 1 && kept.some((night) => night.price !== kept[0]!.price)) {
    return kept.map((night) => ({
      kind: "charge" as const,
      label: `${room}, 1 night × ${formatKwacha(night.price)}${extraGuests(night.supplement)}`,
      detail: night.night,
      amount: night.price,
    }));
  }
  const nights = nightsBetween(part.from, part.until);
  const count = `${nights} ${nights === 1 ? "night" : "nights"}`;
  const many = request.roomCount && request.roomCount > 1;
  const first = kept[0];
  const detail = `${part.from} to ${part.detailUntil}`;
  if (first && (first.supplement || first.price !== request.price * (request.roomCount ?? 1))) {
    // A night's price includes its supplements: the line names the night as charged, and them.
    const rooms = many ? ` for ${request.roomCount} rooms` : "";
    return [
      {
        kind: "charge",
        label: `${room}, ${count} × ${formatKwacha(first.price)}${rooms}${extraGuests(first.supplement, " a night")}`,
        detail,
        amount,
      },
    ];
  }
  const rooms = many ? ` × ${request.roomCount} rooms` : "";
  return [
    { kind: "charge", label: `${room}, ${count} × ${formatKwacha(request.price)}${rooms}`, detail, amount },
  ];
}

/** ', incl. K150 for extra guests': the part of a night's price that is supplements (ADR 0031). */
export function extraGuests(supplement: number | undefined, per = ""): string {
  return supplement ? `, incl. ${formatKwacha(supplement)}${per} for extra guests` : "";
}

/** What the request charges in all: the sum of its charge lines. */
export function chargedTotal(request: Chargeable): number {
  return chargeLines(request).reduce((sum, line) => sum + line.amount, 0);
}

export interface LedgerLine {
  id: string;
  kind: "payment" | "refund";
  method: string;
  amount: number;
  transactionId: string | null;
  at: Date | string;
}

export interface Folio {
  charges: FolioLine[];
  /** The taxes contained in the total, shown under it. */
  taxes: FolioLine[];
  total: number;
  paid: number;
  /** Still owed; 0 when paid in full or over. */
  balance: number;
  /** Paid beyond the total (to refund or keep as credit). */
  credit: number;
}

/** Charges, the money recorded against them, and what remains. */
export function buildFolio(request: Chargeable, ledger: readonly LedgerLine[]): Folio {
  const charges = chargeLines(request);
  const total = chargedTotal(request);
  const paid = ledger.reduce(
    (sum, entry) => sum + (entry.kind === "payment" ? entry.amount : -entry.amount),
    0,
  );
  return {
    charges,
    taxes: taxFolioLines(
      sumTaxLines([request.kept?.taxes ?? [], ...(request.extras ?? []).map((extra) => extra.taxes)]),
    ),
    total,
    paid,
    balance: Math.max(0, total - paid),
    credit: Math.max(0, paid - total),
  };
}
