import { sql, type RawBuilder } from "kysely";
import type { DB } from "~/shared/db/client.server.ts";

// What a guest still owes, as the console shows it everywhere (the inbox and its "balance due"
// filter, Today, the check-out's confirmation): one SQL expression, so a list of any length is
// one query and every screen counts the same money. It is the folio's own sum (buildFolio in
// app/features/pricing/folio.ts): the request's kept total (its nights or its venue, taxes
// included) plus its standing extras and charges (taxes included), less the ledger's payments
// net of refunds; never below nothing.

export type BalanceKind = "booking" | "reservation" | "venue-booking";

const COLUMN = {
  booking: "booking_id",
  reservation: "reservation_id",
  "venue-booking": "venue_booking_id",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABLE = {
  booking: "bookings",
  reservation: "reservations",
  "venue-booking": "venue_bookings",
} as const;

/**
 * The balance of the request of `kind` whose id is `id` and whose kept total is `totalPrice`
 * (both expressions of the caller's row), in kwacha, as a double (both engines answer a number).
 */
export function folioBalance(
  kind: BalanceKind,
  id: RawBuilder<unknown>,
  totalPrice: RawBuilder<unknown>,
): RawBuilder<number> {
  const column = COLUMN[kind];
  return sql<number>`greatest(0, ${totalPrice}
    + coalesce((select sum(c.amount_ngwee) from folio_charges c
                 where ${sql.ref(`c.${column}`)} = ${id} and c.voided_at is null), 0) / 100.0
    - coalesce((select sum(case when p.kind = 'payment' then p.amount else -p.amount end) from payments p
                 where ${sql.ref(`p.${column}`)} = ${id}), 0))::float8`;
}

/** What the guest of one request still owes, and the guest's name; undefined when there is no such request. */
export async function balanceDue(
  db: DB,
  kind: BalanceKind,
  id: string,
): Promise<{ balance: number; guest: string } | undefined> {
  if (!UUID.test(id)) return undefined;
  const table = TABLE[kind];
  const result = await sql<{ balance: number; guest: string }>`
    select name as guest, ${folioBalance(kind, sql.ref(`${table}.id`), sql.ref(`${table}.total_price`))} as balance
    from ${sql.table(table)} where id = ${id}::uuid`.execute(db);
  const row = result.rows[0];
  return row && { guest: row.guest, balance: Number(row.balance) };
}
