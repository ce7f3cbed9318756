import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TAX_CATEGORY_LEVIED } from "~/features/extras/extra-pricing.ts";
import { buildFolio, type Chargeable, type ExtraCharge } from "~/features/pricing/folio.ts";
import { taxLines } from "~/features/pricing/rates.ts";
import {
  creditRequest,
  fiscalChargeGroups,
  paymentTypeCode,
  saleRequest,
  spreadNgwee,
  vsdcDateTime,
  type FiscalSale,
} from "./fiscal-invoice.ts";

const DEVICE = { tpin: "1002003004", branchId: "000" };
const cents = (value: number) => Math.round(value * 100);

/** A stay whose kept nights differ in price, or a venue booking: the folio module's own lines. */
const chargeable = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 14 }).map((prices): Chargeable => {
    const total = prices.reduce((a, b) => a + b, 0);
    return {
      kind: "booking",
      roomNumber: "101",
      roomType: "Deluxe",
      checkIn: "2032-01-01",
      checkOut: "2032-01-15",
      price: prices[0] ?? 0,
      totalPrice: total,
      kept: {
        nights: prices.map(
          (price, i) => ({ night: `2032-01-${String(i + 1).padStart(2, "0")}`, price }) as never,
        ),
        taxes: taxLines(total, { vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 }),
      },
    };
  }),
  fc.integer({ min: 0, max: 200_000 }).map((total): Chargeable => ({
    kind: "venue-booking",
    venueName: "Garden",
    bookingDate: "2032-02-01",
    numberOfPeople: 40,
    totalPrice: total,
    kept: { nights: [], taxes: taxLines(total, { vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 }) },
  })),
);

const TAXES = { vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 };

/** Extras of every tax category, each with the taxes its category carries. */
const extras = fc.array(
  fc
    .record({
      category: fc.constantFrom(
        ...(Object.keys(TAX_CATEGORY_LEVIED) as (keyof typeof TAX_CATEGORY_LEVIED)[]),
      ),
      ngwee: fc.integer({ min: 0, max: 2_000_000 }),
    })
    .map(({ category, ngwee }): ExtraCharge => ({
      label: `Extra (${category})`,
      detail: null,
      amount: ngwee / 100,
      taxes: taxLines(ngwee / 100, TAXES, TAX_CATEGORY_LEVIED[category]),
    })),
  { maxLength: 6 },
);

function saleOf(request: Chargeable): FiscalSale {
  const folio = buildFolio(request, []);
  return {
    invoiceNo: 7,
    requestKind: request.kind === "venue-booking" ? "venue-booking" : "booking",
    guestName: "Chanda Mwila",
    guestTpin: null,
    groups: fiscalChargeGroups(folio.charges, request.kept?.taxes ?? [], request.extras ?? []),
    total: folio.total,
    payments: [],
    at: new Date("2032-01-15T08:00:00Z"),
  };
}

describe("fiscal invoice of a folio", () => {
  it("gives each line its own category's taxes, adding up per tax to the folio's", () => {
    fc.assert(
      fc.property(chargeable, extras, (stay, added) => {
        const request = { ...stay, extras: added };
        const folio = buildFolio(request, []);
        const body = saleRequest(DEVICE, saleOf(request));
        const folioTax = (kind: string) =>
          folio.taxes
            .filter((t) => t.label.startsWith(kind === "vat" ? "Of which VAT" : "Of which Tourism"))
            .reduce((sum, t) => sum + cents(t.amount), 0);
        const sum = (pick: (line: (typeof body.itemList)[number]) => number) =>
          body.itemList.reduce((total, line) => total + cents(pick(line)), 0);
        expect(sum((l) => l.vatAmt)).toBe(folioTax("vat"));
        expect(sum((l) => l.tlAmt)).toBe(folioTax("levy"));
        expect(cents(body.taxAmtA)).toBe(folioTax("vat"));
        expect(cents(body.taxAmtTl)).toBe(folioTax("levy"));
        // The header's taxable amount of a tax is the lines' that carry it.
        expect(cents(body.taxblAmtA)).toBe(sum((l) => l.vatTaxblAmt));
        expect(cents(body.taxblAmtTl)).toBe(sum((l) => l.tlTaxblAmt));
        const own = body.itemList.length - added.length;
        added.forEach((extra, i) => {
          const line = body.itemList[own + i]!;
          const levy = extra.taxes.find((t) => t.kind === "levy");
          expect(cents(line.totAmt)).toBe(cents(extra.amount));
          expect(cents(line.vatAmt)).toBe(cents(extra.taxes.find((t) => t.kind === "vat")?.amount ?? 0));
          if (levy) expect(cents(line.tlAmt)).toBe(cents(levy.amount));
          else expect(line).toMatchObject({ tlCatCd: null, tlAmt: 0, tlTaxblAmt: 0 });
        });
        // A credit note keeps each line's categories: a VAT-only line gets no levy back.
        fc.pre(folio.total >= 1);
        const credit = creditRequest(body, {
          invoiceNo: 8,
          orgInvcNo: 7,
          reasonCode: "06",
          amount: Math.max(1, Math.floor(folio.total / 3)),
          at: new Date(),
          method: "Cash",
        });
        for (const line of credit.itemList) if (line.tlCatCd === null) expect(line.tlAmt).toBe(0);
        expect(credit.itemList.reduce((t, l) => t + cents(l.tlAmt), 0)).toBe(cents(credit.taxAmtTl));
      }),
    );
  });

  it("carries the levy on a stay's nights, not on a breakfast", () => {
    const body = saleRequest(
      DEVICE,
      saleOf({
        kind: "booking",
        roomNumber: "101",
        roomType: "Deluxe",
        checkIn: "2032-01-01",
        checkOut: "2032-01-03",
        price: 200,
        totalPrice: 400,
        kept: { nights: [], taxes: taxLines(400, TAXES) },
        extras: [{ label: "Breakfast", detail: null, amount: 300, taxes: taxLines(300, TAXES, false) }],
      }),
    );
    expect(body.itemList.map((l) => [l.tlCatCd, l.tlAmt, l.vatAmt])).toEqual([
      ["TL", 5, 54],
      [null, 0, 41],
    ]);
    expect(body).toMatchObject({ taxAmtTl: 5, taxAmtA: 95, taxblAmtTl: 341 });
  });

  it("equals the folio's total and taxes to the ngwee, and its lines add up to its header", () => {
    fc.assert(
      fc.property(chargeable, (request) => {
        const folio = buildFolio(request, []);
        const taxes = request.kept?.taxes ?? [];
        const body = saleRequest(DEVICE, {
          invoiceNo: 7,
          requestKind: request.kind === "venue-booking" ? "venue-booking" : "booking",
          guestName: "Chanda Mwila",
          guestTpin: null,
          groups: fiscalChargeGroups(folio.charges, taxes, []),
          total: folio.total,
          payments: [],
          at: new Date("2032-01-15T08:00:00Z"),
        });
        const vat = taxes.find((t) => t.kind === "vat")?.amount ?? 0;
        const levy = taxes.find((t) => t.kind === "levy")?.amount ?? 0;
        expect(cents(body.totAmt)).toBe(cents(folio.total));
        expect(cents(body.taxAmtA)).toBe(cents(vat));
        expect(cents(body.taxAmtTl)).toBe(cents(levy));
        expect(cents(body.totTaxblAmt) + cents(body.totTaxAmt)).toBe(cents(body.totAmt));
        const sum = (pick: (line: (typeof body.itemList)[number]) => number) =>
          body.itemList.reduce((total, line) => total + cents(pick(line)), 0);
        expect(sum((l) => l.totAmt)).toBe(cents(body.totAmt));
        expect(sum((l) => l.vatAmt)).toBe(cents(body.taxAmtA));
        expect(sum((l) => l.tlAmt)).toBe(cents(body.taxAmtTl));
        expect(body.itemList).toHaveLength(folio.charges.length);
        expect(body).toMatchObject({ rcptTyCd: "S", cisInvcNo: "7", pmtTyCd: "02", orgInvcNo: 0 });
      }),
    );
  });

  it("credits part of an invoice with lines and taxes that add up to the amount credited", () => {
    fc.assert(
      fc.property(chargeable, fc.double({ min: 0, max: 1, noNaN: true }), (request, share) => {
        const folio = buildFolio(request, []);
        const original = saleRequest(DEVICE, {
          invoiceNo: 1,
          requestKind: "booking",
          guestName: "Chanda Mwila",
          guestTpin: null,
          groups: fiscalChargeGroups(folio.charges, request.kept?.taxes ?? [], []),
          total: folio.total,
          payments: [{ method: "Cash", amount: folio.total }],
          at: new Date(),
        });
        const amount = Math.max(1, Math.floor(folio.total * share));
        fc.pre(folio.total >= 1);
        const credit = creditRequest(original, {
          invoiceNo: 2,
          orgInvcNo: 41,
          reasonCode: "06",
          amount,
          at: new Date(),
          method: "Mobile Money",
        });
        expect(credit).toMatchObject({ rcptTyCd: "R", orgInvcNo: 41, rfdRsnCd: "06", pmtTyCd: "06" });
        expect(cents(credit.totAmt)).toBe(cents(amount));
        expect(credit.itemList.reduce((t, l) => t + cents(l.totAmt), 0)).toBe(cents(amount));
        expect(credit.itemList.reduce((t, l) => t + cents(l.vatAmt), 0)).toBe(cents(credit.taxAmtA));
        expect(cents(credit.taxAmtA)).toBeLessThanOrEqual(cents(original.taxAmtA));
      }),
    );
  });

  it("spreads ngwee by largest remainder", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000)), fc.nat(1_000_000), (weights, total) => {
        fc.pre(weights.length > 0);
        expect(spreadNgwee(weights, total).reduce((a, b) => a + b, 0)).toBe(total);
      }),
    );
  });

  it("names the payment type by the method that brought the most", () => {
    expect(
      paymentTypeCode([
        { method: "Cash", amount: 100 },
        { method: "Mobile Money", amount: 300 },
      ]),
    ).toBe("06");
    expect(paymentTypeCode([{ method: "Credit Card", amount: 10 }])).toBe("05");
    expect(paymentTypeCode([])).toBe("02");
  });

  it("writes the VSDC's date and time in the lodge's time zone", () => {
    expect(vsdcDateTime(new Date("2032-01-15T22:30:05Z"))).toBe("20320116003005");
  });
});
