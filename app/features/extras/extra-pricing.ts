// Extras priced, taxed and kept like nights (decisions.md 32 and 38, ADR 0028): one pure module
// for the booking form's quote, the server that keeps the lines, the folio and the tests.
// Amounts are stored in ngwee; the lodge's prices are whole kwacha, so every amount here is a
// whole number of kwacha times 100, and taxes round to the kwacha like the nights' taxes do.
import { formatKwacha, NGWEE_PER_KWACHA } from "../../shared/money.ts";
import type { ExtraBasis, TaxCategory } from "../../shared/db/schema.ts";
import { taxLines, type TaxLine, type TaxSettings } from "../pricing/rates.ts";

/**
 * Which of the lodge's taxes each category carries: the tourism levy is a tax on accommodation and
 * on events (decisions.md 32), so late check-out and conference packages carry it; food, drink and
 * other services carry VAT only (when the lodge is VAT-registered).
 */
export const TAX_CATEGORY_LEVIED: Readonly<Record<TaxCategory, boolean>> = {
  accommodation: true,
  food: false,
  services: false,
  events: true,
};

export const TAX_CATEGORY_LABELS: Readonly<Record<TaxCategory, string>> = {
  accommodation: "Accommodation (VAT and tourism levy)",
  food: "Food and drink (VAT)",
  services: "Other services (VAT)",
  events: "Events and conferences (VAT and tourism levy)",
};

export const BASIS_LABELS: Readonly<Record<ExtraBasis, string>> = {
  item: "per item",
  night: "per night",
  person: "per person",
  "person-night": "per person per night",
};

/** A catalogue entry as priced: its price in ngwee. */
export interface PricedExtra {
  id: number;
  name: string;
  priceNgwee: number;
  basis: ExtraBasis;
  taxCategory: TaxCategory;
}

/** How many units of an extra a stay takes: `items` for one counted per item. */
export function extraQuantity(basis: ExtraBasis, stay: { nights: number; guests: number; items?: number }) {
  const nights = Math.max(1, stay.nights);
  const guests = Math.max(1, stay.guests);
  switch (basis) {
    case "item":
      return Math.max(1, stay.items ?? 1);
    case "night":
      return nights;
    case "person":
      return guests;
    case "person-night":
      return nights * guests;
  }
}

/** One charge as kept on the bill: amounts in ngwee, its taxes contained in its amount. */
export interface ChargeLine {
  name: string;
  basis: ExtraBasis;
  taxCategory: TaxCategory;
  unitPriceNgwee: number;
  quantity: number;
  amountNgwee: number;
  vatRateBp: number;
  vatNgwee: number;
  levyRateBp: number;
  levyNgwee: number;
}

/** Prices `quantity` units of an extra at the lodge's tax settings of the day. */
export function priceCharge(extra: PricedExtra, quantity: number, taxes: TaxSettings): ChargeLine {
  const amountNgwee = extra.priceNgwee * quantity;
  // Taxes round to the kwacha, half up, as the nights' do (rates.ts taxLines).
  const lines = taxLines(amountNgwee / NGWEE_PER_KWACHA, taxes, TAX_CATEGORY_LEVIED[extra.taxCategory]);
  const vat = lines.find((line) => line.kind === "vat");
  const levy = lines.find((line) => line.kind === "levy");
  return {
    name: extra.name,
    basis: extra.basis,
    taxCategory: extra.taxCategory,
    unitPriceNgwee: extra.priceNgwee,
    quantity,
    amountNgwee,
    vatRateBp: vat?.rateBp ?? 0,
    vatNgwee: (vat?.amount ?? 0) * NGWEE_PER_KWACHA,
    levyRateBp: levy?.rateBp ?? 0,
    levyNgwee: (levy?.amount ?? 0) * NGWEE_PER_KWACHA,
  };
}

/** The tax lines a charge contains, in kwacha, as the folio lists them. */
export function chargeTaxLines(charge: ChargeLine): TaxLine[] {
  const lines: TaxLine[] = [];
  if (charge.vatRateBp > 0)
    lines.push({ kind: "vat", rateBp: charge.vatRateBp, amount: charge.vatNgwee / NGWEE_PER_KWACHA });
  if (charge.levyRateBp > 0)
    lines.push({ kind: "levy", rateBp: charge.levyRateBp, amount: charge.levyNgwee / NGWEE_PER_KWACHA });
  return lines;
}

/** 'Breakfast, 6 × K150 (per person per night)'. */
export function chargeLabel(charge: Pick<ChargeLine, "name" | "basis" | "quantity" | "unitPriceNgwee">) {
  return `${charge.name}, ${charge.quantity} × ${formatKwacha(charge.unitPriceNgwee / NGWEE_PER_KWACHA)} (${BASIS_LABELS[charge.basis]})`;
}

/** A booking form's checkbox for an extra is named `extra-<id>` (one name per extra, sent as "on"). */
export const EXTRA_FIELD_PREFIX = "extra-";

/** The extras a form chose: the ids of its `extra-<id>` fields sent as "on". */
export function chosenExtraIds(fields: Readonly<Record<string, unknown>>): number[] {
  return Object.entries(fields)
    .filter(([name, value]) => name.startsWith(EXTRA_FIELD_PREFIX) && value === "on")
    .map(([name]) => Number(name.slice(EXTRA_FIELD_PREFIX.length)))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** What the chosen extras add to a stay's quote: their lines, in kwacha, and the taxes they contain. */
export interface ExtrasQuote {
  lines: { label: string; amount: number }[];
  total: number;
  taxes: TaxLine[];
}

/**
 * The chosen extras priced for the stay's nights and guests, as the booking will keep them
 * (keepGuestExtras prices them with the same priceCharge). Without tax settings, no tax lines.
 */
export function quoteExtras(
  extras: readonly PricedExtra[],
  chosen: readonly number[],
  stay: { nights: number; guests: number },
  taxes: TaxSettings | undefined,
): ExtrasQuote {
  const none: TaxSettings = { vatRegistered: false, vatRateBp: 0, levyRateBp: 0 };
  const charges = extras
    .filter((extra) => chosen.includes(extra.id))
    .map((extra) => priceCharge(extra, extraQuantity(extra.basis, stay), taxes ?? none));
  return {
    lines: charges.map((charge) => ({
      label: chargeLabel(charge),
      amount: charge.amountNgwee / NGWEE_PER_KWACHA,
    })),
    total: charges.reduce((sum, charge) => sum + charge.amountNgwee, 0) / NGWEE_PER_KWACHA,
    taxes: charges.flatMap(chargeTaxLines),
  };
}
