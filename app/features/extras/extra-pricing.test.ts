import { NGWEE_PER_KWACHA } from "../../shared/money.ts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildFolio, type Chargeable } from "../pricing/folio.ts";
import { EXTRA_BASES, TAX_CATEGORIES } from "../../shared/db/schema.ts";
import { taxLines } from "../pricing/rates.ts";
import { chargeTaxLines, extraQuantity, priceCharge, quoteExtras } from "./extra-pricing.ts";

const taxSettings = fc.record({
  vatRegistered: fc.boolean(),
  vatRateBp: fc.integer({ min: 0, max: 2500 }),
  levyRateBp: fc.integer({ min: 0, max: 500 }),
});

const extra = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  name: fc.constantFrom("Breakfast", "Transfer", "Laundry", "Late check-out"),
  priceNgwee: fc.integer({ min: 0, max: 5000 }).map((kwacha) => kwacha * NGWEE_PER_KWACHA),
  basis: fc.constantFrom(...EXTRA_BASES),
  taxCategory: fc.constantFrom(...TAX_CATEGORIES),
});

describe("extras on the bill", () => {
  it("counts per item, night, person and person per night", () => {
    const stay = { nights: 3, guests: 2 };
    expect(EXTRA_BASES.map((basis) => extraQuantity(basis, stay))).toEqual([1, 3, 2, 6]);
    expect(extraQuantity("item", { ...stay, items: 4 })).toBe(4);
  });

  it("taxes food with VAT only and accommodation with VAT and the levy, to the kwacha", () => {
    const taxes = { vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 };
    const breakfast = {
      id: 1,
      name: "Breakfast",
      priceNgwee: 15_000,
      basis: "person-night" as const,
      taxCategory: "food" as const,
    };
    const line = priceCharge(breakfast, 6, taxes);
    expect(line).toMatchObject({
      amountNgwee: 90_000,
      vatRateBp: 1600,
      vatNgwee: 12_400,
      levyRateBp: 0,
      levyNgwee: 0,
    });
    const late = priceCharge(
      {
        ...breakfast,
        name: "Late check-out",
        basis: "item",
        priceNgwee: 30_000,
        taxCategory: "accommodation",
      },
      1,
      taxes,
    );
    expect(chargeTaxLines(late)).toEqual([
      { kind: "vat", rateBp: 1600, amount: 41 },
      { kind: "levy", rateBp: 150, amount: 4 },
    ]);
  });

  it("a folio's total is its nights plus its charges, and its taxes the nights' plus the charges', to the ngwee", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 14 }),
        fc.array(fc.tuple(extra, fc.integer({ min: 1, max: 20 })), { maxLength: 8 }),
        taxSettings,
        (nightPrices, sold, taxes) => {
          const nightsTotal = nightPrices.reduce((sum, price) => sum + price, 0);
          const nightTaxes = taxLines(nightsTotal, taxes);
          const charges = sold.map(([item, quantity]) => priceCharge(item, quantity, taxes));
          const stay: Chargeable = {
            kind: "booking",
            roomNumber: "101",
            roomType: "Deluxe",
            checkIn: "2031-01-01",
            checkOut: `2031-01-${String(1 + nightPrices.length).padStart(2, "0")}`,
            price: nightPrices[0]!,
            totalPrice: nightsTotal,
            kept: {
              nights: nightPrices.map((price, index) => ({
                night: `2031-01-${String(1 + index).padStart(2, "0")}`,
                price,
                rule: null,
              })),
              taxes: nightTaxes,
            },
            extras: charges.map((charge) => ({
              label: charge.name,
              detail: null,
              amount: charge.amountNgwee / NGWEE_PER_KWACHA,
              taxes: chargeTaxLines(charge),
            })),
          };
          const folio = buildFolio(stay, []);
          const toNgwee = (kwacha: number) => Math.round(kwacha * NGWEE_PER_KWACHA);
          const chargesNgwee = charges.reduce((sum, charge) => sum + charge.amountNgwee, 0);
          expect(toNgwee(folio.total)).toBe(nightsTotal * NGWEE_PER_KWACHA + chargesNgwee);
          expect(toNgwee(folio.charges.reduce((sum, line) => sum + line.amount, 0))).toBe(
            toNgwee(folio.total),
          );
          const taxNgwee = (kind: "vat" | "levy") =>
            nightTaxes
              .filter((line) => line.kind === kind)
              .reduce((sum, line) => sum + line.amount * 100, 0) +
            charges.reduce((sum, charge) => sum + (kind === "vat" ? charge.vatNgwee : charge.levyNgwee), 0);
          const folioTax = (kind: "vat" | "levy") =>
            folio.taxes
              .filter((line) => line.label.startsWith(kind === "vat" ? "Of which VAT" : "Of which Tourism"))
              .reduce((sum, line) => sum + toNgwee(line.amount), 0);
          expect(folioTax("vat")).toBe(taxNgwee("vat"));
          expect(folioTax("levy")).toBe(taxNgwee("levy"));
          // Taxes are contained in the total, never more than it.
          expect(folioTax("vat") + folioTax("levy")).toBeLessThanOrEqual(toNgwee(folio.total));
          expect(folio.balance).toBe(folio.total);
        },
      ),
    );
  });

  it("quotes what the booking keeps", () => {
    const taxes = { vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 };
    const breakfast = {
      id: 7,
      name: "Breakfast",
      priceNgwee: 15_000,
      basis: "person-night" as const,
      taxCategory: "food" as const,
    };
    const quote = quoteExtras([breakfast], [7], { nights: 3, guests: 2 }, taxes);
    expect(quote).toEqual({
      lines: [{ label: "Breakfast, 6 × K150 (per person per night)", amount: 900 }],
      total: 900,
      taxes: [{ kind: "vat", rateBp: 1600, amount: 124 }],
    });
    expect(quoteExtras([breakfast], [], { nights: 3, guests: 2 }, taxes).total).toBe(0);
  });
});
