// What a printed bill says about fiscalisation, as the page gets it (fiscal-mark.server.ts).

/** The business a tax invoice is made out to; null: the guest, as a walk-in buyer. */
export interface FiscalBuyerView {
  tpin: string;
  name: string;
}

export type FiscalMarkView = FiscalMarkState & { buyer: FiscalBuyerView | null };

export type FiscalMarkState =
  /** Not fiscalised: no VSDC, or not settled yet. The bill says it is not a fiscal tax invoice. */
  | { state: "none" }
  /** A refund of money paid beyond the folio's total: the sale is unchanged, no credit note. */
  | { state: "overpayment"; invoiceNo: string }
  /** Queued, or refused and waiting for a manager: the bill says fiscalisation is pending. */
  | { state: "pending" | "failed"; title: string; invoiceNo: string }
  | {
      state: "sent";
      title: string;
      invoiceNo: string;
      rcptNo: string;
      sdcId: string;
      mrcNo: string;
      intrlData: string;
      rcptSign: string;
      /** The VSDC's date and time, as it gave them (yyyyMMddHHmmss). */
      vsdcDate: string;
      tpin: string;
      /** Printed by staff before: this print is a copy (a guest's online view never is). */
      copy: boolean;
      /** A credit note's invoice. */
      original: { rcptNo: string; invoiceNo: string } | null;
      reason: string | null;
      qrSvg: string;
    };

/** 20261127143005 → 2026-11-27 14:30:05; anything else as it is. */
export function vsdcDateText(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : value;
}
