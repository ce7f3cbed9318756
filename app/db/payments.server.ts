import type { Transaction } from "kysely";
import type { DB } from "./client.server.ts";
import type { Database, LedgerKind, LedgerMethod, Payment } from "./schema.ts";

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
