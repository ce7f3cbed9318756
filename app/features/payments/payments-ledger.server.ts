import type { Transaction } from "kysely";
import { lodgeToday, nightsBetween } from "~/shared/dates.ts";
import { depositFor, depositOutcome, type DepositOutcome } from "~/features/payments/deposit-policy.ts";
import type { DB } from "../../shared/db/client.server.ts";
import { getLodgeSettings } from "../pricing/lodge-settings.server.ts";
import type { Database, LedgerKind, LedgerMethod, Payment } from "../../shared/db/schema.ts";

// The payments ledger (decisions.md 33, migration 2026-11-25-1-payments-ledger): what each room
// booking, reservation or venue booking has paid and been refunded. Staff record money at the desk;
// the payment provider's confirmations are recorded under their own reference, once.

/** A request that money can be recorded against. */
export type PayableRequest =
  | { kind: "booking"; id: string }
  | { kind: "reservation"; id: string }
  | { kind: "venue-booking"; id: string };

const REQUEST_COLUMN = {
  booking: "bookingId",
  reservation: "reservationId",
  "venue-booking": "venueBookingId",
} as const;

function requestColumns(request: PayableRequest) {
  return {
    bookingId: request.kind === "booking" ? request.id : null,
    reservationId: request.kind === "reservation" ? request.id : null,
    venueBookingId: request.kind === "venue-booking" ? request.id : null,
  };
}

export interface LedgerEntry {
  kind: LedgerKind;
  method: LedgerMethod;
  /** Whole kwacha, more than 0. */
  amount: number;
  transactionId?: string | null;
  note?: string | null;
  /** The signed-in account that recorded it (null for the provider or the server). */
  staffAccountId?: number | null;
  /** The provider and its reference, for money the provider reports. */
  provider?: { name: string; reference: string } | null;
}

/**
 * Records one payment or refund. A provider's entry whose reference is already recorded changes
 * nothing and answers null, so a confirmation delivered twice is counted once.
 */
export async function recordPayment(
  db: DB | Transaction<Database>,
  request: PayableRequest,
  entry: LedgerEntry,
): Promise<Payment | null> {
  const row = await db
    .insertInto("payments")
    .values({
      ...requestColumns(request),
      kind: entry.kind,
      method: entry.method,
      amount: entry.amount,
      transactionId: entry.transactionId ?? null,
      note: entry.note ?? null,
      staffAccountId: entry.staffAccountId ?? null,
      provider: entry.provider?.name ?? null,
      providerReference: entry.provider?.reference ?? null,
    })
    .onConflict((conflict) => conflict.column("providerReference").doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** A request's ledger, oldest first. */
export async function listPayments(
  db: DB | Transaction<Database>,
  request: PayableRequest,
): Promise<Payment[]> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where(REQUEST_COLUMN[request.kind], "=", request.id)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

/** Money in minus money refunded, in kwacha. */
export function netPaid(entries: readonly Pick<Payment, "kind" | "amount">[]): number {
  return entries.reduce((sum, entry) => sum + (entry.kind === "payment" ? entry.amount : -entry.amount), 0);
}

/** What the guest still owes on a total, never below 0 (an overpayment is shown as credit). */
export function balanceDue(total: number, paid: number): number {
  return Math.max(0, total - paid);
}

/**
 * Net paid per request of one kind, for lists (Today, the inbox): one query for a page of
 * requests. Requests with nothing recorded are absent from the map.
 */
export async function netPaidByRequest(
  db: DB | Transaction<Database>,
  kind: PayableRequest["kind"],
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const column = REQUEST_COLUMN[kind];
  const rows = await db
    .selectFrom("payments")
    .select((eb) => [
      eb.ref(column).as("requestId"),
      eb.fn
        .sum<string>(
          eb
            .case()
            .when("kind", "=", "payment")
            .then(eb.ref("amount"))
            .else(eb.neg(eb.ref("amount")))
            .end(),
        )
        .as("net"),
    ])
    .where(column, "in", ids)
    .groupBy(column)
    .execute();
  return new Map(rows.map((row) => [String(row.requestId), Number(row.net)]));
}

/** A stay's deposit outcome with the policy's number of free days, for the words around it. */
export interface StayDepositOutcome {
  outcome: DepositOutcome;
  freeCancellationDays: number;
}

/**
 * The cancellation policy applied to a room booking or reservation that was cancelled or missed
 * (decisions.md 33, app/features/payments/deposit-policy.ts): whether the lodge keeps the deposit or owes it
 * back, from the day the history recorded the cancellation (in the lodge's time), the money in
 * the ledger, and the manager's policy. The deposit is the one fixed when the stay was made
 * (an online deposit, on a booking or a reservation); a stay without one (a desk or phone booking,
 * a reservation paid at the lodge) takes the policy's deposit on its price. Null when there is nothing to apply it to. A hold that expired
 * unpaid is not a cancellation: money that came after it is flagged on /staff/deposits.
 *
 * Computed when asked, not stored: the free days are the policy's as it stands, so a manager
 * who changes them changes the outcome of cancellations whose refund is not yet recorded.
 */
export async function getDepositOutcome(
  db: DB | Transaction<Database>,
  request: { kind: "booking" | "reservation"; id: string },
): Promise<StayDepositOutcome | null> {
  // Bookings and reservations share these columns (a reservation's deposit online: migration
  // 2026-11-25-9); Kysely needs one table name to type them.
  const stay = await db
    .selectFrom((request.kind === "booking" ? "bookings" : "reservations") as "bookings")
    .select(["status", "checkIn", "checkOut", "totalPrice", "depositAmount", "paymentExpiredAt"])
    .where("id", "=", request.id)
    .executeTakeFirst();
  if (!stay || (stay.status !== "Cancelled" && stay.status !== "No-show")) return null;
  if (stay.paymentExpiredAt !== null) return null;
  const [settings, ledger, ended, firstNight] = await Promise.all([
    getLodgeSettings(db),
    listPayments(db, request),
    db
      .selectFrom("requestHistory")
      .select("at")
      .where("requestKind", "=", request.kind)
      .where("requestId", "=", request.id)
      .where("toStatus", "=", stay.status)
      .orderBy("at", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("requestNights")
      .select("price")
      .where(request.kind === "booking" ? "bookingId" : "reservationId", "=", request.id)
      .orderBy("night")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const total = Number(stay.totalPrice);
  const deposit =
    stay.depositAmount ??
    depositFor(settings, {
      total,
      firstNightRate: firstNight
        ? Number(firstNight.price)
        : total / nightsBetween(stay.checkIn, stay.checkOut),
    });
  const outcome = depositOutcome({
    status: stay.status,
    checkIn: stay.checkIn,
    cancelledOn: ended ? lodgeToday(new Date(ended.at)) : null,
    freeCancellationDays: settings.freeCancellationDays,
    deposit,
    paid: netPaid(ledger),
    received: ledger.reduce((sum, entry) => sum + (entry.kind === "payment" ? entry.amount : 0), 0),
  });
  return outcome && { outcome, freeCancellationDays: settings.freeCancellationDays };
}
