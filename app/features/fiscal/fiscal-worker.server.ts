import type { DB } from "~/shared/db/client.server.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { logger } from "~/shared/logger.server.ts";
import { loadFolioSheet } from "~/features/payments/folios.server.ts";
import { getKeptPrices } from "~/features/pricing/rates.server.ts";
import { loadExtraCharges } from "~/features/extras/extras.server.ts";
import type { FiscalDeviceRow } from "~/shared/db/schema.ts";
import {
  creditRequest,
  fiscalChargeGroups,
  refundedSale,
  saleRequest,
  CREDIT_REASONS,
  FISCAL_ITEMS,
  type FiscalDeviceIds,
  type VsdcSaleRequest,
} from "./fiscal-invoice.ts";
import {
  activateDevice,
  claimDueDocuments,
  creditedBefore,
  deactivateDevice,
  freezePayload,
  getDevice,
  getDocument,
  isItemRegistered,
  markDocumentFailed,
  markDocumentRetry,
  markDocumentSent,
  queueVenueSales,
  recordDeviceContact,
  recordItemRegistered,
  releaseDocument,
  type ClaimedDocument,
  type FiscalSettings,
} from "./fiscal-queue.server.ts";
import { getFiscalBuyer } from "./fiscal-buyer.server.ts";
import {
  httpVsdcClient,
  VSDC_DUPLICATE,
  VSDC_OK,
  VsdcUnreachable,
  type VsdcClient,
  type VsdcDeviceInfo,
  type VsdcReceipt,
} from "./vsdc-client.server.ts";

// The fiscal queue's sender (decisions.md 37, ADR 0029). In a loop: initialise the device once,
// queue the venue bookings whose day has come, claim due documents (SKIP LOCKED and a lease, so
// several instances send each once), freeze each one's body at its first attempt, register its
// items, and send it with our invoice number. A lost answer is retried with the same number and
// body; the VSDC then answers that it has that number, and the sale is not fiscalised twice.

export interface FiscalWorkerOptions {
  database: () => Promise<DB>;
  settings: FiscalSettings;
  client: VsdcClient;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The lodge's today (tests move it). */
  today?: () => string;
}

export interface FiscalWorker {
  wake(): void;
  /** One pass now, resolved when it ends (tests, and the manager's "send now"). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export const FISCAL_DEFAULTS = {
  pollMs: 5_000,
  batchSize: 10,
  leaseMs: 10 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 30 * 60_000,
} as const;

type Outcome =
  | { kind: "sent"; receipt: VsdcReceipt }
  /** `tried` false: not sent at all, the VSDC being down for a document before it. */
  | { kind: "retry"; reason: string; tried?: boolean }
  | { kind: "failed"; reason: string };

/** The body of a document, frozen at its first attempt. */
async function documentBody(
  db: DB,
  doc: ClaimedDocument,
  device: FiscalDeviceIds,
): Promise<{ body: VsdcSaleRequest; total: number } | { error: string }> {
  if (doc.payload) return { body: doc.payload as VsdcSaleRequest, total: Number(doc.total ?? 0) };
  if (doc.kind === "sale") return saleBody(db, doc, device);
  const original = doc.originalId ? await getDocument(db, doc.originalId) : undefined;
  if (!original?.payload || !original.rcptNo)
    return { error: "The invoice this credit note corrects is not fiscalised." };
  // A correction of the folio credits all the invoice has left. A refund credits only the part
  // that is not money paid beyond the invoiced folio's total (an overpayment was never part of
  // the sale), and at most what the invoice has left.
  const refund = doc.paymentId ? await refundOf(db, doc.paymentId) : undefined;
  const left = Number(original.total ?? 0) - (await creditedBefore(db, original.id, doc.invoiceNo));
  const amount = refund ? Math.min(refundedSale(refund, Number(original.total ?? 0)), left) : left;
  if (amount <= 0)
    return {
      error: doc.paymentId
        ? "Nothing is left to credit on the invoice: the refund returned an overpayment."
        : "Nothing is left to credit on the invoice: refunds credited all of it before the correction.",
    };
  const body = creditRequest(original.payload as VsdcSaleRequest, {
    invoiceNo: Number(doc.invoiceNo),
    orgInvcNo: Number(original.rcptNo),
    reasonCode: (doc.reasonCode ?? "06") as keyof typeof CREDIT_REASONS,
    amount,
    at: doc.createdAt,
    method: doc.paymentId ? (refund?.method ?? "Cash") : null,
  });
  return { body, total: amount };
}

/** A refund, with the money the request had been paid (refunds subtracted) before it. */
async function refundOf(db: DB, paymentId: string) {
  const refund = await db
    .selectFrom("payments")
    .select(["id", "amount", "method", "bookingId", "reservationId", "venueBookingId"])
    .where("id", "=", paymentId)
    .executeTakeFirst();
  if (!refund) return undefined;
  const before = await db
    .selectFrom("payments")
    .select(["kind", "amount"])
    .where("id", "<", refund.id)
    .where((eb) =>
      refund.bookingId
        ? eb("bookingId", "=", refund.bookingId)
        : refund.reservationId
          ? eb("reservationId", "=", refund.reservationId)
          : eb("venueBookingId", "=", refund.venueBookingId),
    )
    .execute();
  const paidBefore = before.reduce((sum, p) => sum + (p.kind === "payment" ? p.amount : -p.amount), 0);
  return { amount: refund.amount, method: refund.method, paidBefore };
}

/**
 * A tax invoice: the folio as it is now (its charges, each with the taxes of its category),
 * made out to the business buyer the desk recorded or to the guest as a walk-in buyer.
 */
async function saleBody(
  db: DB,
  doc: ClaimedDocument,
  device: FiscalDeviceIds,
): Promise<{ body: VsdcSaleRequest; total: number } | { error: string }> {
  const request = { kind: doc.requestKind, id: doc.requestId };
  const [sheet, kept, extras, buyer, replaced] = await Promise.all([
    loadFolioSheet(db, request),
    getKeptPrices(db, request.kind, request.id),
    loadExtraCharges(db, request),
    getFiscalBuyer(db, request),
    doc.replacesId ? getDocument(db, doc.replacesId) : undefined,
  ]);
  if (!sheet) return { error: "The request of this invoice no longer exists." };
  const byMethod = new Map<string, number>();
  for (const line of sheet.ledger)
    byMethod.set(
      line.method,
      (byMethod.get(line.method) ?? 0) + (line.kind === "payment" ? line.amount : -line.amount),
    );
  const body = saleRequest(device, {
    invoiceNo: Number(doc.invoiceNo),
    requestKind: doc.requestKind,
    guestName: buyer?.buyer?.buyerName ?? sheet.guest.name,
    guestTpin: buyer?.buyer?.buyerTpin ?? null,
    remark: replaced
      ? `Corrected folio: replaces invoice ${replaced.invoiceNo} (ZRA ${replaced.rcptNo ?? "pending"})`
      : null,
    groups: fiscalChargeGroups(sheet.folio.charges, kept.taxes, extras),
    total: sheet.folio.total,
    payments: [...byMethod].map(([method, amount]) => ({ method, amount })),
    at: doc.createdAt,
  });
  return { body, total: sheet.folio.total };
}

export function startFiscalWorker(options: FiscalWorkerOptions): FiscalWorker {
  const { database, settings: device, client, ...tuning } = options;
  const settings = {
    ...FISCAL_DEFAULTS,
    today: () => lodgeToday(),
    ...stripUndefined(tuning),
    database,
    device,
  };
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let activated = false;

  async function initialise(db: DB, device: FiscalDeviceRow): Promise<boolean> {
    if (device.initialisedAt) return true;
    const answer = await client.post<VsdcDeviceInfo>("/initializer/selectInitInfo", {
      tpin: device.tpin,
      bhfId: device.branchId,
      dvcSrlNo: device.deviceSerial,
    });
    // 902: the device is already installed; its details are then the ones ZRA gave before.
    if (answer.resultCd !== VSDC_OK && answer.resultCd !== "902") {
      await recordDeviceContact(db, {
        ok: false,
        error: `Initialisation refused: ${answer.resultCd} ${answer.resultMsg}`,
      });
      return false;
    }
    await recordDeviceContact(db, {
      ok: true,
      initialised: true,
      sdcId: answer.data?.info?.sdcId,
      mrcNo: answer.data?.info?.mrcNo,
    });
    return true;
  }

  async function registerItems(
    db: DB,
    device: FiscalDeviceIds,
    body: VsdcSaleRequest,
  ): Promise<string | null> {
    const items = Object.values(FISCAL_ITEMS).filter((item) =>
      body.itemList.some((line) => line.itemCd === item.itemCd),
    );
    for (const item of items) {
      if (await isItemRegistered(db, item.itemCd)) continue;
      const line = body.itemList.find((l) => l.itemCd === item.itemCd);
      const answer = await client.post("/items/saveItems", {
        tpin: device.tpin,
        bhfId: device.branchId,
        itemCd: item.itemCd,
        itemClsCd: item.itemClsCd,
        itemTyCd: "3",
        itemNm: item.itemNm,
        orgnNatCd: "ZM",
        pkgUnitCd: "NT",
        qtyUnitCd: "U",
        vatCatCd: line?.vatCatCd ?? null,
        iplCatCd: null,
        tlCatCd: line?.tlCatCd ?? null,
        exciseTxCatCd: null,
        dftPrc: 0,
        useYn: "Y",
        regrId: "lodge",
        regrNm: "Lodge",
        modrId: "lodge",
        modrNm: "Lodge",
      });
      if (answer.resultCd !== VSDC_OK)
        return `Item ${item.itemCd} refused: ${answer.resultCd} ${answer.resultMsg}`;
      await recordItemRegistered(db, item.itemCd);
    }
    return null;
  }

  async function attempt(db: DB, doc: ClaimedDocument, device: FiscalDeviceRow): Promise<Outcome> {
    const ids = { tpin: device.tpin, branchId: device.branchId };
    try {
      const built = await documentBody(db, doc, ids);
      if ("error" in built) return { kind: "failed", reason: built.error };
      if (!doc.payload) await freezePayload(db, doc, built.body, built.total);
      const refused = await registerItems(db, ids, built.body);
      if (refused) return { kind: "failed", reason: refused };
      const answer = await client.post<VsdcReceipt>("/trnsSales/saveSales", built.body);
      await recordDeviceContact(db, { ok: true });
      if (answer.resultCd === VSDC_OK && answer.data?.rcptNo !== undefined)
        return { kind: "sent", receipt: answer.data };
      if (answer.resultCd === VSDC_DUPLICATE) {
        // An earlier attempt reached ZRA but its answer was lost: the sale is fiscalised once.
        if (answer.data?.rcptNo !== undefined) return { kind: "sent", receipt: answer.data };
        return {
          kind: "failed",
          reason: `ZRA already has invoice ${doc.invoiceNo} (an earlier answer was lost) but did not return its receipt: read it from the VSDC, never send it as a new sale.`,
        };
      }
      return { kind: "failed", reason: `VSDC refused it: ${answer.resultCd} ${answer.resultMsg}` };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof VsdcUnreachable) {
        await recordDeviceContact(db, { ok: false, error: reason }).catch(() => undefined);
        return { kind: "retry", reason };
      }
      throw error;
    }
  }

  async function record(db: DB, doc: ClaimedDocument, outcome: Outcome): Promise<void> {
    if (outcome.kind === "sent") await markDocumentSent(db, doc, outcome.receipt);
    else if (outcome.kind === "retry")
      await markDocumentRetry(db, doc, outcome.reason, settings, { tried: outcome.tried ?? true });
    else await markDocumentFailed(db, doc, outcome.reason);
  }

  async function drain(): Promise<void> {
    const db = await settings.database();
    if (!activated) {
      await activateDevice(db, settings.device, settings.today());
      activated = true;
    }
    await queueVenueSales(db, settings.today());
    const device = await getDevice(db);
    if (!device) return;
    try {
      if (!(await initialise(db, device))) return;
    } catch (error) {
      if (!(error instanceof VsdcUnreachable)) throw error;
      await recordDeviceContact(db, { ok: false, error: error.message });
      return;
    }
    const ready = (await getDevice(db)) ?? device;
    while (!stopping) {
      const claimed = await claimDueDocuments(db, { limit: settings.batchSize, leaseMs: settings.leaseMs });
      let unreachable: string | undefined;
      for (const [index, doc] of claimed.entries()) {
        if (stopping) {
          for (const rest of claimed.slice(index)) await releaseDocument(db, rest);
          return;
        }
        // Once the VSDC cannot be reached, the rest of the batch waits its back-off untried.
        const outcome: Outcome = unreachable
          ? { kind: "retry", reason: `not tried: ${unreachable}`, tried: false }
          : await attempt(db, doc, ready);
        if (outcome.kind === "retry") unreachable ??= outcome.reason;
        await record(db, doc, outcome);
      }
      if (claimed.length < settings.batchSize || unreachable) return;
    }
  }

  function schedule(delay: number): void {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  }

  function run(): Promise<void> {
    if (stopping) return Promise.resolve();
    running ??= drain()
      .catch((error: unknown) => {
        logger.error(
          { error: error instanceof Error ? error.message : String(error) },
          "fiscal worker pass failed",
        );
      })
      .finally(() => {
        running = undefined;
        schedule(settings.pollMs);
      });
    return running;
  }

  schedule(0);
  return {
    wake() {
      if (!running) schedule(0);
    },
    async runOnce() {
      await running;
      await run();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export interface FiscalEnv {
  VSDC_URL?: string;
  ZRA_TPIN?: string;
  ZRA_BRANCH_ID?: string;
  ZRA_DEVICE_SERIAL?: string;
}

/**
 * The server's one call: with the four settings, the device is active and the worker sends the
 * queue; without them, nothing new is queued and the bills say they are not fiscal tax invoices.
 */
export function startFiscalisation(
  database: () => Promise<DB>,
  env: FiscalEnv,
  tuning: Partial<Omit<FiscalWorkerOptions, "database" | "settings" | "client">> & {
    client?: VsdcClient;
  } = {},
): FiscalWorker {
  if (!env.VSDC_URL || !env.ZRA_TPIN || !env.ZRA_BRANCH_ID || !env.ZRA_DEVICE_SERIAL) {
    void database()
      .then((db) => deactivateDevice(db))
      .catch(() => undefined);
    return { wake() {}, runOnce: async () => {}, stop: async () => {} };
  }
  return startFiscalWorker({
    ...tuning,
    database,
    settings: { tpin: env.ZRA_TPIN, branchId: env.ZRA_BRANCH_ID, deviceSerial: env.ZRA_DEVICE_SERIAL },
    client: tuning.client ?? httpVsdcClient(env.VSDC_URL),
  });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
