import { sql } from "kysely";
import type { DB } from "~/shared/db/client.server.ts";
import type { FiscalDeviceRow, FiscalDocumentRow } from "~/shared/db/schema.ts";
import { enqueueMail } from "~/features/mail/outbox.server.ts";
import type { VsdcReceipt } from "./vsdc-client.server.ts";

// The fiscal queue (decisions.md 37, ADR 0029). Documents are written by the database itself in
// the transaction that settles a stay or records a refund (the triggers of the migration
// 2026-11-27-9-fiscal-invoices); a venue booking is settled on its day, queued here by the worker.
// The worker claims due rows like the mail outbox: FOR UPDATE SKIP LOCKED and a lease, so any
// number of instances on one PostgreSQL send each document once.

export interface FiscalSettings {
  tpin: string;
  branchId: string;
  deviceSerial: string;
}

/**
 * The VSDC the settings name is the active device from `today` on. A different TPIN, branch or
 * serial is a new device: it must be initialised again.
 */
export async function activateDevice(db: DB, settings: FiscalSettings, today: string): Promise<void> {
  await sql`
    insert into fiscal_device (id, tpin, branch_id, device_serial, active, active_since)
    values (1, ${settings.tpin}, ${settings.branchId}, ${settings.deviceSerial}, true, ${today})
    on conflict (id) do update
       set active = true,
           active_since = case when fiscal_device.active then fiscal_device.active_since else excluded.active_since end,
           initialised_at = case when (fiscal_device.tpin, fiscal_device.branch_id, fiscal_device.device_serial)
                                      = (excluded.tpin, excluded.branch_id, excluded.device_serial)
                                 then fiscal_device.initialised_at end,
           tpin = excluded.tpin, branch_id = excluded.branch_id, device_serial = excluded.device_serial`.execute(
    db,
  );
}

/** Without the settings nothing new is queued; what is queued waits for them. */
export async function deactivateDevice(db: DB): Promise<void> {
  await db.updateTable("fiscalDevice").set({ active: false }).where("id", "=", 1).execute();
}

export async function getDevice(db: DB): Promise<FiscalDeviceRow | undefined> {
  return db.selectFrom("fiscalDevice").selectAll().where("id", "=", 1).executeTakeFirst();
}

export async function recordDeviceContact(
  db: DB,
  outcome: { ok: true; sdcId?: string; mrcNo?: string; initialised?: boolean } | { ok: false; error: string },
): Promise<void> {
  if (outcome.ok) {
    await db
      .updateTable("fiscalDevice")
      .set((eb) => ({
        lastContactAt: sql<Date>`now()`,
        ...(outcome.initialised ? { initialisedAt: sql<Date>`now()` } : {}),
        sdcId: outcome.sdcId ?? eb.ref("sdcId"),
        mrcNo: outcome.mrcNo ?? eb.ref("mrcNo"),
      }))
      .where("id", "=", 1)
      .execute();
    return;
  }
  await db
    .updateTable("fiscalDevice")
    .set({ lastError: outcome.error.slice(0, 1000), lastErrorAt: sql<Date>`now()` })
    .where("id", "=", 1)
    .execute();
}

/**
 * Queues the tax invoice of every confirmed venue booking whose day has come (from the day the
 * device became active), once: the device row's lock orders instances, and each statement sees
 * what the one before it queued.
 */
export async function queueVenueSales(db: DB, today: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const device = await sql<{ activeSince: string }>`
      select active_since from fiscal_device where id = 1 and active for update`.execute(trx);
    const since = device.rows[0]?.activeSince;
    if (!since) return 0;
    const queued = await sql`
      select fiscal_enqueue('sale', 'venue-booking', v.id, null, null, null)
        from venue_bookings v
       where v.status = 'Confirmed' and v.booking_date <= ${today} and v.booking_date >= ${since}
         and not exists (select 1 from fiscal_documents d
                          where d.kind = 'sale' and d.request_kind = 'venue-booking' and d.request_id = v.id)`.execute(
      trx,
    );
    return queued.rows.length;
  });
}

export type ClaimedDocument = FiscalDocumentRow & { claimToken: string };

/**
 * Claims due documents, oldest number first. A credit note waits for its invoice: the VSDC
 * names the original by ZRA's receipt number.
 */
export async function claimDueDocuments(
  db: DB,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<ClaimedDocument[]> {
  const result = await sql<ClaimedDocument>`
    update fiscal_documents d
       set locked_until = now() + ${leaseMs} * interval '1 millisecond',
           claim_token = gen_random_uuid(),
           attempts = d.attempts + 1
      from (select id from fiscal_documents f
             where status = 'pending' and next_attempt_at <= now()
               and (locked_until is null or locked_until <= now())
               and (original_id is null
                    or exists (select 1 from fiscal_documents o where o.id = f.original_id and o.status = 'sent'))
             order by invoice_no
             limit ${limit}
             for update skip locked) due
     where d.id = due.id
    returning d.*`.execute(db);
  return result.rows.sort((a, b) => Number(a.invoiceNo) - Number(b.invoiceNo));
}

/** Keeps the body sent: every later attempt sends exactly the same invoice. */
export async function freezePayload(
  db: DB,
  doc: ClaimedDocument,
  payload: unknown,
  total: number,
): Promise<void> {
  await db
    .updateTable("fiscalDocuments")
    .set({ payload: JSON.stringify(payload), total })
    .where("id", "=", doc.id)
    .where("claimToken", "=", doc.claimToken)
    .where("payload", "is", null)
    .execute();
}

const REQUEST_TABLES = {
  booking: "bookings",
  reservation: "reservations",
  "venue-booking": "venueBookings",
} as const;

/**
 * Keeps ZRA's answer and, in the same transaction, writes the guest's copy to the mail outbox
 * (when the guest gave an address).
 */
export async function markDocumentSent(db: DB, doc: ClaimedDocument, receipt: VsdcReceipt): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable("fiscalDocuments")
      .set({
        status: "sent",
        fiscalisedAt: sql<Date>`now()`,
        rcptNo: String(receipt.rcptNo),
        intrlData: receipt.intrlData,
        rcptSign: receipt.rcptSign,
        vsdcDate: receipt.vsdcRcptPbctDate,
        sdcId: receipt.sdcId,
        mrcNo: receipt.mrcNo,
        qrUrl: receipt.qrCodeUrl ?? null,
        lockedUntil: null,
        claimToken: null,
        lastError: null,
      })
      .where("id", "=", doc.id)
      .where("claimToken", "=", doc.claimToken)
      .returning("total")
      .executeTakeFirst();
    if (!marked) return;
    const guest = await trx
      .selectFrom(REQUEST_TABLES[doc.requestKind])
      .select(["name", "email", "reference"])
      .where("id", "=", doc.requestId)
      .executeTakeFirst();
    if (!guest?.email) return;
    await enqueueMail(trx, {
      audience: "guest",
      recipient: guest.email,
      request: { kind: doc.requestKind, id: doc.requestId },
      payload: {
        template: "fiscal-document",
        fiscal: {
          reference: guest.reference,
          name: guest.name,
          kind: doc.kind,
          invoiceNo: String(doc.invoiceNo),
          rcptNo: String(receipt.rcptNo),
          vsdcDate: receipt.vsdcRcptPbctDate,
          sdcId: receipt.sdcId,
          mrcNo: receipt.mrcNo,
          intrlData: receipt.intrlData,
          rcptSign: receipt.rcptSign,
          total: Number(marked.total ?? 0),
        },
      },
    });
  });
}

/**
 * The VSDC was not reached: again after a back-off that doubles, up to `maxDelayMs`; never given
 * up. `tried` false: the document waited behind one that found the VSDC down and was never sent,
 * so its claim does not count as an attempt.
 */
export async function markDocumentRetry(
  db: DB,
  doc: ClaimedDocument,
  error: string,
  { baseDelayMs, maxDelayMs }: { baseDelayMs: number; maxDelayMs: number },
  { tried = true }: { tried?: boolean } = {},
): Promise<void> {
  const untried = tried ? 0 : 1;
  await sql`
    update fiscal_documents
       set last_error = ${error.slice(0, 1000)}, locked_until = null, claim_token = null,
           attempts = greatest(attempts - ${untried}::int, 0),
           next_attempt_at = now() + greatest(least(${baseDelayMs}::float8
                                                      * power(2, least(greatest(attempts - ${untried}::int - 1, 0), 40)),
                                                    ${maxDelayMs}::float8), 1) * interval '1 millisecond'
     where id = ${doc.id} and claim_token = ${doc.claimToken}`.execute(db);
}

/** The VSDC refused it: a manager must look (the fiscal page), then send it again. */
export async function markDocumentFailed(db: DB, doc: ClaimedDocument, error: string): Promise<void> {
  await db
    .updateTable("fiscalDocuments")
    .set({ status: "failed", lastError: error.slice(0, 1000), lockedUntil: null, claimToken: null })
    .where("id", "=", doc.id)
    .where("claimToken", "=", doc.claimToken)
    .execute();
}

/** Hands a claimed document back untried (shutdown). */
export async function releaseDocument(db: DB, doc: ClaimedDocument): Promise<void> {
  await sql`
    update fiscal_documents set locked_until = null, claim_token = null, attempts = greatest(attempts - 1, 0)
     where id = ${doc.id} and claim_token = ${doc.claimToken}`.execute(db);
}

/** A failed document due again now (the manager fixed what the VSDC refused). */
export async function sendAgain(db: DB, id: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(id)) return false;
  const result = await db
    .updateTable("fiscalDocuments")
    .set({ status: "pending", nextAttemptAt: sql<Date>`now()`, lastError: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function isItemRegistered(db: DB, itemCode: string): Promise<boolean> {
  const row = await db
    .selectFrom("fiscalItems")
    .select("itemCode")
    .where("itemCode", "=", itemCode)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordItemRegistered(db: DB, itemCode: string): Promise<void> {
  await db
    .insertInto("fiscalItems")
    .values({ itemCode })
    .onConflict((c) => c.column("itemCode").doNothing())
    .execute();
}

export async function getDocument(db: DB, id: string): Promise<FiscalDocumentRow | undefined> {
  return db.selectFrom("fiscalDocuments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** What was already credited against an invoice by notes before this one. */
export async function creditedBefore(db: DB, originalId: string, invoiceNo: string): Promise<number> {
  const row = await db
    .selectFrom("fiscalDocuments")
    .select(sql<string>`coalesce(sum(total), 0)`.as("sum"))
    .where("originalId", "=", originalId)
    .where("invoiceNo", "<", invoiceNo)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** A request's tax invoice and credit notes, by number. */
export async function documentsOfRequest(
  db: DB,
  request: { kind: FiscalDocumentRow["requestKind"]; id: string },
): Promise<FiscalDocumentRow[]> {
  return db
    .selectFrom("fiscalDocuments")
    .selectAll()
    .where("requestKind", "=", request.kind)
    .where("requestId", "=", request.id)
    .orderBy("invoiceNo")
    .execute();
}

export interface DeviceOverview {
  device: FiscalDeviceRow | undefined;
  pending: number;
  failed: number;
  recent: FiscalDocumentRow[];
}

/** The manager's page: the device, the queue's counts, the latest documents and every failed one. */
export async function deviceOverview(db: DB): Promise<DeviceOverview> {
  const [device, counts, recent] = await Promise.all([
    getDevice(db),
    db
      .selectFrom("fiscalDocuments")
      .select(["status", sql<string>`count(*)`.as("count")])
      .where("status", "in", ["pending", "failed"])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("fiscalDocuments")
      .selectAll()
      .where((eb) =>
        eb.or([eb("status", "=", "failed"), eb("createdAt", ">", sql<Date>`now() - interval '30 days'`)]),
      )
      .orderBy("invoiceNo", "desc")
      .limit(50)
      .execute(),
  ]);
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.count ?? 0);
  return { device, pending: count("pending"), failed: count("failed"), recent };
}

/** The period's documents for the tax return: written from `from` to the day before `until` (lodge days). */
export async function documentsBetween(db: DB, from: string, until: string): Promise<FiscalDocumentRow[]> {
  return db
    .selectFrom("fiscalDocuments")
    .selectAll()
    .where(sql<boolean>`(created_at at time zone 'Africa/Lusaka')::date >= ${from}::date`)
    .where(sql<boolean>`(created_at at time zone 'Africa/Lusaka')::date < ${until}::date`)
    .orderBy("invoiceNo")
    .execute();
}
