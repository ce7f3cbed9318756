import type { Transaction } from "kysely";
import type { DB } from "../../shared/db/client.server.ts";
import type { Database, LodgeSettings, LodgeSettingsTable } from "../../shared/db/schema.ts";
import { recordAudit } from "../staff/staff-audit.server.ts";

// The manager's settings that the bill and the deposit follow (decisions.md 32-33): one row,
// created by migration 2026-11-25-1-payments-ledger with the defaults (not VAT-registered, VAT
// 16%, levy 1.5%, no deposit, free cancellation until 2 days before arrival, 15-minute holds).

export type SettingsChange = Partial<
  Pick<
    LodgeSettingsTable,
    | "vatRegistered"
    | "vatRateBp"
    | "levyRateBp"
    | "depositPolicy"
    | "depositPercent"
    | "freeCancellationDays"
    | "paymentHoldMinutes"
  >
>;

export async function getLodgeSettings(db: DB | Transaction<Database>): Promise<LodgeSettings> {
  return db.selectFrom("lodgeSettings").selectAll().executeTakeFirstOrThrow();
}

/** Saves a manager's change and records it in the staff audit, in one transaction. */
export async function updateLodgeSettings(
  db: DB,
  change: SettingsChange,
  staffAccountId: number | null,
): Promise<LodgeSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("lodgeSettings").selectAll().forUpdate().executeTakeFirstOrThrow();
    const after = await trx
      .updateTable("lodgeSettings")
      .set({ ...change, updatedAt: new Date(), updatedBy: staffAccountId })
      .returningAll()
      .executeTakeFirstOrThrow();
    const changed = (Object.keys(change) as (keyof SettingsChange)[])
      .filter((key) => before[key] !== after[key])
      .map((key) => `${key}: ${String(before[key])} → ${String(after[key])}`);
    if (changed.length > 0) {
      await recordAudit(trx, {
        staffAccountId,
        subject: "settings",
        subjectId: "lodge",
        change: changed.join("; "),
      });
    }
    return after;
  });
}
