import type { DB } from "../../shared/db/client.server.ts";
import { retryOutboxMail } from "./outbox.server.ts";
import { recordAudit } from "../staff/staff-audit.server.ts";

/**
 * Staff send a failed mail again (the outbox page): the retry and its audit entry (who, which
 * mail, to whom) in one transaction, so the history never shows a retry that did not happen or
 * misses one that did. False when the mail does not exist or has not failed.
 */
export async function retryMailAudited(db: DB, by: number, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await retryOutboxMail(trx, id))) return false;
    const mail = await trx
      .selectFrom("outbox")
      .select(["subject", "recipient"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      staffAccountId: by,
      subject: "outbox",
      subjectId: id,
      change: `Sent mail ${id} again: "${mail.subject}" to ${mail.recipient ?? "the lodge's inbox"}.`,
    });
    return true;
  });
}
