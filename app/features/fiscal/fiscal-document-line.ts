import { formatLodgeTime } from "~/shared/dates.ts";
import type { FiscalDocumentRow, FiscalStatus } from "~/shared/db/schema.ts";

// A fiscal document as a row of a console table (the fiscal page, the reports' tax return).

const STATUS_LABELS: Record<FiscalStatus, string> = {
  pending: "Pending",
  sent: "Fiscalised",
  failed: "Failed: refused by the VSDC",
};

export function fiscalDocumentLine(doc: FiscalDocumentRow) {
  return {
    id: String(doc.id),
    invoiceNo: String(doc.invoiceNo),
    kindLabel:
      doc.kind === "credit"
        ? "Credit note"
        : doc.supersededAt
          ? "Tax invoice (replaced after a correction)"
          : "Tax invoice",
    written: formatLodgeTime(doc.createdAt),
    total: doc.total === null ? null : Number(doc.total),
    rcptNo: doc.rcptNo,
    status: doc.status,
    statusLabel: STATUS_LABELS[doc.status],
    lastError: doc.lastError,
    request: `/staff/requests/${doc.requestKind}/${doc.requestId}`,
  };
}
