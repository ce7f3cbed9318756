import { sql } from "kysely";
import {
  buildFolio,
  type Chargeable,
  type ExtraCharge,
  type Folio,
  type KeptPrices,
  type LedgerLine,
  type RoomLeft,
} from "~/features/pricing/folio.ts";
import { getKeptPrices } from "../pricing/rates.server.ts";
import { loadExtraCharges } from "../extras/extras.server.ts";
import type { DB } from "../../shared/db/client.server.ts";
import {
  listPayments,
  recordPayment,
  type LedgerEntry,
  type PayableRequest,
} from "./payments-ledger.server.ts";
import type { Booking, Payment, Reservation, VenueBooking } from "../../shared/db/schema.ts";

// What the front desk reads and writes beyond the request's own lifecycle: one
// payable request with its ledger and staff names, one payment for its receipt, and a payment
// recorded by a staff account.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PayableRecord =
  | { kind: "booking"; row: Booking }
  | { kind: "reservation"; row: Reservation }
  | { kind: "venue-booking"; row: VenueBooking };

/** A room booking, reservation or venue booking by its id, or undefined. */
export async function getPayableRecord(
  db: DB,
  kind: PayableRequest["kind"],
  id: string,
): Promise<PayableRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  if (kind === "booking") {
    const row = await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
    return row && { kind, row };
  }
  if (kind === "reservation") {
    const row = await db.selectFrom("reservations").selectAll().where("id", "=", id).executeTakeFirst();
    return row && { kind, row };
  }
  const row = await db.selectFrom("venueBookings").selectAll().where("id", "=", id).executeTakeFirst();
  return row && { kind, row };
}

/**
 * What a folio charges for the request (app/features/pricing/folio.ts builds the lines): its own
 * price and its extras and charges (app/features/extras).
 */
export function chargeableOf(
  record: PayableRecord,
  kept?: KeptPrices,
  extras: readonly ExtraCharge[] = [],
  roomsLeft: readonly RoomLeft[] = [],
): Chargeable {
  if (record.kind === "venue-booking") {
    const { venueName, bookingDate, numberOfPeople, totalPrice } = record.row;
    return {
      kind: "venue-booking",
      venueName,
      bookingDate,
      numberOfPeople,
      totalPrice: Number(totalPrice),
      kept,
      extras,
    };
  }
  const { roomNumber, roomType, checkIn, checkOut, price, totalPrice } = record.row;
  return {
    kind: record.kind,
    roomNumber,
    roomType,
    checkIn,
    checkOut,
    price: Number(price),
    totalPrice: Number(totalPrice),
    roomCount: record.kind === "reservation" ? record.row.roomCount : 1,
    kept,
    extras,
    roomsLeft,
  };
}

/** The rooms a stay was moved out of, oldest first, with the nights spent in each (stay_rooms). */
export async function loadRoomsLeft(db: DB, request: PayableRequest): Promise<RoomLeft[]> {
  if (request.kind === "venue-booking" || !UUID.test(request.id)) return [];
  const rows = await db
    .selectFrom("stayRooms as s")
    .innerJoin("rooms as r", "r.id", "s.roomId")
    .select(["s.roomNumber", "r.type as roomType", "s.startsOn as from", "s.endsOn as until"])
    .where(request.kind === "booking" ? "s.bookingId" : "s.reservationId", "=", request.id)
    .orderBy("s.startsOn")
    .execute();
  return rows;
}

export interface LedgerRow extends LedgerLine {
  note: string | null;
  /** The staff member who recorded it; null for the provider or an account since removed. */
  staffName: string | null;
  provider: string | null;
}

/** A request's ledger, oldest first, with the names of the staff who recorded each entry. */
export async function listLedger(db: DB, request: PayableRequest): Promise<LedgerRow[]> {
  const [payments, staff] = await Promise.all([
    listPayments(db, request),
    db.selectFrom("staffAccounts").select(["id", "name"]).execute(),
  ]);
  const names = new Map(staff.map((account) => [account.id, account.name]));
  return payments.map((payment) => ledgerRow(payment, names));
}

function ledgerRow(payment: Payment, names: Map<number, string>): LedgerRow {
  return {
    id: payment.id,
    kind: payment.kind,
    method: payment.method,
    amount: payment.amount,
    transactionId: payment.transactionId,
    at: payment.at,
    note: payment.note,
    staffName: payment.staffAccountId === null ? null : (names.get(payment.staffAccountId) ?? null),
    provider: payment.provider,
  };
}

/** Records money staff took or gave back at the desk; undefined when the request does not exist. */
export async function recordDeskPayment(
  db: DB,
  request: PayableRequest,
  entry: Omit<LedgerEntry, "provider" | "staffAccountId">,
  staffAccountId: number,
): Promise<Payment | undefined> {
  if (!UUID.test(request.id)) return undefined;
  // The ledger's foreign keys refuse a request that does not exist (23503): answered as "not found".
  try {
    return (await recordPayment(db, request, { ...entry, staffAccountId })) ?? undefined;
  } catch (error) {
    if (typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23503")
      return undefined;
    throw error;
  }
}

export interface Receipt {
  payment: LedgerRow;
  request: PayableRecord;
}

/** One payment and the request it was for, for its receipt. */
export async function getReceipt(db: DB, paymentId: string): Promise<Receipt | undefined> {
  if (!/^\d{1,18}$/.test(paymentId)) return undefined;
  const payment = await db
    .selectFrom("payments as p")
    .leftJoin("staffAccounts as s", "s.id", "p.staffAccountId")
    .selectAll("p")
    .select("s.name as staffName")
    .where("p.id", "=", sql<string>`${paymentId}::bigint`)
    .executeTakeFirst();
  if (!payment) return undefined;
  const request: PayableRequest =
    payment.bookingId !== null
      ? { kind: "booking", id: payment.bookingId }
      : payment.reservationId !== null
        ? { kind: "reservation", id: payment.reservationId }
        : { kind: "venue-booking", id: payment.venueBookingId ?? "" };
  const record = await getPayableRecord(db, request.kind, request.id);
  if (!record) return undefined;
  const { staffName, ...row } = payment;
  const names = new Map(
    row.staffAccountId === null || staffName === null ? [] : [[row.staffAccountId, staffName]],
  );
  return { payment: ledgerRow(row, names), request: record };
}

export interface FolioSheet {
  guest: { name: string; phone: string; reference: string };
  folio: Folio;
  /** ISO times: the sheet goes to the browser as it is. */
  ledger: (Omit<LedgerRow, "at"> & { at: string })[];
}

/** A request's folio with its ledger, for the console and /my-booking alike. */
export async function loadFolioSheet(db: DB, request: PayableRequest): Promise<FolioSheet | undefined> {
  const record = await getPayableRecord(db, request.kind, request.id);
  if (!record) return undefined;
  const [ledger, kept, extras, roomsLeft] = await Promise.all([
    listLedger(db, request),
    getKeptPrices(db, request.kind, request.id),
    loadExtraCharges(db, request),
    loadRoomsLeft(db, request),
  ]);
  const charged = chargeableOf(record, kept, extras, roomsLeft);
  return {
    guest: { name: record.row.name, phone: record.row.phone, reference: record.row.reference },
    folio: buildFolio(charged, ledger),
    ledger: ledger.map((line) => ({ ...line, at: new Date(line.at).toISOString() })),
  };
}
