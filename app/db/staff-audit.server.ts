import type { Transaction } from "kysely";
import type { DB } from "./client.server.ts";
import type { Database, StaffAuditSubject } from "./schema.ts";

export interface AuditEvent {
  staffAccountId: number;
  subject: StaffAuditSubject;
  subjectId: string | number;
  change: string;
}

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

/** The latest staff changes of these kinds, newest first, with who made them. */
export function listAudit(db: DB, subjects: StaffAuditSubject[], limit = 50): Promise<AuditRow[]> {
  return db
    .selectFrom("staffAudit as a")
    .innerJoin("staffAccounts as s", "s.id", "a.staffAccountId")
    .select(["a.id", "a.subject", "a.subjectId", "a.change", "a.at", "s.name as staffName"])
    .where("a.subject", "in", subjects)
    .orderBy("a.at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}
