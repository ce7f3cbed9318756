import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../shared/dates.ts";
import { buildFolio, chargeLines, type Chargeable } from "./folio.ts";
import {
  addSupplements,
  DEFAULT_OCCUPANCY,
  listedQuote,
  nightSupplement,
  partyQuote,
  quoteStay,
  type Occupancy,
  type RateRule,
} from "./rates.ts";

// Prices by occupancy (ADR 0031): a night = its rate + max(0, adults − covered) × the extra adult
// supplement + children × the child supplement, the supplements the room's or a winning rule's.

const room: Occupancy = { coveredAdults: 2, adultSupplement: 150, childSupplement: 75 };
const festive: RateRule = {
  id: 1,
  name: "Festive season",
  roomTypes: [],
  startsOn: "2026-12-20",
  endsOn: "2027-01-05",
  weekdays: [],
  kind: "fixed",
  value: 600,
  adultSupplement: 200,
  childSupplement: null,
};
const weekend: RateRule = {
  id: 2,
  name: "Weekend",
  roomTypes: [],
  startsOn: "2026-01-01",
  endsOn: "2027-12-31",
  weekdays: [5, 6],
  kind: "percent",
  value: 20,
};

function quoted(checkIn: string, checkOut: string, guests: { adults: number; children: number }) {
  const base = quoteStay(400, [festive, weekend], "Deluxe", checkIn, checkOut, { occupancy: room });
  return addSupplements(base, base.rates ?? [], room.coveredAdults, guests);
}

describe("the night price by occupancy", () => {
  it("adds each extra adult's and each child's supplement to every night", () => {
    // 3 adults and a child in a room for 2, two weekday nights in March: 400 + 150 + 75.
    const quote = quoted("2026-03-02", "2026-03-04", { adults: 3, children: 1 });
    expect(quote.nights.map((night) => [night.price, night.supplement])).toEqual([
      [625, 225],
      [625, 225],
    ]);
    expect(quote.total).toBe(1250);
  });

  it("takes a rule's own supplement and keeps the room's where the rule sets none", () => {
    // 2026-12-21 is a Monday: the season's K600 and its K200 extra adult, the room's K75 child.
    const [night] = quoted("2026-12-21", "2026-12-22", { adults: 3, children: 1 }).nights;
    expect(night).toMatchObject({ price: 600 + 200 + 75, supplement: 275, rule: "Festive season" });
  });

  it("covers several rooms' adults together", () => {
    const base = quoteStay(400, [], "Deluxe", "2026-03-02", "2026-03-03", { occupancy: room });
    const listed = listedQuote(base, { type: "Deluxe", price: 400, ...room }, "2026-03-02", "2026-03-03");
    expect(partyQuote(listed, { adults: 4, children: 0 }, 2).total).toBe(800);
    expect(partyQuote(listed, { adults: 5, children: 0 }, 2).total).toBe(950);
  });

  it("lists no rates and adds nothing where no supplement is set", () => {
    const base = quoteStay(400, [], "Deluxe", "2026-03-02", "2026-03-05", { occupancy: DEFAULT_OCCUPANCY });
    expect(base.rates).toEqual([]);
    expect(addSupplements(base, base.rates ?? [], 2, { adults: 9, children: 9 })).toEqual({
      total: 1200,
      nights: base.nights,
    });
  });

  it("counts what is not a count of guests as none", () => {
    expect(nightSupplement({ adult: 100, child: 50 }, 2, { adults: Number.NaN, children: -3 })).toBe(0);
  });
});

const guests = fc.record({
  adults: fc.integer({ min: 0, max: 12 }),
  children: fc.integer({ min: 0, max: 12 }),
});
const rates = fc.record({
  adult: fc.integer({ min: 0, max: 5000 }),
  child: fc.integer({ min: 0, max: 5000 }),
});
const covered = fc.integer({ min: 1, max: 8 });

describe("night price properties", () => {
  it("never adds a negative supplement", () => {
    fc.assert(
      fc.property(rates, covered, guests, (r, c, g) => {
        expect(nightSupplement(r, c, g)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("is today's price for guests the rate covers and no children", () => {
    fc.assert(
      fc.property(rates, covered, fc.integer({ min: 0, max: 8 }), (r, c, adults) => {
        fc.pre(adults <= c);
        expect(nightSupplement(r, c, { adults, children: 0 })).toBe(0);
      }),
    );
  });

  it("grows, never shrinks, with each adult or child more", () => {
    fc.assert(
      fc.property(rates, covered, guests, fc.boolean(), (r, c, g, adult) => {
        const more = adult ? { ...g, adults: g.adults + 1 } : { ...g, children: g.children + 1 };
        expect(nightSupplement(r, c, more)).toBeGreaterThanOrEqual(nightSupplement(r, c, g));
      }),
    );
  });

  it("keeps the total the sum of the nights, each night its rate plus its supplement", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        guests,
        (offset, nights, g) => {
          const checkIn = addDays("2026-12-10", offset);
          const base = quoteStay(400, [festive, weekend], "Deluxe", checkIn, addDays(checkIn, nights), {
            occupancy: room,
          });
          const quote = addSupplements(base, base.rates ?? [], room.coveredAdults, g);
          expect(quote.total).toBe(quote.nights.reduce((sum, night) => sum + night.price, 0));
          quote.nights.forEach((night, i) => {
            expect(night.price - (night.supplement ?? 0)).toBe(base.nights[i]!.price);
          });
        },
      ),
    );
  });
});

describe("a bill with supplements", () => {
  const stay: Chargeable = {
    kind: "booking",
    roomNumber: "101",
    roomType: "Deluxe",
    checkIn: "2026-03-02",
    checkOut: "2026-03-04",
    price: 625,
    totalPrice: 1250,
    kept: {
      nights: [
        { night: "2026-03-02", price: 625, rule: null, supplement: 225 },
        { night: "2026-03-03", price: 625, rule: null, supplement: 225 },
      ],
      taxes: [],
    },
  };

  it("names the supplements in the night's line and adds up to the kept total", () => {
    expect(chargeLines(stay).map((line) => [line.label, line.amount])).toEqual([
      ["Room 101 (Deluxe), 2 nights × K625, incl. K225 a night for extra guests", 1250],
    ]);
    expect(buildFolio(stay, []).total).toBe(1250);
  });

  it("names them on each night where the nights differ", () => {
    const nights = [
      { night: "2026-03-02", price: 625, rule: null, supplement: 225 },
      { night: "2026-03-03", price: 400, rule: null },
    ];
    const lines = chargeLines({ ...stay, totalPrice: 1025, kept: { nights, taxes: [] } });
    expect(lines.map((line) => [line.label, line.detail])).toEqual([
      ["Room 101 (Deluxe), 1 night × K625, incl. K225 for extra guests", "2026-03-02"],
      ["Room 101 (Deluxe), 1 night × K400", "2026-03-03"],
    ]);
  });
});
