// A folio as ZRA Smart Invoice's VSDC takes it (decisions.md 37, ADR 0029): the body of
// `/trnsSales/saveSales` for a tax invoice (receipt type "S") or a credit note ("R"), built from
// the folio's charge lines as the folio module computes them, whatever kind each line is. Prices
// include the taxes (decisions.md 32). Each line carries the taxes of its own tax category: a
// stay's nights (or a venue) share the taxes kept on the request, spread over them in proportion
// to their amounts, in ngwee, by largest remainder; an extra carries the taxes kept with it (food
// and services contain VAT but no levy). The lines add up to the folio's totals to the ngwee, and
// the header's taxable amount of a tax is the sum of the lines that carry it. Field names and
// codes are the VSDC API specification's (1.0.4).

import { NGWEE_PER_KWACHA } from "~/shared/money.ts";

export interface FiscalDeviceIds {
  tpin: string;
  branchId: string;
}

/** A charge line of the folio: whatever it is for, it is sold as one item. */
export interface FiscalChargeLine {
  label: string;
  /** Kwacha, tax included. */
  amount: number;
}

export interface FiscalTax {
  kind: "vat" | "levy";
  rateBp: number;
  /** Kwacha, contained in the total. */
  amount: number;
}

/**
 * Charge lines that contain the same taxes: a stay's nights (or a venue) with the taxes kept on
 * the request, or one extra with the taxes kept when it was sold.
 */
export interface FiscalChargeGroup {
  lines: readonly FiscalChargeLine[];
  taxes: readonly FiscalTax[];
}

/**
 * The folio's charge lines in groups by the taxes they contain: its own lines first (as
 * `chargeLines` lists them), then one line per extra, each with its own taxes.
 */
export function fiscalChargeGroups(
  charges: readonly FiscalChargeLine[],
  ownTaxes: readonly FiscalTax[],
  extras: readonly { taxes: readonly FiscalTax[] }[],
): FiscalChargeGroup[] {
  const own = charges.length - extras.length;
  return [
    { lines: charges.slice(0, own), taxes: ownTaxes },
    ...extras.map((extra, i) => ({ lines: charges.slice(own + i, own + i + 1), taxes: extra.taxes })),
  ].filter((group) => group.lines.length > 0);
}

export type FiscalRequestKind = "booking" | "reservation" | "venue-booking";

export interface FiscalSale {
  invoiceNo: number;
  requestKind: FiscalRequestKind;
  /** The buyer's name: the business the desk recorded, else the guest. */
  guestName: string;
  /** The buyer's TPIN when the guest is a business that gave one; null: a walk-in buyer. */
  guestTpin: string | null;
  /** A corrected folio's invoice says which one it replaces. */
  remark?: string | null;
  /** The folio's charge lines, by the taxes they contain. */
  groups: readonly FiscalChargeGroup[];
  /** The folio's total in kwacha: the sum of the charge lines. */
  total: number;
  /** Ledger methods with the money each brought in (refunds subtracted). */
  payments: readonly { method: string; amount: number }[];
  /** When it was settled: the VSDC's sale date and confirmation time are the lodge's. */
  at: Date;
}

/** ZRA's item registered for each kind of thing the lodge sells (ADR 0029). */
export interface FiscalItem {
  itemCd: string;
  itemClsCd: string;
  itemNm: string;
}

export const FISCAL_ITEMS = {
  room: { itemCd: "ZM3NTU0000001", itemClsCd: "90111502", itemNm: "Accommodation" },
  venue: { itemCd: "ZM3NTU0000002", itemClsCd: "90111500", itemNm: "Venue hire" },
  other: { itemCd: "ZM3NTU0000003", itemClsCd: "90111500", itemNm: "Lodge services" },
} as const satisfies Record<string, FiscalItem>;

/** The item a folio line is sold as: a venue booking's lines, a stay's room nights, anything else. */
export function itemFor(requestKind: FiscalRequestKind, line: FiscalChargeLine): FiscalItem {
  if (requestKind === "venue-booking") return FISCAL_ITEMS.venue;
  return /^Room /.test(line.label) ? FISCAL_ITEMS.room : FISCAL_ITEMS.other;
}

/** VSDC payment type codes (01 cash … 07 other) by ledger method; 02 credit when nothing was paid. */
const PAYMENT_TYPES: Record<string, string> = {
  Cash: "01",
  "Bank Transfer": "04",
  "Credit Card": "05",
  "Mobile Money": "06",
};

/** The payment type of a sale: the method that brought in the most money. */
export function paymentTypeCode(payments: FiscalSale["payments"]): string {
  const best = [...payments].filter((p) => p.amount > 0).sort((a, b) => b.amount - a.amount)[0];
  if (!best) return "02";
  return PAYMENT_TYPES[best.method] ?? "07";
}

/** Refund reason codes (VSDC "Refund Reason"): what a credit note's reason may be. */
export const CREDIT_REASONS = {
  "06": "Refund",
  "09": "Wrong amount or price",
  "13": "Other reason",
} as const;

/** Splits `total` ngwee over `weights` in proportion, by largest remainder: the parts add up to it. */
export function spreadNgwee(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (w * total) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

const ngwee = (kwacha: number) => Math.round(kwacha * NGWEE_PER_KWACHA);
const kwacha = (n: number) => n / NGWEE_PER_KWACHA;

/** One item line of the request, in ngwee until written; a tax it does not carry is null. */
interface ItemNgwee {
  item: FiscalItem;
  name: string;
  total: number;
  vat: number | null;
  levy: number | null;
}

/** The VSDC's item line. */
export interface VsdcItemLine {
  itemSeq: number;
  itemCd: string;
  itemClsCd: string;
  itemNm: string;
  bcd: null;
  pkgUnitCd: string;
  pkg: number;
  qtyUnitCd: string;
  qty: number;
  prc: number;
  splyAmt: number;
  dcRt: number;
  dcAmt: number;
  isrccCd: null;
  isrccNm: null;
  isrcRt: number;
  isrcAmt: number;
  vatCatCd: string | null;
  exciseTxCatCd: null;
  tlCatCd: string | null;
  iplCatCd: null;
  vatTaxblAmt: number;
  vatAmt: number;
  exciseTaxblAmt: number;
  tlTaxblAmt: number;
  tlAmt: number;
  iplTaxblAmt: number;
  iplAmt: number;
  totAmt: number;
}

/** The body of `/trnsSales/saveSales`. Amounts are kwacha with ngwee (two decimals). */
export interface VsdcSaleRequest {
  tpin: string;
  bhfId: string;
  orgInvcNo: number;
  cisInvcNo: string;
  custTpin: string | null;
  custNm: string;
  salesTyCd: "N";
  rcptTyCd: "S" | "R";
  pmtTyCd: string;
  salesSttsCd: "02";
  cfmDt: string;
  salesDt: string;
  stockRlsDt: null;
  cnclReqDt: null;
  cnclDt: null;
  rfdDt: string | null;
  rfdRsnCd: string | null;
  totItemCnt: number;
  taxblAmtA: number;
  taxRtA: number;
  taxAmtA: number;
  taxblAmtTl: number;
  taxRtTl: number;
  taxAmtTl: number;
  totTaxblAmt: number;
  totTaxAmt: number;
  totAmt: number;
  prchrAcptcYn: "N";
  remark: string | null;
  regrId: string;
  regrNm: string;
  modrId: string;
  modrNm: string;
  saleCtyCd: "1";
  currencyTyCd: "ZMW";
  exchangeRt: "1";
  itemList: VsdcItemLine[];
}

const LODGE_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lusaka",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** yyyyMMddHHmmss in the lodge's time zone (the VSDC's date-time format). */
export function vsdcDateTime(at: Date): string {
  const parts = Object.fromEntries(LODGE_CLOCK.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}

function itemsOf(sale: FiscalSale): ItemNgwee[] {
  return sale.groups.flatMap((group) => {
    const totals = group.lines.map((line) => ngwee(line.amount));
    const spread = (kind: FiscalTax["kind"]) => {
      const taxes = group.taxes.filter((t) => t.kind === kind);
      if (taxes.length === 0) return null;
      return spreadNgwee(totals, ngwee(taxes.reduce((sum, t) => sum + t.amount, 0)));
    };
    const vat = spread("vat");
    const levy = spread("levy");
    return group.lines.map((line, i) => ({
      item: itemFor(sale.requestKind, line),
      name: line.label,
      total: totals[i] ?? 0,
      vat: vat ? (vat[i] ?? 0) : null,
      levy: levy ? (levy[i] ?? 0) : null,
    }));
  });
}

/** The rate of a tax in percent: the first the sale's lines carry. */
function rateOf(taxes: readonly FiscalTax[], kind: FiscalTax["kind"]): number {
  return (taxes.find((t) => t.kind === kind)?.rateBp ?? 0) / 100;
}

interface Header {
  device: FiscalDeviceIds;
  invoiceNo: number;
  guestName: string;
  guestTpin: string | null;
  pmtTyCd: string;
  at: Date;
  /** Percent. */
  rates: { vat: number; levy: number };
  remark?: string | null;
}

function request(
  header: Header,
  items: readonly ItemNgwee[],
  credit: { orgInvcNo: number; reasonCode: string } | null,
): VsdcSaleRequest {
  const itemList = items.map((line, i): VsdcItemLine => {
    const net = line.total - (line.vat ?? 0) - (line.levy ?? 0);
    return {
      itemSeq: i + 1,
      itemCd: line.item.itemCd,
      itemClsCd: line.item.itemClsCd,
      itemNm: line.name.slice(0, 200),
      bcd: null,
      pkgUnitCd: "NT",
      pkg: 1,
      qtyUnitCd: "U",
      qty: 1,
      prc: kwacha(line.total),
      splyAmt: kwacha(line.total),
      dcRt: 0,
      dcAmt: 0,
      isrccCd: null,
      isrccNm: null,
      isrcRt: 0,
      isrcAmt: 0,
      vatCatCd: line.vat === null ? null : "A",
      exciseTxCatCd: null,
      tlCatCd: line.levy === null ? null : "TL",
      iplCatCd: null,
      vatTaxblAmt: line.vat === null ? 0 : kwacha(net),
      vatAmt: kwacha(line.vat ?? 0),
      exciseTaxblAmt: 0,
      tlTaxblAmt: line.levy === null ? 0 : kwacha(net),
      tlAmt: kwacha(line.levy ?? 0),
      iplTaxblAmt: 0,
      iplAmt: 0,
      totAmt: kwacha(line.total),
    };
  });
  const sum = (pick: (line: ItemNgwee) => number) => items.reduce((total, line) => total + pick(line), 0);
  const total = sum((l) => l.total);
  const vat = sum((l) => l.vat ?? 0);
  const levy = sum((l) => l.levy ?? 0);
  const net = total - vat - levy;
  // A tax's taxable amount: the net of the lines that carry it.
  const taxable = (carries: (line: ItemNgwee) => boolean) =>
    sum((l) => (carries(l) ? l.total - (l.vat ?? 0) - (l.levy ?? 0) : 0));
  const at = vsdcDateTime(header.at);
  return {
    tpin: header.device.tpin,
    bhfId: header.device.branchId,
    orgInvcNo: credit?.orgInvcNo ?? 0,
    cisInvcNo: String(header.invoiceNo),
    custTpin: header.guestTpin,
    custNm: header.guestName.slice(0, 60),
    salesTyCd: "N",
    rcptTyCd: credit ? "R" : "S",
    pmtTyCd: header.pmtTyCd,
    salesSttsCd: "02",
    cfmDt: at,
    salesDt: at.slice(0, 8),
    stockRlsDt: null,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: credit ? at : null,
    rfdRsnCd: credit?.reasonCode ?? null,
    totItemCnt: itemList.length,
    taxblAmtA: kwacha(taxable((l) => l.vat !== null)),
    taxRtA: header.rates.vat,
    taxAmtA: kwacha(vat),
    taxblAmtTl: kwacha(taxable((l) => l.levy !== null)),
    taxRtTl: header.rates.levy,
    taxAmtTl: kwacha(levy),
    totTaxblAmt: kwacha(net),
    totTaxAmt: kwacha(vat + levy),
    totAmt: kwacha(total),
    prchrAcptcYn: "N",
    remark: credit ? `Credit note for invoice ${credit.orgInvcNo}` : (header.remark ?? null),
    regrId: "lodge",
    regrNm: "Lodge",
    modrId: "lodge",
    modrNm: "Lodge",
    saleCtyCd: "1",
    currencyTyCd: "ZMW",
    exchangeRt: "1",
    itemList,
  };
}

/** The tax invoice of a settled folio. */
export function saleRequest(device: FiscalDeviceIds, sale: FiscalSale): VsdcSaleRequest {
  return request(
    {
      device,
      invoiceNo: sale.invoiceNo,
      guestName: sale.guestName,
      guestTpin: sale.guestTpin,
      pmtTyCd: paymentTypeCode(sale.payments),
      at: sale.at,
      rates: {
        vat: rateOf(
          sale.groups.flatMap((g) => g.taxes),
          "vat",
        ),
        levy: rateOf(
          sale.groups.flatMap((g) => g.taxes),
          "levy",
        ),
      },
      remark: sale.remark,
    },
    itemsOf(sale),
    null,
  );
}

/**
 * The part of a refund that reduces the sale: what is not money paid beyond the folio's total
 * before it (an overpayment given back was never sold). Kwacha.
 */
export function refundedSale(refund: { amount: number; paidBefore: number }, folioTotal: number): number {
  return Math.max(0, refund.amount - Math.max(0, refund.paidBefore - folioTotal));
}

export interface FiscalCredit {
  invoiceNo: number;
  /** ZRA's receipt number of the invoice it corrects. */
  orgInvcNo: number;
  reasonCode: keyof typeof CREDIT_REASONS;
  /** Kwacha credited: at most what the original still has uncredited. */
  amount: number;
  at: Date;
  /** The refund's ledger method (its payment type); null: a correction, paid as the invoice was. */
  method: string | null;
}

/**
 * A credit note for part or all of an invoice: its lines are the original's, scaled to the amount
 * credited (largest remainder), and each line's taxes are its own scaled likewise, so a line
 * without the levy still has none and the taxes credited stay in proportion to the invoice's.
 */
export function creditRequest(original: VsdcSaleRequest, credit: FiscalCredit): VsdcSaleRequest {
  const originalNgwee = original.itemList.map((line) => ngwee(line.totAmt));
  const lines = spreadNgwee(originalNgwee, ngwee(credit.amount));
  const scaled = (tax: (line: VsdcItemLine) => number, headerTax: number) => {
    const exact = original.itemList.map(
      (line, i) => (ngwee(tax(line)) * (lines[i] ?? 0)) / (originalNgwee[i] || 1),
    );
    const whole = Math.round((ngwee(headerTax) * ngwee(credit.amount)) / ngwee(original.totAmt || 1));
    return spreadNgwee(exact, exact.some((x) => x > 0) ? whole : 0);
  };
  const vat = scaled((line) => line.vatAmt, original.taxAmtA);
  const levy = scaled((line) => line.tlAmt, original.taxAmtTl);
  const items = original.itemList.map((line, i) => ({
    item: { itemCd: line.itemCd, itemClsCd: line.itemClsCd, itemNm: line.itemNm },
    name: line.itemNm,
    total: lines[i] ?? 0,
    vat: line.vatCatCd ? (vat[i] ?? 0) : null,
    levy: line.tlCatCd ? (levy[i] ?? 0) : null,
  }));
  return request(
    {
      device: { tpin: original.tpin, branchId: original.bhfId },
      invoiceNo: credit.invoiceNo,
      guestName: original.custNm,
      guestTpin: original.custTpin,
      pmtTyCd: credit.method === null ? original.pmtTyCd : (PAYMENT_TYPES[credit.method] ?? "07"),
      at: credit.at,
      rates: { vat: original.taxRtA, levy: original.taxRtTl },
    },
    items.filter((line) => line.total > 0),
    { orgInvcNo: credit.orgInvcNo, reasonCode: credit.reasonCode },
  );
}
