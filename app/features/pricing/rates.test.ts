import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, nightsBetween } from "../../shared/dates.ts";
import {
  compareSpecificity,
  isoWeekday,
  priceNight,
  quoteStay,
  rulesForType,
  spreadTotal,
  stayRuleBreach,
  stayRuleHints,
  stayRuleOn,
  taxLabel,
  taxLines,
  timesRooms,
  type RateRule,
  type StayRule,
} from "./rates.ts";

const season: RateRule = {
  id: 1,
  name: "Festive season",
  roomTypes: [],
  startsOn: "2026-12-20",
  endsOn: "2027-01-05",
  weekdays: [],
  kind: "fixed",
  value: 600,
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

describe("quoteStay", () => {
  it("is nights × base rate where no rule applies (decisions.md 31)", () => {
    expect(quoteStay(400, [], "Deluxe", "2026-11-21", "2026-11-24")).toEqual({
      total: 1200,
      nights: [
        { night: "2026-11-21", price: 400, rule: null },
        { night: "2026-11-22", price: 400, rule: null },
        { night: "2026-11-23", price: 400, rule: null },
      ],
    });
  });

  it("counts a same-day stay as one night", () => {
    expect(quoteStay(350, [season], "Deluxe", "2026-12-20", "2026-12-20").total).toBe(600);
  });

  it("prices a stay across a season's start night by night, a weekend supplement on top of either price", () => {
    // Thu 17 Dec .. Tue 22 Dec 2026: Thu base, Fri base+20%, Sat base+20%, Sun base, Sun 20 season.
    const quote = quoteStay(400, [season, weekend], "Deluxe", "2026-12-17", "2026-12-22");
    expect(quote.nights).toEqual([
      { night: "2026-12-17", price: 400, rule: null },
      { night: "2026-12-18", price: 480, rule: "Weekend" },
      { night: "2026-12-19", price: 480, rule: "Weekend" },
      { night: "2026-12-20", price: 600, rule: "Festive season" },
      { night: "2026-12-21", price: 600, rule: "Festive season" },
    ]);
    expect(quote.total).toBe(2560);
    // Fri 25 Dec in the season: 600 + 20%.
    expect(priceNight(400, rulesForType([season, weekend], "Deluxe"), "Deluxe", "2026-12-25")).toEqual({
      night: "2026-12-25",
      price: 720,
      rule: "Festive season + Weekend",
    });
  });

  it("covers a rule's last night and not the night after", () => {
    const quote = quoteStay(400, [season], "Deluxe", "2027-01-05", "2027-01-07");
    expect(quote.nights.map((n) => n.price)).toEqual([600, 400]);
  });

  it("applies a rule only to its room types", () => {
    const suites = { ...season, id: 3, roomTypes: ["Suite"] };
    expect(quoteStay(400, [suites], "Deluxe", "2026-12-21", "2026-12-22").total).toBe(400);
    expect(quoteStay(400, [suites], "Suite", "2026-12-21", "2026-12-22").total).toBe(600);
  });

  it("takes changes by amount, rounds percentages half up and never goes below zero", () => {
    const discount: RateRule = { ...weekend, id: 4, weekdays: [], kind: "amount", value: -50 };
    expect(quoteStay(400, [discount], "Deluxe", "2026-03-02", "2026-03-03").total).toBe(350);
    const odd: RateRule = { ...discount, kind: "percent", value: 15 };
    expect(quoteStay(333, [odd], "Deluxe", "2026-03-02", "2026-03-03").total).toBe(383); // 382.95
    const free: RateRule = { ...discount, value: -1000 };
    expect(quoteStay(400, [free], "Deluxe", "2026-03-02", "2026-03-03").total).toBe(0);
  });

  it("multiplies each night for several rooms", () => {
    const quote = timesRooms(quoteStay(400, [weekend], "Deluxe", "2026-12-17", "2026-12-19"), 3);
    expect(quote.nights.map((n) => n.price)).toEqual([1200, 1440]);
    expect(quote.total).toBe(2640);
  });
});

describe("precedence", () => {
  const base = { ...season, kind: "fixed" as const };
  it("prefers weekdays, then fewer room types, then a shorter range, then the latest created", () => {
    const everyNight = { ...base, id: 10, value: 100 };
    const weekdaysOnly = { ...base, id: 11, weekdays: [1, 2, 3, 4, 5, 6, 7], value: 200 };
    // Listing all seven weekdays is as wide as none: the later created wins.
    expect(compareSpecificity(weekdaysOnly, everyNight)).toBeLessThan(0);
    expect(compareSpecificity({ ...weekdaysOnly, id: 9 }, everyNight)).toBeGreaterThan(0);
    const fridays = { ...base, id: 12, weekdays: [5], value: 300 };
    const oneType = { ...base, id: 13, roomTypes: ["Deluxe"], value: 400 };
    const shorter = { ...base, id: 14, endsOn: "2026-12-31", value: 500 };
    const later = { ...base, id: 15, value: 600 };
    expect(compareSpecificity(fridays, oneType)).toBeLessThan(0);
    expect(compareSpecificity(oneType, shorter)).toBeLessThan(0);
    expect(compareSpecificity(shorter, later)).toBeLessThan(0);
    expect(compareSpecificity(later, everyNight)).toBeLessThan(0);
    const rules = [everyNight, later, shorter, oneType, fridays];
    // Friday 25 December: the Fridays rule; Saturday 26: the one-type rule.
    expect(priceNight(50, rulesForType(rules, "Deluxe"), "Deluxe", "2026-12-25").price).toBe(300);
    expect(priceNight(50, rulesForType(rules, "Deluxe"), "Deluxe", "2026-12-26").price).toBe(400);
    expect(priceNight(50, rulesForType(rules, "Suite"), "Suite", "2026-12-26").price).toBe(500);
    expect(priceNight(50, rulesForType(rules, "Suite"), "Suite", "2027-01-02").price).toBe(600);
  });
});

// Any date from 2024 to 2030, leap years included.
const isoDate = fc
  .integer({ min: Date.UTC(2024, 0, 1) / 86_400_000, max: Date.UTC(2030, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const weekdays = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 });
const rateRule = (id: number) =>
  fc
    .record({
      startsOn: isoDate,
      span: fc.integer({ min: 0, max: 90 }),
      weekdays,
      kind: fc.constantFrom("fixed" as const, "percent" as const, "amount" as const),
      value: fc.integer({ min: -50, max: 900 }),
      types: fc.subarray(["Deluxe", "Suite"]),
    })
    .map(({ startsOn, span, weekdays, kind, value, types }): RateRule => ({
      id,
      name: `Rule ${id}`,
      roomTypes: types,
      startsOn,
      endsOn: addDays(startsOn, span),
      weekdays,
      kind,
      value,
    }));
const rateRules = fc
  .array(fc.nat(), { maxLength: 6 })
  .chain((ids) => fc.tuple(...ids.map((_, i) => rateRule(i + 1))));
const stay = fc.record({ checkIn: isoDate, nights: fc.integer({ min: 0, max: 40 }) });

/** The price a night must have, written the slow, obvious way. */
function oracle(base: number, rules: RateRule[], type: string, night: string): number {
  const applies = rules.filter(
    (rule) =>
      night >= rule.startsOn &&
      night <= rule.endsOn &&
      (rule.roomTypes.length === 0 || rule.roomTypes.includes(type)) &&
      (rule.weekdays.length === 0 || rule.weekdays.includes(isoWeekday(night))),
  );
  const best = (kinds: string[]) =>
    applies.filter((rule) => kinds.includes(rule.kind)).sort(compareSpecificity)[0];
  const fixed = best(["fixed"]);
  const change = best(["percent", "amount"]);
  let price = fixed ? fixed.value : base;
  if (change)
    price =
      change.kind === "percent" ? Math.round((price * (100 + change.value)) / 100) : price + change.value;
  return Math.max(0, price);
}

describe("quoteStay properties", () => {
  it("prices every night as the rules in force on it say, across season edges, month ends and 29 February", () => {
    fc.assert(
      fc.property(rateRules, stay, fc.constantFrom("Deluxe", "Suite"), (rules, { checkIn, nights }, type) => {
        const checkOut = addDays(checkIn, nights);
        const quote = quoteStay(400, rules, type, checkIn, checkOut);
        expect(quote.nights).toHaveLength(nightsBetween(checkIn, checkOut));
        expect(quote.total).toBe(quote.nights.reduce((sum, n) => sum + n.price, 0));
        quote.nights.forEach((night, i) => {
          expect(night.night).toBe(addDays(checkIn, i));
          expect(night.price).toBe(oracle(400, rules, type, night.night));
        });
      }),
    );
  });

  it("is nights × rate when no rule touches the stay", () => {
    fc.assert(
      fc.property(stay, fc.integer({ min: 0, max: 5000 }), ({ checkIn, nights }, rate) => {
        const checkOut = addDays(checkIn, nights);
        expect(quoteStay(rate, [], "Deluxe", checkIn, checkOut).total).toBe(
          nightsBetween(checkIn, checkOut) * rate,
        );
      }),
    );
  });

  it("splits at a season's start and end: nights before and after are the base rate", () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 10 }),
        (startsOn, span, margin) => {
          const rule: RateRule = { ...season, startsOn, endsOn: addDays(startsOn, span) };
          const checkIn = addDays(startsOn, -margin);
          const quote = quoteStay(400, [rule], "Deluxe", checkIn, addDays(rule.endsOn, margin + 1));
          const inSeason = quote.nights.filter((n) => n.price === 600);
          expect(inSeason).toHaveLength(span + 1);
          expect(inSeason[0]?.night).toBe(startsOn);
          expect(inSeason.at(-1)?.night).toBe(rule.endsOn);
          expect(quote.nights.length - inSeason.length).toBe(2 * margin);
        },
      ),
    );
  });

  it("a weekday rule prices exactly the nights on its weekdays, over month ends and leap days", () => {
    fc.assert(
      fc.property(
        stay,
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 6 }),
        ({ checkIn, nights }, days) => {
          const rule: RateRule = {
            ...weekend,
            startsOn: "2024-01-01",
            endsOn: "2031-12-31",
            weekdays: days,
            kind: "amount",
            value: 100,
          };
          const quote = quoteStay(400, [rule], "Deluxe", checkIn, addDays(checkIn, nights));
          for (const night of quote.nights) {
            expect(night.price).toBe(days.includes(isoWeekday(night.night)) ? 500 : 400);
          }
        },
      ),
    );
    // 29 February 2028 is a Tuesday.
    expect(isoWeekday("2028-02-29")).toBe(2);
  });
});

const minTwo: StayRule = {
  id: 1,
  name: "Festive minimum",
  roomTypes: [],
  startsOn: "2026-12-20",
  endsOn: "2027-01-05",
  minNights: 2,
  maxNights: null,
  closedToArrival: [],
};

describe("stay rules", () => {
  it("says the rule as guests read it", () => {
    expect(stayRuleBreach([minTwo], "Deluxe", "2026-12-20", "2026-12-21")).toBe(
      "Minimum stay 2 nights from 20 December to 5 January",
    );
    expect(stayRuleBreach([minTwo], "Deluxe", "2026-12-20", "2026-12-22")).toBeNull();
  });

  it("applies the rule in force on the arrival night to the whole stay", () => {
    // Arrival on the rule's last night: its minimum holds though the stay runs past it.
    expect(stayRuleBreach([minTwo], "Deluxe", "2027-01-05", "2027-01-06")).not.toBeNull();
    // Arrival the night before it starts: no rule, though the stay runs into it.
    expect(stayRuleBreach([minTwo], "Deluxe", "2026-12-19", "2026-12-20")).toBeNull();
  });

  it("refuses a one-night stay after /reservation's clamp (check-out = check-in)", () => {
    expect(stayRuleBreach([minTwo], "Deluxe", "2026-12-24", "2026-12-24")).toBe(
      "Minimum stay 2 nights from 20 December to 5 January",
    );
    expect(stayRuleBreach([{ ...minTwo, minNights: 1 }], "Deluxe", "2026-12-24", "2026-12-24")).toBeNull();
  });

  it("refuses too long stays and arrival on closed days", () => {
    const rule = { ...minTwo, minNights: null, maxNights: 3, closedToArrival: [6] };
    expect(stayRuleBreach([rule], "Deluxe", "2026-12-21", "2026-12-25")).toBe(
      "Maximum stay 3 nights from 20 December to 5 January",
    );
    expect(stayRuleBreach([rule], "Deluxe", "2026-12-26", "2026-12-27")).toBe(
      "No arrivals on Saturdays from 20 December to 5 January",
    );
  });

  it("takes the most specific rule on the arrival night", () => {
    const suites = { ...minTwo, id: 2, roomTypes: ["Suite"], minNights: 4 };
    expect(stayRuleOn([minTwo, suites], "Suite", "2026-12-24")?.minNights).toBe(4);
    expect(stayRuleOn([minTwo, suites], "Deluxe", "2026-12-24")?.minNights).toBe(2);
  });

  it("holds for any stay: refused exactly when the arrival night's rule is broken", () => {
    fc.assert(
      fc.property(
        stay,
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 20 }),
        ({ checkIn, nights }, min, span) => {
          const rule = { ...minTwo, startsOn: checkIn, endsOn: addDays(checkIn, span), minNights: min };
          const checkOut = addDays(checkIn, nights);
          const refused = stayRuleBreach([rule], "Deluxe", checkIn, checkOut) !== null;
          expect(refused).toBe(nightsBetween(checkIn, checkOut) < min);
          // The day after the rule ends, nothing is refused.
          expect(
            stayRuleBreach([rule], "Deluxe", addDays(rule.endsOn, 1), addDays(rule.endsOn, 1)),
          ).toBeNull();
          expect(daysBetween(rule.startsOn, rule.endsOn)).toBe(span);
        },
      ),
    );
  });
});

describe("taxLines", () => {
  const registered = { vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 };
  it("finds the taxes contained in a tax-inclusive total", () => {
    // Net 1000: VAT 160, levy 15, total 1175.
    expect(taxLines(1175, registered)).toEqual([
      { kind: "vat", rateBp: 1600, amount: 160 },
      { kind: "levy", rateBp: 150, amount: 15 },
    ]);
  });

  it("shows no VAT line for a lodge that is not registered, and no levy when not levied", () => {
    expect(taxLines(1015, { ...registered, vatRegistered: false })).toEqual([
      { kind: "levy", rateBp: 150, amount: 15 },
    ]);
    expect(taxLines(1160, registered, false)).toEqual([{ kind: "vat", rateBp: 1600, amount: 160 }]);
  });

  it("never claims more tax than the total holds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 1000 }),
        (total, vat, levy) => {
          const lines = taxLines(total, { vatRegistered: true, vatRateBp: vat, levyRateBp: levy });
          const sum = lines.reduce((s, line) => s + line.amount, 0);
          expect(sum).toBeLessThanOrEqual(total + 1);
          for (const line of lines)
            expect(line.amount).toBe(Math.round((total * line.rateBp) / (10_000 + vat + levy)));
        },
      ),
    );
  });

  it("labels lines with their rate", () => {
    expect(taxLabel({ kind: "vat", rateBp: 1600 })).toBe("VAT 16%");
    expect(taxLabel({ kind: "levy", rateBp: 150 })).toBe("Tourism levy 1.5%");
  });
});

describe("spreadTotal", () => {
  it("keeps the nights' proportions and sums to the new total", () => {
    expect(spreadTotal([400, 400, 600], 1500)).toEqual([429, 428, 643]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 200_000 }),
        (prices, total) => {
          const shares = spreadTotal(prices, total);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          expect(shares.every((share) => share >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe("stayRuleHints", () => {
  const suites: StayRule = { ...minTwo, id: 2, name: "Suites", roomTypes: ["Suite"], minNights: 3 };
  const later: StayRule = {
    ...minTwo,
    id: 3,
    startsOn: "2027-03-01",
    endsOn: "2027-03-10",
    minNights: null,
    maxNights: 7,
  };
  it("shows the coming rules before dates are chosen, naming their room types", () => {
    expect(
      stayRuleHints([later, minTwo, suites], null, { checkIn: "2026-11-25", chosen: false }, "2026-11-25"),
    ).toEqual([
      "Minimum stay 2 nights from 20 December to 5 January",
      "Suite: Minimum stay 3 nights from 20 December to 5 January",
      "Maximum stay 7 nights from 1 March to 10 March",
    ]);
  });

  it("shows the rule in force on the arrival night once dates are chosen", () => {
    const stay = { checkIn: "2026-12-24", chosen: true };
    expect(stayRuleHints([minTwo, suites, later], "Suite", stay, "2026-11-25")).toEqual([
      "Minimum stay 3 nights from 20 December to 5 January",
    ]);
    expect(
      stayRuleHints([minTwo, later], "Deluxe", { checkIn: "2027-02-01", chosen: true }, "2026-11-25"),
    ).toEqual([]);
  });
});
