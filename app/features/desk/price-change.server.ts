import { data } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import { idColumn, type RequestRef } from "~/features/pricing/rates.server.ts";
import { spreadTotal } from "~/features/pricing/rates.ts";
import { recordHistory } from "~/features/requests/request-history.server.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import { formatKwacha } from "~/shared/money.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { priceChangeSchema } from "~/features/pricing/rates-schemas.ts";
import type { StaffNotice } from "~/features/desk/staff-notice.ts";
import type { RequestKind } from "~/shared/db/schema.ts";

/** A request's total changed by staff with a reason, from its staff page. */
export async function applyPriceChange(
  db: DB,
  staff: SignedInStaff,
  kind: RequestKind,
  id: string,
  form: FormData,
) {
  if (kind === "contact-message") {
    return data<StaffNotice>({ tone: "error", message: "A message has no price." }, { status: 400 });
  }
  const parsed = parseForm(priceChangeSchema, form);
  if (!parsed.ok) {
    const first = Object.values(parsed.fieldErrors)[0] ?? "Please check the new price.";
    return data<StaffNotice>({ tone: "error", message: String(first) }, { status: 400 });
  }
  const result = await changeRequestPrice(
    db,
    { kind, id },
    parsed.data.totalPrice,
    parsed.data.reason,
    staff.accountId,
  );
  if (result.kind === "not-found") {
    return data<StaffNotice>({ tone: "error", message: "That request does not exist." }, { status: 404 });
  }
  return data<StaffNotice>({
    tone: "success",
    message: `Price changed from ${formatKwacha(result.from)} to ${formatKwacha(result.to)}.`,
  });
}

function requestTable(kind: RequestKind) {
  return kind === "booking" ? "bookings" : kind === "reservation" ? "reservations" : "venueBookings";
}

export type PriceChangeResult = { kind: "changed"; from: number; to: number } | { kind: "not-found" };

/**
 * Staff change a request's total with a reason: the nights are spread over the new total
 * in proportion to their prices (so they still sum to it), the tax lines are taken again at the
 * rates the request kept, and the history records who, from what to what and why.
 */
export async function changeRequestPrice(
  db: DB,
  request: RequestRef,
  total: number,
  reason: string,
  staffAccountId: number,
): Promise<PriceChangeResult> {
  return db.transaction().execute(async (trx) => {
    const table = requestTable(request.kind);
    const row = await trx
      .selectFrom(table)
      .select("totalPrice")
      .where("id", "=", request.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { kind: "not-found" };
    const column = idColumn(request.kind);
    await trx.updateTable(table).set({ totalPrice: total }).where("id", "=", request.id).execute();
    if (column !== "venueBookingId") {
      const nights = await trx
        .selectFrom("requestNights")
        .select(["id", "price"])
        .where(column, "=", request.id)
        .orderBy("night")
        .execute();
      const shares = spreadTotal(
        nights.map((night) => night.price),
        total,
      );
      for (const [index, night] of nights.entries()) {
        await trx
          .updateTable("requestNights")
          // A price staff set is one sum: it no longer says what of it is supplements.
          .set({
            price: shares[index] ?? 0,
            rule: `Staff price change: ${reason}`.slice(0, 200),
            supplement: 0,
          })
          .where("id", "=", night.id)
          .execute();
      }
    }
    const kept = await trx
      .selectFrom("requestTaxLines")
      .select(["id", "kind", "rateBp"])
      .where(column, "=", request.id)
      .execute();
    const sumBp = kept.reduce((sum, line) => sum + line.rateBp, 0);
    for (const line of kept) {
      await trx
        .updateTable("requestTaxLines")
        .set({ amount: Math.round((total * line.rateBp) / (10_000 + sumBp)) })
        .where("id", "=", line.id)
        .execute();
    }
    await recordHistory(trx, {
      requestKind: request.kind,
      requestId: request.id,
      fromStatus: null,
      toStatus: null,
      actor: "staff",
      staffAccountId,
      note: `Price ${formatKwacha(row.totalPrice)} → ${formatKwacha(total)}: ${reason}`,
    });
    return { kind: "changed", from: row.totalPrice, to: total };
  });
}
