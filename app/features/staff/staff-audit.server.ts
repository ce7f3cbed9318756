import { sql, type Transaction } from "kysely";
import { readPageNumber } from "~/features/staff/staff-list-filters.ts";
import type { DB } from "../../shared/db/client.server.ts";
import type { Database, StaffAuditSubject } from "../../shared/db/schema.ts";

export interface AuditEvent {
  /** The signed-in account that made the change; null for the command line. */
  staffAccountId: number | null;
  subject: StaffAuditSubject;
  subjectId: string | number;
  change: string;
}

/** Who the audit names for a change no signed-in account made. */
const SYSTEM_ACTOR = "System (command line)";

/** Records a staff change inside the transaction that makes it. */
export async function recordAudit(trx: Transaction<Database> | DB, event: AuditEvent): Promise<void> {
  await trx
    .insertInto("staffAudit")
    .values({ ...event, subjectId: String(event.subjectId), change: event.change.slice(0, 500) })
    .execute();
}

export interface AuditRow {
  id: string;
  subject: StaffAuditSubject;
  subjectId: string;
  change: string;
  at: Date;
  staffName: string;
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * One page of staff changes of these kinds, newest first, with who made them, and whether older
 * ones exist (one row more is read to know, rather than counting them all).
 */
export async function listAudit(
  db: DB,
  subjects: StaffAuditSubject[],
  page = 1,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<{ entries: AuditRow[]; page: number; hasOlder: boolean }> {
  const rows = await db
    .selectFrom("staffAudit as a")
    .leftJoin("staffAccounts as s", "s.id", "a.staffAccountId")
    .select([
      "a.id",
      "a.subject",
      "a.subjectId",
      "a.change",
      "a.at",
      sql<string>`coalesce(s.name, ${SYSTEM_ACTOR})`.as("staffName"),
    ])
    .where("a.subject", "in", subjects)
    .orderBy("a.at", "desc")
    .orderBy("a.id", "desc")
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return { entries: rows.slice(0, pageSize), page, hasOlder: rows.length > pageSize };
}

/** `?changes=` of a page with an audit list: the page of changes to show (1 = the newest). */
export function readAuditPage(params: URLSearchParams): number {
  return readPageNumber(params.get("changes"));
}
