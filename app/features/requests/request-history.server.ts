import type { Transaction } from "kysely";
import type { HistoryActor, RequestKind } from "~/shared/db/schema.ts";
import type { DB } from "../../shared/db/client.server.ts";
import type { Database, RequestHistoryEntry } from "../../shared/db/schema.ts";

export interface HistoryEvent {
  requestKind: RequestKind;
  requestId: string;
  fromStatus: string | null;
  toStatus: string | null;
  actor: HistoryActor;
  staffAccountId?: number | null;
  note?: string | null;
}

/**
 * Records one change of a request (decisions.md 25). Always called inside the transaction that
 * makes the change, so the history can never disagree with the record.
 */
export async function recordHistory(trx: Transaction<Database> | DB, event: HistoryEvent): Promise<void> {
  await trx
    .insertInto("requestHistory")
    .values({ ...event, staffAccountId: event.staffAccountId ?? null, note: event.note ?? null })
    .execute();
}

/** A request's history, oldest first. */
export function listHistory(
  db: DB,
  requestKind: RequestKind,
  requestId: string,
): Promise<RequestHistoryEntry[]> {
  return db
    .selectFrom("requestHistory")
    .selectAll()
    .where("requestKind", "=", requestKind)
    .where("requestId", "=", requestId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}
