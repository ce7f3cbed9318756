import type { Insertable } from "kysely";
import type { DB } from "../../shared/db/client.server.ts";
import { contactMessageFacts, enqueueNewRequestMails } from "../requests/request-mails.server.ts";
import type { ContactMessage, ContactMessageTable } from "../../shared/db/schema.ts";

export type NewContactMessage = Insertable<ContactMessageTable>;

/**
 * Stores a message from /contact, with its acknowledgement to the sender and its notice to the
 * lodge, in one transaction. A repeated submission (same submissionId: a double click, a retried
 * POST) finds the first row instead of adding a second one, and writes no mail again.
 */
export async function insertContactMessage(db: DB, row: NewContactMessage): Promise<ContactMessage> {
  const inserted = await db.transaction().execute(async (trx) => {
    const message = await trx
      .insertInto("contactMessages")
      .values(row)
      .onConflict((oc) => oc.column("submissionId").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (message) await enqueueNewRequestMails(trx, contactMessageFacts(message));
    return message;
  });
  if (inserted) return inserted;
  // Only a submissionId conflict gets here, so submissionId is set.
  return db
    .selectFrom("contactMessages")
    .selectAll()
    .where("submissionId", "=", row.submissionId ?? "")
    .executeTakeFirstOrThrow();
}
