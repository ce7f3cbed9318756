import { sql, type Transaction } from "kysely";
import { site } from "~/content/site.ts";
import { mailSubject, type MailPayload } from "~/features/mail/mail-payload.ts";
import type { DB } from "../../shared/db/client.server.ts";
import type {
  Database,
  MailAudience,
  OutboxRequestKind,
  OutboxRow,
  OutboxStatus,
} from "../../shared/db/schema.ts";

// The outbox (decisions.md 27, ADR 0012): mails are rows written in the transaction of the request
// they are about; the worker (app/features/mail/outbox-worker.server.ts) claims due rows, sends them
// outside any transaction, and marks each sent or schedules its next attempt.

export interface OutgoingMail {
  audience: MailAudience;
  /** The guest's or subscriber's address; leave out for the lodge's inbox. */
  recipient?: string | null;
  payload: MailPayload;
  request?: { kind: OutboxRequestKind; id: string };
}

/** Writes one mail to the outbox. Call it inside the transaction that makes the change it tells of. */
export async function enqueueMail(trx: Transaction<Database> | DB, mail: OutgoingMail): Promise<void> {
  await trx
    .insertInto("outbox")
    .values({
      template: mail.payload.template,
      audience: mail.audience,
      recipient: mail.audience === "lodge" ? null : (mail.recipient ?? null),
      subject: mailSubject(mail.payload, site.brandName),
      payload: JSON.stringify(mail.payload),
      requestKind: mail.request?.kind ?? null,
      requestId: mail.request?.id ?? null,
    })
    .execute();
}

/** A mail the worker holds: only the holder of `claimToken` may mark it. */
export type ClaimedMail = OutboxRow & { claimToken: string };

export interface ClaimOptions {
  limit: number;
  /** How long the claim lasts; a worker that dies holding rows frees them when it ends. */
  leaseMs: number;
}

/**
 * Claims up to `limit` due mails in one short statement. `FOR UPDATE SKIP LOCKED` lets several
 * instances claim at once without waiting on or taking each other's rows; the lease keeps a row
 * from being claimed again while it is being sent. The attempt is counted now, so a crash while
 * sending still counts.
 */
export async function claimDueMails(db: DB, { limit, leaseMs }: ClaimOptions): Promise<ClaimedMail[]> {
  const result = await sql<ClaimedMail>`
    update outbox o
       set locked_until = now() + ${leaseMs} * interval '1 millisecond',
           claim_token = gen_random_uuid(),
           attempts = o.attempts + 1
      from (select id from outbox
             where status = 'pending' and next_attempt_at <= now()
               and (locked_until is null or locked_until <= now())
             order by next_attempt_at, id
             limit ${limit}
             for update skip locked) due
     where o.id = due.id
    returning o.*`.execute(db);
  // UPDATE … RETURNING keeps no order: send the oldest due first.
  return result.rows.sort(
    (a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || Number(a.id) - Number(b.id),
  );
}

/** Marks a claimed mail sent (only while this claim still holds it). */
export async function markMailSent(db: DB, mail: ClaimedMail): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "sent", sentAt: sql<Date>`now()`, lockedUntil: null, claimToken: null, lastError: null })
    .where("id", "=", mail.id)
    .where("claimToken", "=", mail.claimToken)
    .execute();
}

export interface RetryPolicy {
  /** Wait after the first failed attempt; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this long (from the first failed attempt, or staff's retry) a failure is final. */
  giveUpAfterMs: number;
}

/**
 * Records a failed attempt: the next one after an exponential back-off, or 'failed' for good once
 * the mail has been failing for longer than `giveUpAfterMs` (staff see it in the outbox).
 *
 * The day counts from the first failed attempt, not from when the mail was written: a mail that
 * waited (no SMTP_URL, no worker running) has not been trying. `retry_from` is the start of the
 * current run of failures. A row that has not failed since it was written or retried by staff has
 * `next_attempt_at = retry_from` (both set to the same now()); every failure leaves
 * `next_attempt_at` later than `retry_from`. So the first failure of a run moves `retry_from` to
 * now, and the later ones leave it.
 */
export async function markMailAttemptFailed(
  db: DB,
  mail: ClaimedMail,
  error: string,
  policy: RetryPolicy,
): Promise<void> {
  // At least a millisecond, so a failure always leaves next_attempt_at after retry_from.
  const delay = sql`greatest(least(${policy.baseDelayMs}::float8 * power(2, least(attempts - 1, 40)), ${policy.maxDelayMs}::float8), 1) * interval '1 millisecond'`;
  await sql`
    update outbox
       set last_error = ${error.slice(0, 1000)},
           locked_until = null,
           claim_token = null,
           next_attempt_at = now() + ${delay},
           retry_from = case when next_attempt_at <= retry_from then now() else retry_from end,
           status = case when next_attempt_at > retry_from
                          and retry_from + ${policy.giveUpAfterMs}::float8 * interval '1 millisecond' <= now()
                         then 'failed' else 'pending' end
     where id = ${mail.id} and claim_token = ${mail.claimToken}`.execute(db);
}

/** Hands a claimed mail back unsent (shutdown): due again at once, the attempt not counted. */
export async function releaseMail(db: DB, mail: ClaimedMail): Promise<void> {
  await sql`
    update outbox set locked_until = null, claim_token = null, attempts = greatest(attempts - 1, 0)
     where id = ${mail.id} and claim_token = ${mail.claimToken}`.execute(db);
}

/** The columns a list of mails shows (the page and its CSV): not the mail itself. */
const LISTED_COLUMNS = [
  "id",
  "createdAt",
  "sentAt",
  "recipient",
  "subject",
  "status",
  "attempts",
  "lastError",
  "requestKind",
  "requestId",
] as const satisfies readonly (keyof OutboxRow)[];

type ListedMail = Pick<OutboxRow, (typeof LISTED_COLUMNS)[number]>;

export interface OutboxPage {
  rows: ListedMail[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The outbox for staff, newest first, optionally of one status. Without each mail's payload: 50
 * payloads read and parsed for a page that shows none of them would be a good part of its cost at
 * ten years of history.
 */
export async function listOutbox(
  db: DB,
  { status, page = 1, pageSize = 50 }: { status?: OutboxStatus; page?: number; pageSize?: number } = {},
): Promise<OutboxPage> {
  const current = Math.max(1, Math.floor(page));
  let query = db.selectFrom("outbox");
  if (status) query = query.where("status", "=", status);
  const [rows, count] = await Promise.all([
    query
      .select(LISTED_COLUMNS)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
    // Kept per status by a trigger (migration 2026-11-25-5-history-indexes): counting ten years
    // of mails on every view of the page would be most of its cost.
    db
      .selectFrom("listCounts")
      .select(sql<number>`coalesce(sum(n), 0)::int`.as("total"))
      .where("list", "=", "outbox")
      .$if(status !== undefined, (q) => q.where("key", "=", status!))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total, page: current, pageSize };
}

/** Where a slice of the outbox ends: the last mail's created_at (the database's text) and id. */
export interface OutboxCursor {
  at: string;
  id: string;
}

/**
 * Up to `size` mails after `after`, in the list's order (newest first), optionally of one status:
 * the slices of the outbox's export. The cursor bounds created_at plainly beside the row
 * comparison, so the (created_at, id) index reads only from the cursor on.
 */
export async function listOutboxSlice(
  db: DB,
  status: OutboxStatus | undefined,
  after: OutboxCursor | null,
  size: number,
): Promise<{ rows: ListedMail[]; next: OutboxCursor | null }> {
  const rows = await db
    .selectFrom("outbox")
    .select([...LISTED_COLUMNS, sql<string>`created_at::text`.as("cursorAt")])
    .$if(status !== undefined, (q) => q.where("status", "=", status!))
    .$if(after !== null, (q) =>
      q.where(
        sql<boolean>`created_at <= ${after!.at}::timestamptz
          and (created_at < ${after!.at}::timestamptz or id < ${after!.id}::bigint)`,
      ),
    )
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(size)
    .execute();
  const last = rows.at(-1);
  return {
    rows: rows.map(({ cursorAt: _cursorAt, ...row }) => row),
    next: last && rows.length === size ? { at: last.cursorAt, id: String(last.id) } : null,
  };
}

/** How many mails wait to be sent (for the start-up line when SMTP is not configured). */
export async function countPendingMails(db: DB): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Staff send a failed mail again: due at once, with a fresh day of retries. Answers false when
 * there is no such failed mail (a sent or pending one is left as it is).
 */
export async function retryOutboxMail(db: DB, id: string | number): Promise<boolean> {
  if (!/^\d{1,18}$/.test(String(id))) return false;
  const result = await sql`
    update outbox set status = 'pending', next_attempt_at = now(), retry_from = now()
     where id = ${String(id)}::bigint and status = 'failed'`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}
