import QRCode from "qrcode";
import { sql } from "kysely";
import type { DB } from "~/shared/db/client.server.ts";
import type { FiscalDocumentRow } from "~/shared/db/schema.ts";
import type { FiscalMarkState, FiscalMarkView } from "./fiscal-mark-view.ts";
import { getFiscalBuyer } from "./fiscal-buyer.server.ts";
import { documentsOfRequest } from "./fiscal-queue.server.ts";

// What a printed folio or receipt says about fiscalisation: ZRA's invoice, its signature data,
// the VSDC's date and time and the QR code (an SVG drawn here by the `qrcode` library), or that it
// is pending; a reprint is marked as a copy. Only staff prints (the console's folio and receipt
// pages) count: a guest looking at the bill online (/my-booking) neither counts nor sees "COPY".

/**
 * What the QR code carries: the verification address the VSDC returned, or else the invoice's
 * identifying data (TPIN, branch, ZRA's number, signature, internal data, date).
 */
export function qrText(doc: FiscalDocumentRow, tpin: string, branchId: string): string {
  if (doc.qrUrl) return doc.qrUrl;
  return [tpin, branchId, doc.rcptNo, doc.rcptSign, doc.intrlData, doc.vsdcDate].join("|");
}

export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
}

async function markOf(db: DB, doc: FiscalDocumentRow | undefined, print: boolean): Promise<FiscalMarkState> {
  if (!doc) return { state: "none" };
  const title = doc.kind === "sale" ? "Tax invoice" : "Credit note";
  if (doc.status !== "sent") return { state: doc.status, title, invoiceNo: doc.invoiceNo };
  let prints = doc.prints;
  if (print) {
    const row = await db
      .updateTable("fiscalDocuments")
      .set({ prints: sql<number>`prints + 1` })
      .where("id", "=", doc.id)
      .returning("prints")
      .executeTakeFirst();
    prints = row?.prints ?? prints + 1;
  }
  const device = await db.selectFrom("fiscalDevice").select(["tpin", "branchId"]).executeTakeFirst();
  const original =
    doc.originalId === null
      ? undefined
      : await db
          .selectFrom("fiscalDocuments")
          .select(["rcptNo", "invoiceNo"])
          .where("id", "=", doc.originalId)
          .executeTakeFirst();
  return {
    state: "sent",
    title,
    invoiceNo: doc.invoiceNo,
    rcptNo: doc.rcptNo ?? "",
    sdcId: doc.sdcId ?? "",
    mrcNo: doc.mrcNo ?? "",
    intrlData: doc.intrlData ?? "",
    rcptSign: doc.rcptSign ?? "",
    vsdcDate: doc.vsdcDate ?? "",
    tpin: device?.tpin ?? "",
    copy: print && prints > 1,
    original: original ? { rcptNo: original.rcptNo ?? "", invoiceNo: original.invoiceNo } : null,
    reason: doc.reasonCode,
    qrSvg: await qrSvg(qrText(doc, device?.tpin ?? "", device?.branchId ?? "")),
  };
}

/**
 * The fiscal mark of a request's folio (its current tax invoice), or of one refund's receipt (its
 * credit note, or that none was needed), with the business buyer the invoice is made out to.
 * `print`: a staff print, counted so the next one says "COPY"; without it (a guest's online view)
 * nothing is counted and nothing says "COPY".
 */
export async function fiscalMarkFor(
  db: DB,
  request: { kind: FiscalDocumentRow["requestKind"]; id: string },
  { paymentId, print = false }: { paymentId?: string; print?: boolean } = {},
): Promise<FiscalMarkView> {
  const [docs, buyer] = await Promise.all([documentsOfRequest(db, request), getFiscalBuyer(db, request)]);
  const credit = paymentId ? docs.find((doc) => doc.paymentId === paymentId) : undefined;
  // The folio's current invoice: a correction replaced the earlier ones.
  const sale = docs.find((doc) => doc.kind === "sale" && doc.supersededAt === null);
  const given = buyer?.buyer;
  if (paymentId && !credit && sale && (await isRefundAfterInvoicing(db, paymentId, docs)))
    return {
      state: "overpayment",
      invoiceNo: sale.invoiceNo,
      buyer: given ? { tpin: given.buyerTpin, name: given.buyerName } : null,
    };
  const mark = await markOf(db, credit ?? sale, print);
  return { ...mark, buyer: given ? { tpin: given.buyerTpin, name: given.buyerName } : null };
}

/** A refund recorded after invoicing makes a credit note unless it returned an overpayment. */
async function isRefundAfterInvoicing(
  db: DB,
  paymentId: string,
  docs: readonly FiscalDocumentRow[],
): Promise<boolean> {
  if (!/^\d{1,18}$/.test(paymentId)) return false;
  const row = await db
    .selectFrom("payments")
    .select(["kind", "at"])
    .where("id", "=", paymentId)
    .executeTakeFirst();
  if (row?.kind !== "refund") return false;
  const at = new Date(row.at).getTime();
  return docs.some((doc) => doc.kind === "sale" && new Date(doc.createdAt).getTime() <= at);
}
