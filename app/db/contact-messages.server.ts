import type { Insertable } from "kysely";
import type { DB } from "./client.server.ts";
import type { ContactMessage, ContactMessageTable } from "./schema.ts";

export type NewContactMessage = Insertable<ContactMessageTable>;

/**
 * Stores a message from /contact. A repeated submission (same submissionId:
 * a double click, a retried POST) finds the first row instead of adding a
 * second one.
 */
export async function insertContactMessage(db: DB, row: NewContactMessage): Promise<ContactMessage> {
  const inserted = await db
    .insertInto("contactMessages")
    .values(row)
    .onConflict((oc) => oc.column("submissionId").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  // Only a submissionId conflict gets here, so submissionId is set.
  return db
    .selectFrom("contactMessages")
    .selectAll()
    .where("submissionId", "=", row.submissionId ?? "")
    .executeTakeFirstOrThrow();
}
